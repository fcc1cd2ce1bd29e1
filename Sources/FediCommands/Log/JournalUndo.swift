import FediCore

/// How each kind of change is undone: the command that puts its subject back exactly as it was, and
/// how `log undo` reads the subject's state now, to refuse undoing what someone changed since.
enum JournalUndo {
    struct Plan {
        var arguments: [String]?
        /// Why there is none, where the software cannot do it.
        var why: String?
    }

    static func arguments(for note: JournalNote, server: ServerInfo?) -> Plan {
        switch note.subject {
        case JournalNote.domainBlock: domainBlock(note)
        default: Plan(arguments: nil, why: nil)
        }
    }

    /// A created block is lifted; a changed or lifted one is brought back with every setting it had,
    /// both comments included (`add` updates an existing block to exactly the settings given).
    static func domainBlock(_ note: JournalNote) -> Plan {
        guard let before = note.before else {
            return Plan(arguments: ["domain-blocks", "remove", note.target], why: nil)
        }
        var words = ["domain-blocks", "add", note.target]
        for field in before {
            let flag = "--" + field.name.replacing("_", with: "-")
            switch field.name {
            case "severity": words += [flag, field.value]
            case _ where field.isText: words += [flag, field.value]
            default: words.append(field.value == "yes" ? flag : "--no-" + flag.dropFirst(2))
            }
        }
        return Plan(arguments: words, why: nil)
    }

    /// The subject of `entry` as its server has it now, in the entry's words (`none`: there is none);
    /// nil where fedictl cannot read it back.
    static func currentState(of entry: JournalEntry, in ctx: CommandContext) async throws -> String? {
        guard let target = entry.target else { return nil }
        switch entry.subject {
        case JournalNote.domainBlock?:
            return try await ctx.withDomainBlocks(.domainBlocksList) { adapter in
                let block = try await adapter.list(limit: nil, onPage: nil).first(named: target)
                return JournalNote.text(block.map { JournalNote.state(of: $0) })
            }
        default:
            return nil
        }
    }
}
