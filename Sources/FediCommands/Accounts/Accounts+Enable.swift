import ArgumentParser
import FediCore

extension Accounts {
    public struct Enable: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "enable",
            abstract: "Re-enable the login of an account whose login was disabled.",
            discussion: """
                Mastodon; on Pleroma and Akkoma it reactivates a deactivated account. Shows the account afterwards.

                Examples:
                  $ fedictl accounts enable 109876543210
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await AccountSteps(ctx).undoAccountAction(
                .enable, .accountsEnable, account: target.account)
        }
    }
}

extension Accounts.Enable: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalBefore: String? { "disabled" }
    public var journalAfter: String? { "enabled" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "disable"]
    }
}
