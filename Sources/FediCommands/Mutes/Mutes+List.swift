import ArgumentParser
import FediCore

extension Mutes {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the accounts you mute, with when each mute ends.",
            discussion: """
                Reads /api/v1/mutes (Misskey family: mute/list), page by page. The expires column is blank for \
                a mute without an end, and where the server does not say.

                Examples:
                  $ fedictl mutes list
                  $ fedictl mutes list --all -o json | jq -r '.[] | select(.mute_expires_at) | .acct'
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var listLimit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try await ctx.with(.relationships(.mutes)) { relationships in
                try await Listing(ctx).printPages(of: MutedAccount.self, empty: "You mute no one.", limit: listLimit) {
                    onPage in
                    try await relationships.mutes(limit: listLimit.count, onPage: onPage)
                }
            }
        }
    }
}
