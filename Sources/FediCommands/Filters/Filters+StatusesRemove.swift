import ArgumentParser
import FediCore

extension Filters.Statuses {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a post from its filter.",
            discussion: """
                Takes the entry's own id, as `filters show` lists it (`post 1098… (#7)`), not the post's id.

                Examples:
                  $ fedictl filters statuses remove 7
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The entry's id (see `filters show`).", valueName: "id"))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try await ctx.with(.filters) { filters in try await filters.removeStatus(id: id) }
            ctx.status("Removed post entry \(id) from its filter.")
        }
    }
}

extension Filters.Statuses.Remove: JournaledCommand {
    /// The removed entry's post is not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
