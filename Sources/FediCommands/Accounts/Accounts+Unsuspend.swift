import ArgumentParser
import FediCore

extension Accounts {
    public struct Unsuspend: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "unsuspend",
            abstract: "Lift a suspension.",
            discussion: """
                Mastodon, the Misskey family, and Pleroma and Akkoma (reactivation). GoToSocial suspensions cannot \
                be undone. Shows the account afterwards.

                Examples:
                  $ fedictl accounts unsuspend 109876543210
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await AccountSteps(ctx).undoAccountAction(
                .unsuspend, .accountsUnsuspend, account: target.account)
        }
    }
}

extension Accounts.Unsuspend: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalBefore: String? { "suspended" }
    public var journalAfter: String? { "unsuspended" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "suspend"]
    }
}
