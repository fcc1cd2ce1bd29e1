import ArgumentParser
import FediCore

extension Blocks {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the accounts you block.",
            discussion: """
                Reads /api/v1/blocks (Misskey family: blocking/list), page by page.

                Examples:
                  $ fedictl blocks list
                  $ fedictl blocks list --all -o csv > blocked.csv
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var listLimit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try await ctx.with(.relationships(.blocks)) { relationships in
                try await Listing(ctx).printPages(of: Account.self, empty: "You block no one.", limit: listLimit) {
                    onPage in
                    try await relationships.blocks(limit: listLimit.count, onPage: onPage)
                }
            }
        }
    }
}
