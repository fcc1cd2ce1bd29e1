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
        DomainBlockPlan(wanted: [BlocklistFile.Entry(line: 0, spec: spec)], current: current, prune: false,
                        parentRules: support.parentRules).steps[0]
    }
}

extension DomainBlockAdapter {
    /// Carries out one step of a plan: the one place that creates, updates or lifts a block for
    /// `add`, `import` and `sync`. The plan was made from a list that may be stale: when a create is
    /// refused because the domain was blocked meanwhile (or a retried create had gone through), the
    /// server's block is updated only if it differs; a parent's block that covers it is reported.
    public func carryOut(_ step: DomainBlockPlan.Step) async throws -> DomainBlockOutcome {
        switch step.change {
        case .set(let spec, let existing?):
            return .updated(try await update(existing, to: spec), changes: step.changes)
        case .set(let spec, nil):
            do {
                return .created(try await create(spec))
            } catch let covered as DomainBlockCovered {
                let existing = covered.existing
                guard BlocklistFile.normalise(existing.domain) == BlocklistFile.normalise(spec.domain) else { return .covered(by: existing) }
                let changes = spec.differences(from: existing)
                guard !changes.isEmpty else { return .unchanged(existing) }
                return .updated(try await update(existing, to: spec.keepingComments(of: existing)), changes: changes)
            }
        case .remove(let block):
            try await remove(block)
            return .removed(block)
        case nil:
            if step.action == .covered, let parent = step.existing { return .covered(by: parent) }
            guard let existing = step.existing else {
                throw FediError(.failure, "internal: a planned \(step.action.rawValue) step on \(step.domain) has no block")
            }
            return .unchanged(existing)
        }
    }
}
