import ArgumentParser
import FediCore

extension Accounts {
    public struct Unsilence: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "unsilence",
            abstract: "Lift a silence (limit) from an account.",
            discussion: """
                Mastodon; on Pleroma and Akkoma it removes the mrf_tag:force-unlisted and mrf_tag:sandbox tags. \
                Shows the account afterwards.

                Examples:
                  $ fedictl accounts unsilence 109876543210
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await AccountSteps(ctx).undoAccountAction(
                .unsilence, .accountsUnsilence, account: target.account)
        }
    }
}

extension Accounts.Unsilence: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalBefore: String? { "silenced" }
    public var journalAfter: String? { "unsilenced" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "silence"]
    }
}
