import ArgumentParser
import FediCore

extension Reports {
    public struct Assign: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "assign",
            abstract: "Assign a report to yourself.",
            discussion: """
                Tells the other moderators you are handling it. Mastodon only: GoToSocial, Pleroma and Akkoma \
                have no assignment, and Misskey assigns a report to whoever resolves it.

                Examples:
                  $ fedictl reports assign 123
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try await ReportView.change(.reportsAssign, .assign, in: ctx, done: "Assigned report \(id)", id: id)
        }
    }
}

extension Reports.Assign: JournaledCommand {
    public var journalTarget: String? { id }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["reports", "unassign", id] }
}
