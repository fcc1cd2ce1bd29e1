import ArgumentParser
import FediCore

extension Filters {
    public struct Delete: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a filter with its keywords.",
            discussion: """
                Asks first on a terminal; elsewhere pass --yes. Prints the filter as it was.

                Examples:
                  $ fedictl filters delete 12
                  $ fedictl filters delete 12 --yes -o json
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: FilterArgument

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Filter.self)
            let current = try await ctx.with(.filters) { filters in
                let current = try await filters.filter(id: target.filter)
                try ctx.confirm("Delete filter \(target.filter) (\(current.value.title))?")
                try await filters.delete(id: target.filter)
                return current
            }
            ctx.status("Deleted filter \(target.filter) (\(current.value.title)).")
            try ctx.output.item(current)
        }
    }
}

extension Filters.Delete: JournaledCommand {
    public var journalTarget: String? { target.filter }
    /// The deleted filter's keywords and settings are not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
