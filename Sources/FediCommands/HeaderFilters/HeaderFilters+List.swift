import ArgumentParser
import FediCore

extension HeaderFilters {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the header filters (both lists unless --allow or --block).",
            discussion: """
                Examples:
                  $ fedictl header-filters list
                  $ fedictl header-filters list --block -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var list: HeaderFilterList

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: HeaderFilter.self)
            let filters = try await ctx.with(.headerFilters(.headerFiltersList)) { client in
                var filters: [HeaderFilter] = []
                for kind in list.kinds { filters += try await client.headerFilters(kind) }
                return filters
            }
            if filters.isEmpty, ctx.output.settings.format == .table, ctx.output.settings.isTTY {
                return ctx.status("No header filters.")
            }
            try ctx.output.list(filters)
        }
    }
}
