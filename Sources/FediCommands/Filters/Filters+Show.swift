import ArgumentParser
import FediCore

extension Filters {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one filter with its keywords and posts.",
            discussion: """
                Keywords are listed as `word (#id)`, posts as `post STATUS (#id)`: the ids are what \
                `filters keywords remove` and `filters statuses remove` take.

                Examples:
                  $ fedictl filters show 12
                  $ fedictl filters show 12 -o json
                """,
            aliases: ["view"])

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: FilterArgument

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Filter.self)
            let fetched = try await ctx.with(.filters) { filters in try await filters.filter(id: target.filter) }
            try ctx.output.item(fetched)
        }
    }
}
