import ArgumentParser
import FediCore

extension Reports {
    public struct Unassign: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "unassign",
            abstract: "Take a report off whoever it is assigned to.",
            discussion: """
                Mastodon only, like reports assign.

                Examples:
                  $ fedictl reports unassign 123
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try await ReportView.change(.reportsUnassign, .unassign, in: ctx, done: "Unassigned report \(id)", id: id)
        }
    }
}

extension Reports.Unassign: JournaledCommand {
    public var journalTarget: String? { id }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["reports", "assign", id] }
}
