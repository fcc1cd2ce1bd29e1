import ArgumentParser
import FediCore

extension Filters.Statuses {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a post to a filter.",
            discussion: """
                Prints the new entry with its id (which `filters statuses remove` takes).

                Examples:
                  $ fedictl filters statuses add 12 109876543210
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: FilterArgument

        @Argument(help: ArgumentHelp("The post's id on this server.", valueName: "status-id"))
        public var status: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: FilterStatus.self)
            let added = try await ctx.with(.filters) { filters in
                try await filters.addStatus(filterID: target.filter, statusID: status)
            }
            try ctx.output.item(added)
        }
    }
}

extension Filters.Statuses.Add: JournaledCommand {
    /// The entry's id is only in the server's answer.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
