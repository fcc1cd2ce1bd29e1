import FediCore

/// The undo of GoToSocial's admin writes, and how `log undo` reads their subjects back.
extension JournalUndo {
    /// A rule's text put back: `update` for a changed rule, `add` for a removed one, `remove` for a new one.
    static func instanceRule(_ note: JournalNote) -> Plan {
        guard let id = note.id else { return Plan(arguments: nil, why: nil) }
        guard let text = JournalNote.value("text", in: note.before) else {
            return Plan(arguments: ["instance", "rules", "remove", id], why: nil)
        }
        let words = note.after == nil ? ["instance", "rules", "add", text] : ["instance", "rules", "update", id, text]
        return Plan(arguments: words, why: nil)
    }

    /// A dropped draft is drafted again by hand, with its type and settings (no longer tied to a subscription).
    static func domainDraft(_ note: JournalNote) -> Plan {
        guard let before = note.before, note.after == nil else { return Plan(arguments: nil, why: nil) }
        var words = ["domain-drafts", "add", note.target]
        for field in before {
            switch field.name {
            case "type": words += ["--type", field.value]
            case "obfuscate": if field.value == "yes" { words.append("--obfuscate") }
            default: if !field.value.isEmpty { words += ["--" + field.name.replacing("_", with: "-"), field.value] }
            }
        }
        return Plan(arguments: words, why: nil)
    }

    static func domainExclude(_ note: JournalNote) -> Plan {
        Plan(arguments: ["domain-excludes", note.before == nil ? "remove" : "add", note.target], why: nil)
    }

    /// A new allow is lifted; one --overwrite replaced gets its comment back.
    static func domainAllow(_ note: JournalNote) -> Plan {
        guard let before = note.before else {
            return Plan(arguments: ["domain-allows", "remove", note.target], why: nil)
        }
        let comment = JournalNote.value("public_comment", in: before) ?? ""
        return Plan(arguments: ["domain-allows", "add", note.target, "--comment", comment], why: nil)
    }

    /// A removed subscription is added again with every setting it had; not one with a fetch password,
    /// which the journal never holds.
    static func domainSubscription(_ note: JournalNote) -> Plan {
        guard let before = note.before, note.after == nil else { return Plan(arguments: nil, why: nil) }
        if JournalNote.value("fetch_password", in: before) == "set" {
            return Plan(
                arguments: nil,
                why: "the subscription had a fetch password, which the journal never keeps: "
                    + "add it again with `domain-subscriptions add \(note.target) --fetch-password-stdin`")
        }
        var words = ["domain-subscriptions", "add", note.target]
        for field in before {
            let flag = "--" + field.name.replacing("_", with: "-")
            switch field.name {
            case "type", "priority": words += [flag, field.value]
            case "as_draft", "adopt_orphans", "remove_retracted":
                words.append(field.value == "yes" ? flag : "--no-" + flag.dropFirst(2))
            case "content_type":
                if let type = SubscriptionContentType.allCases.first(where: { $0.mimeType == field.value }) {
                    words += [flag, type.rawValue]
                }
            case "title", "fetch_username": if !field.value.isEmpty { words += [flag, field.value] }
            default: break
            }
        }
        return Plan(arguments: words, why: nil)
    }

    /// The subject of a GoToSocial admin entry as the server has it now (`none`: gone); nil: not one.
    static func goToSocialState(
        of entry: JournalEntry, target: String,
        in ctx: CommandContext
    ) async throws -> String? {
        let subjects = [
            JournalNote.instanceRule, JournalNote.domainDraft, JournalNote.domainExclude,
            JournalNote.domainAllow, JournalNote.domainSubscription,
        ]
        guard let subject = entry.subject, subjects.contains(subject) else { return nil }
        let client = try await ctx.client()
        // A draft or subscription of the other type for the same domain or URL is another subject.
        func sameType(_ type: String?) -> Bool { entry.before?.hasPrefix("type: \(type ?? "block");") == true }
        switch entry.subject {
        case JournalNote.instanceRule?:
            guard let id = entry.subjectID else { return nil }
            let rule = try await client.instanceRules().value.first { $0.id == id }
            return JournalNote.text(rule.map { [JournalNote.StateField("text", $0.text, isText: true)] })
        case JournalNote.domainDraft?:
            let drafts = try await client.domainDrafts(type: nil, subscriptionID: nil, limit: nil, onPage: nil)
            let draft = drafts.first { $0.domain == target && sameType($0.permissionType) }
            return JournalNote.text(draft.map(JournalNote.state(ofDraft:)))
        case JournalNote.domainExclude?:
            let excluded = try await client.domainExcludes(limit: nil, onPage: nil).first(named: target) != nil
            return JournalNote.text(excluded ? JournalNote.excludedState : nil)
        case JournalNote.domainAllow?:
            return try await ctx.with(.domainAllows(.domainAllowsList)) { adapter in
                JournalNote.text(
                    try await adapter.list(limit: nil, onPage: nil).first(named: target)
                        .map(JournalNote.state(ofAllow:)))
            }
        case JournalNote.domainSubscription?:
            let subscription = try await client.domainSubscriptions(type: nil, limit: nil, onPage: nil)
                .first { $0.uri == target && sameType($0.permissionType) }
            return JournalNote.text(subscription.map(JournalNote.state(of:)))
        default:
            return nil
        }
    }
}
