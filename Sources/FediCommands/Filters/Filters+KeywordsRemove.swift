import ArgumentParser
import FediCore

extension Filters.Keywords {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a keyword from its filter.",
            discussion: """
                Takes the keyword's own id, as `filters show` lists it (`ballot (#31)`); the filter stays.

                Examples:
                  $ fedictl filters keywords remove 31
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The keyword's id (see `filters show`).", valueName: "keyword-id"))
        public var keyword: String

        public func run(in ctx: CommandContext) async throws {
            try await ctx.with(.filters) { filters in try await filters.removeKeyword(id: keyword) }
            ctx.status("Removed keyword \(keyword).")
        }
    }
}

extension Filters.Keywords.Remove: JournaledCommand {
    /// The removed keyword's text is not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
