import ArgumentParser
import FediCore

extension Accounts {
    public struct Unsensitive: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "unsensitive",
            abstract: "Stop forcing an account's media sensitive.",
            discussion: """
                Mastodon 3.3 and later; on Pleroma and Akkoma it removes the mrf_tag:media-force-nsfw tag. Shows the \
                account afterwards.

                Examples:
                  $ fedictl accounts unsensitive 109876543210
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await AccountSteps(ctx).undoAccountAction(
                .unsensitive, .accountsUnsensitive, account: target.account)
        }
    }
}

extension Accounts.Unsensitive: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "sensitive"]
    }
}
