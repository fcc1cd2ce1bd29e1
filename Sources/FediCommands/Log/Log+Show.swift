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
              $ fedictl log show 3f2a9c -o json | jq -r .undo
            """,
            aliases: ["view"])

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The entry's id, or a unique prefix of it.")
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: JournalEntryDetail.self)
            let wanted = id.lowercased()
            let entries = try await ctx.readJournal()
            if let exact = entries.first(where: { $0.id == wanted }) { return try ctx.output.item(JournalEntryDetail(entry: exact)) }
            let matches = entries.filter { $0.id.hasPrefix(wanted) }
            guard let entry = matches.first else {
                throw FediError(.noInput, "no journal entry \(id)", hint: "`fedictl log` lists the entries and their ids")
            }
            guard matches.count == 1 else {
                throw FediError(.usage, "'\(id)' starts \(matches.count) journal entries' ids",
                                hint: "give more of the id: \(matches.prefix(5).map(\.id).joined(separator: ", "))")
            }
            try ctx.output.item(JournalEntryDetail(entry: entry))
        }
    }
}
