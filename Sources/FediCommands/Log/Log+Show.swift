import ArgumentParser
import FediCore

extension Log {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one journal entry in full, with the command that undoes it.",
            discussion: """
                ID is an entry's id from `fedictl log`, or a unique prefix of it.

                Examples:
                  $ fedictl log show 3f2a9c
                  $ fedictl log show 3f2a9c -o json | jq -r .undo | sh
                """,
            aliases: ["view"])

        /// One entry, by its id: shown once, whatever the selection (a group default included).
        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The entry's id, or a unique prefix of it.", completion: .custom(JournalCompletion.candidates))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: JournalEntryDetail.self)
            let entry = try Log.entry(id, in: try await LogSteps(ctx).readJournal())
            try ctx.output.item(JournalEntryDetail(entry: entry))
        }
    }
}
