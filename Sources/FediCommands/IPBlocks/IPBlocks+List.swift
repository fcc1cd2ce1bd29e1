import ArgumentParser
import FediCore

extension IPBlocks {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the blocked IP addresses and ranges.",
            discussion: """
                Examples:
                  $ fedictl ip-blocks list
                  $ fedictl ip-blocks list --all -o csv
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: IPBlock.self)
            try await ctx.with(.ipBlocks(.ipBlocksList)) { client in
                try await Listing(ctx).printPages(of: IPBlock.self, empty: "No IP blocks.", limit: limit) { onPage in
                    try await client.ipBlocks(limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
