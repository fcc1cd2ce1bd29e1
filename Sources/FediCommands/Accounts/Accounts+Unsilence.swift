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

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await AccountSteps(ctx).undoAccountAction(.unsilence, .accountsUnsilence, account: target.account,
                                                          lift: "unsilence")
        }
    }
}
