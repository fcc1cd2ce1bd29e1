import ArgumentParser
import FediCore

extension Filters {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the selected account's filters.",
            discussion: """
                Shows each filter's id, title, action, places and keywords (with the keyword ids that \
                `filters keywords remove` takes). On v1 servers each filter is one phrase.

                Examples:
                  $ fedictl filters list
                  $ fedictl filters list -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Filter.self)
            let fetched = try await ctx.with(.filters) { filters in try await filters.list() }
            try ctx.output.list(fetched)
        }
    }
}
