import ArgumentParser
import FediCore

extension Reports {
    public struct Note: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Add a moderators' note to a report.",
            discussion: """
                Pleroma and Akkoma keep a list of notes per report; the Misskey family keeps one, which this \
                replaces. Mastodon's report notes have no API.

                Examples:
                  $ fedictl reports note Aq0e8GN2NgeIHNbOoa "Looks like the usual watch spam."
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        @Argument(help: "The note.")
        public var text: String

        public func validate() throws {
            if text.trimmed().isEmpty { throw ValidationError("the note is empty") }
        }

        public func run(in ctx: CommandContext) async throws {
            try await ReportView.change(.reportsNote, .note(text), in: ctx, done: "Noted on report \(id)", id: id)
        }
    }
}

extension Reports.Note: JournaledCommand {
    public var journalTarget: String? { id }
    /// The note's id is only in the server's answer; fedictl deletes no notes.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
