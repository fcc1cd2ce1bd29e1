import FediCore

/// How each kind of change is undone: the command that puts its subject back exactly as it was, and
/// how `log undo` reads the subject's state now, to refuse undoing what someone changed since.
enum JournalUndo {
    struct Plan {
        var arguments: [String]?
        /// Why there is none, where the software cannot do it.
        var why: String?
    }

    /// `actor`: who made the change (`@user@host`), for an unassignment.
    static func arguments(for note: JournalNote, server: ServerInfo?, actor: String? = nil) -> Plan {
        switch note.subject {
        case JournalNote.domainBlock: domainBlock(note)
        case JournalNote.account: account(note)
        case JournalNote.report: report(note, actor: actor)
        case JournalNote.instanceRule: instanceRule(note)
        case JournalNote.domainDraft: domainDraft(note)
        case JournalNote.domainExclude: domainExclude(note)
        case JournalNote.domainAllow: domainAllow(note)
        case JournalNote.domainSubscription: domainSubscription(note)
        case JournalNote.trend: trend(note)
        case JournalNote.status: status(note)
        case JournalNote.signUp:
            Plan(
                arguments: nil,
                why: note.after == nil
                    ? "a rejected sign-up is deleted by the server: it cannot be brought back"
                    : "an approval cannot be taken back: suspend or disable the account instead")
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
            // Put back by a person, the block is theirs again: sync's stamp stays out, so a later
            // `sync --lift-retracted` leaves it alone.
            case "private_comment": words += [flag, SyncStamp.stripped(field.value)]
            case _ where field.isText: words += [flag, field.value]
            default: words.append(field.value == "yes" ? flag : "--no-" + flag.dropFirst(2))
            }
        }
        return Plan(arguments: words, why: nil)
    }

    /// The flag the action set is lifted (`accounts unsuspend ID`), the one it lifted set again; a
    /// warning, or an action on an account that already had the flag, changed nothing to put back.
    static func account(_ note: JournalNote) -> Plan {
        guard let id = note.id else { return Plan(arguments: nil, why: nil) }
        for flag in JournalNote.flags {
            let was = JournalNote.value(flag.name, in: note.before)
            let now = JournalNote.value(flag.name, in: note.after)
            guard was != now else { continue }
            let words =
                now == "yes"
                ? ["accounts", flag.lift, id]
                : ["accounts", "action", id, "--type", flag.kind.rawValue]
            return Plan(arguments: words, why: nil)
        }
        let why =
            note.before == note.after
            ? "the account's state did not change (a warning, or a flag it already had): nothing to put back" : nil
        return Plan(arguments: nil, why: why)
    }

    /// An approval is undone by a rejection and the other way round: Mastodon has no way back to
    /// "awaiting review", so a decision on a pending trend is undone by the opposite decision.
    static func trend(_ note: JournalNote) -> Plan {
        guard let id = note.id,
            let kind = note.target.split(separator: " ").first.flatMap({ Trend.Kind(rawValue: String($0)) })
        else { return Plan(arguments: nil, why: nil) }
        let before = JournalNote.value("review", in: note.before)
        let after = JournalNote.value("review", in: note.after)
        guard before != after else {
            return Plan(arguments: nil, why: "the trend was \(after ?? "reviewed") already: nothing to put back")
        }
        return Plan(arguments: ["trends", kind.plural, after == "approved" ? "reject" : "approve", id], why: nil)
    }

    /// A post marked sensitive is unmarked and the other way round; a visibility changed is set back
    /// to the one it had. A deleted post is gone on the server (and on every server it reached).
    static func status(_ note: JournalNote) -> Plan {
        guard let id = note.id else { return Plan(arguments: nil, why: nil) }
        guard let after = note.after else {
            return Plan(arguments: nil, why: "a deleted post cannot be brought back")
        }
        let was = (
            sensitive: JournalNote.value("sensitive", in: note.before),
            visibility: JournalNote.value("visibility", in: note.before)
        )
        let now = (
            sensitive: JournalNote.value("sensitive", in: after), visibility: JournalNote.value("visibility", in: after)
        )
        if was.sensitive != now.sensitive, let sensitive = was.sensitive {
            return Plan(arguments: ["statuses", sensitive == "yes" ? "sensitive" : "unsensitive", id], why: nil)
        }
        if was.visibility != now.visibility, let visibility = was.visibility, visibility != "unknown" {
            return Plan(arguments: ["statuses", "visibility", id, "--to", visibility], why: nil)
        }
        return Plan(arguments: nil, why: "the post was like this already: nothing to put back")
    }

    /// A resolve is undone by a reopen and the other way round; an assignment by the opposite, where
    /// the report had no one (or you) before: a moderator can assign a report only to themselves.
    static func report(_ note: JournalNote, actor: String?) -> Plan {
        guard let id = note.id else { return Plan(arguments: nil, why: nil) }
        let state = JournalNote.value("state", in: note.before)
        let assignee = JournalNote.value("assigned_to", in: note.before)
        if state != JournalNote.value("state", in: note.after) {
            return Plan(arguments: ["reports", state == "open" ? "reopen" : "resolve", id], why: nil)
        }
        let now = JournalNote.value("assigned_to", in: note.after)
        guard assignee != now, let assignee, let now else { return Plan(arguments: nil, why: nil) }
        if assignee == "none" { return Plan(arguments: ["reports", "unassign", id], why: nil) }
        if now == "none", assignee == actor { return Plan(arguments: ["reports", "assign", id], why: nil) }
        return Plan(
            arguments: nil,
            why: "the report was assigned to \(assignee), and a moderator can assign a report "
                + "only to themselves: ask \(assignee) to take it back")
    }

    /// The subject of `entry` as its server has it now, in the entry's words (`none`: there is none);
    /// nil where fedictl cannot read it back.
    static func currentState(of entry: JournalEntry, in ctx: CommandContext) async throws -> String? {
        guard let target = entry.target else { return nil }
        switch entry.subject {
        case JournalNote.domainBlock?:
            return try await ctx.with(.domainBlocks(.domainBlocksList)) { adapter in
                let block = try await adapter.list(limit: nil, onPage: nil).first(named: target)
                return JournalNote.text(block.map { JournalNote.state(of: $0) })
            }
        case ConfigChange.groupSubject?:
            let name = String(target.dropFirst("group ".count))
            return ConfigChange.groupState(try ctx.logins.load().group(named: name)?.members)
        case JournalNote.account?:
            guard let id = entry.subjectID else { return nil }
            return try await ctx.with(.accounts(.accountsShow)) { accounts in
                JournalNote.text(JournalNote.state(of: try await accounts.account(id: id).value))
            }
        case JournalNote.report?:
            guard let id = entry.subjectID else { return nil }
            let host = try ctx.login().server.authority
            return try await ctx.with(.reports(.reportsShow)) { reports in
                JournalNote.text(JournalNote.state(of: try await reports.report(id: id).value, on: host))
            }
        case JournalNote.status?:
            guard let id = entry.subjectID else { return nil }
            return try await ctx.with(.statuses(.statusesShow)) { statuses in
                do {
                    return JournalNote.text(JournalNote.state(of: try await statuses.status(id: id).value))
                } catch let error as FediError where error.status == .noInput {
                    return JournalNote.text(nil)
                }
            }
        default:
            return try await goToSocialState(of: entry, target: target, in: ctx)
        }
    }
}
