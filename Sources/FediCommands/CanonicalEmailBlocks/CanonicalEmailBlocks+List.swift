import ArgumentParser
import FediCore

extension CanonicalEmailBlocks {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the blocked canonical e-mail hashes.",
            discussion: """
                Examples:
                  $ fedictl canonical-email-blocks list --all
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: CanonicalEmailBlock.self)
            try await ctx.with(.canonicalEmailBlocks(.canonicalEmailBlocksList)) { client in
                try await Listing(ctx).printPages(
                    of: CanonicalEmailBlock.self, empty: "No canonical e-mail blocks.", limit: limit
                ) { onPage in
                    try await client.canonicalEmailBlocks(limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
