import FediCore
import FediOutput

extension JournalEntry: Tabular {
    public static let columns: [Column<JournalEntry>] = [
        Column("id") { .text($0.id) },
        Column("time") { .date($0.time) },
        Column("account") { .text($0.account ?? $0.server) },
        Column("verb") { .text($0.verb) },
        Column("target", kind: .identifier) { .text($0.target) },
        // `ok 113456789012345678` names what was made: shown whole or not at all.
        Column("outcome", kind: .identifier, priority: .normal) { .text($0.outcomeText) },
        Column("source", default: false) { .text($0.source ?? "local") },
        Column("server", default: false) { .text($0.server) },
        Column("software", default: false) {
            .text([$0.software, $0.softwareVersion].compactMap { $0 }.joined(separator: " "))
        },
        Column("before", default: false) { .text($0.before) },
        Column("after", default: false) { .text($0.after) },
        Column("request", default: false) { .text($0.request) },
        Column("created_id", default: false) { .text($0.createdID) },
        Column("message", default: false) { .text($0.message) },
        Column("command", default: false) { .text($0.command) },
        Column("undo", default: false) { .text($0.undo) },
        Column("no_undo", default: false) { .text($0.noUndo) },
        Column("subject", default: false) { .text($0.subject) },
        Column("reason", default: false) { .text($0.reason) },
        Column("undoes", default: false) { .text($0.undoes) },
        Column("run", default: false) { .text($0.run) },
        Column("fedictl_version", default: false) { .text($0.fedictlVersion) },
    ]

    /// `ok`, `ok 123` (the created id), or `error 403 permission`.
    var outcomeText: String {
        switch outcome {
        case .ok: createdID.map { "ok \($0)" } ?? "ok"
        case .error: (["error"] + [httpStatus.map(String.init), errorKind].compactMap { $0 }).joined(separator: " ")
        // An intent with no outcome: the run was killed with the write in flight (sent or not).
        case .pending: "unknown (cut short)"
        }
    }
}

/// One entry with every field shown (`fedictl log show`); its JSON is the entry's own.
struct JournalEntryDetail: Tabular {
    var entry: JournalEntry

    static let columns: [Column<JournalEntryDetail>] = JournalEntry.columns.map { column in
        Column(column.key, column.header) { column.value($0.entry) }
    }

    func encode(to encoder: Encoder) throws { try entry.encode(to: encoder) }
}
