import ArgumentParser
import FediCore

extension Reports {
    public struct Reopen: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "reopen",
            abstract: "Put a resolved report back in the queue.",
            discussion: """
                Mastodon, Pleroma and Akkoma (which set its state back to open).

                Examples:
                  $ fedictl reports reopen 123
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try await ReportView.change(.reportsReopen, .reopen, in: ctx, done: "Reopened report \(id)", id: id)
        }
    }
}

extension Reports.Reopen: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalBefore: String? { "resolved" }
    public var journalAfter: String? { "open" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["reports", "resolve", id] }
}
