import FoundationEssentials

/// What carrying out one planned step did on the server.
public enum DomainBlockOutcome: Sendable, Equatable {
    case created(DomainBlock)
    /// `changes`: the fields written, by JSON name.
    case updated(DomainBlock, changes: [String])
    /// Nothing sent: the block already had these settings (planned so, or made meanwhile).
    case unchanged(DomainBlock)
    /// Nothing sent: a parent domain's block at least as strict covers it (Mastodon refuses such blocks).
    case covered(by: DomainBlock)
    case removed(DomainBlock)
}

extension DomainBlockPlan {
    /// The step that ensures one wanted block against the server's `current` list: add, update,
    /// unchanged, or covered by a parent domain's block where `support` has that rule.
    public static func ensuring(_ spec: DomainBlockSpec, current: [DomainBlock], support: DomainBlockSupport) -> Step {
        DomainBlockPlan(
            wanted: [BlocklistFile.Entry(line: 0, spec: spec)], current: current, prune: false,
            parentRules: support.parentRules
        ).steps[0]
    }
}

extension DomainBlockAdapter {
    /// Carries out one step of a plan: the one place that creates, updates or lifts a block for
    /// `add`, `import` and `sync`. The plan was made from a list that may be stale: when a create is
    /// refused because the domain was blocked meanwhile (or a retried create had gone through), the
    /// server's block is updated only if it differs; a parent's block that covers it is reported.
    /// Each write is made under its `JournalNote` (the block before and after), for the journal.
    public func carryOut(_ step: DomainBlockPlan.Step) async throws -> DomainBlockOutcome {
        switch step.change {
        case .set(let spec, let existing?):
            return try await JournalNote.during([.domainBlock(existing.domain, before: existing, after: spec)]) {
                .updated(try await update(existing, to: spec), changes: step.changes)
            }
        case .set(let spec, nil):
            do {
                return try await JournalNote.during([.domainBlock(spec.domain, before: nil, after: spec)]) {
                    .created(try await create(spec))
                }
            } catch let covered as DomainBlockCovered {
                let existing = covered.existing
                guard BlocklistFile.normalise(existing.domain) == BlocklistFile.normalise(spec.domain) else {
                    return .covered(by: existing)
                }
                let changes = spec.differences(from: existing)
                guard !changes.isEmpty else { return .unchanged(existing) }
                let kept = spec.keepingComments(of: existing)
                return try await JournalNote.during([.domainBlock(existing.domain, before: existing, after: kept)]) {
                    .updated(try await update(existing, to: kept), changes: changes)
                }
            }
        case .remove(let block):
            try await JournalNote.during([.domainBlock(block.domain, before: block, after: nil)]) {
                try await remove(block)
            }
            return .removed(block)
        case nil:
            if step.action == .covered, let parent = step.existing { return .covered(by: parent) }
            guard let existing = step.existing else {
                throw FediError(
                    .failure, "internal: a planned \(step.action.rawValue) step on \(step.domain) has no block")
            }
            return .unchanged(existing)
        }
    }

    /// Several changes in one go (`apply`), each under its own note: whole-list servers write them
    /// in one request, which the journal records as one entry per domain.
    public func carryOut(_ changes: [DomainBlockChange]) async throws {
        guard writesWholeList else {
            for change in changes { try await JournalNote.during([.domainBlock(change)]) { try await apply([change]) } }
            return
        }
        try await JournalNote.during(changes.map(JournalNote.domainBlock)) { try await apply(changes) }
    }
}
