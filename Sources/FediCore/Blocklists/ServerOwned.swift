import FoundationEssentials

/// What a server's own tools decide, which fedictl's import and sync leave alone unless forced: blocks a
/// GoToSocial subscription owns (it would put a lifted one back on its next fetch), and domains on the
/// server's exclude list. Issue 32.
public struct ServerOwned: Sendable {
    /// The server's excluded domains (GoToSocial 0.18+; empty elsewhere).
    public var excludes: [DomainPermission]
    /// The ids of the server's subscriptions, when read: a block marked with another id was left by a
    /// removed subscription (GoToSocial 0.20 keeps the mark) and is the admin's. nil: every mark counts.
    public var subscriptions: Set<String>?

    public init(excludes: [DomainPermission] = [], subscriptions: Set<String>? = nil) {
        self.excludes = excludes
        self.subscriptions = subscriptions
    }

    /// Why fedictl should not write `domain` (whose block is `existing`), or nil when it may.
    public func reason(for domain: String, existing: DomainBlock?) -> String? {
        if let owner = existing?.subscriptionID, subscriptions?.contains(owner) ?? true {
            return "owned by GoToSocial subscription \(owner); --force to change it"
        }
        if excludes.excluding(domain) != nil { return "excluded on the server; --force to change it" }
        return nil
    }
}

extension DomainBlockPlan {
    /// The plan with every write the server's own tools own turned into `kept`, saying why.
    public func keeping(_ owned: ServerOwned) -> DomainBlockPlan {
        var plan = self
        for index in plan.steps.indices where plan.steps[index].change != nil {
            guard
                let reason = owned.reason(
                    for: plan.steps[index].domain,
                    existing: plan.steps[index].existing)
            else { continue }
            plan.steps[index].action = .kept
            plan.steps[index].note = reason
        }
        return plan
    }
}

extension SyncPlan {
    /// The plan with every write the server's own tools own turned into `kept`, saying why.
    public func keeping(_ owned: ServerOwned) -> SyncPlan {
        var plan = self
        for index in plan.steps.indices where plan.steps[index].write != nil {
            guard
                let reason = owned.reason(
                    for: plan.steps[index].domain,
                    existing: plan.steps[index].existing)
            else { continue }
            plan.steps[index].action = .kept
            plan.steps[index].kept = .serverOwned
            plan.steps[index].wanted = nil
            plan.steps[index].note = [plan.steps[index].note, reason].compactMap { $0 }.joined(separator: "; ")
        }
        return plan
    }
}

extension SyncPlan {
    /// `sync --as-draft` (GoToSocial): new blocks become drafts for a moderator to accept; a domain that
    /// already has a block draft is unchanged; changes and lifts of blocks in force are skipped, as a
    /// draft can only propose a block.
    public func asDrafts(existing drafts: [DomainPermission]) -> SyncPlan {
        var plan = self
        for index in plan.steps.indices where plan.steps[index].write != nil {
            let step = plan.steps[index]
            if step.action == .add {
                if let draft = drafts.first(named: step.domain) {
                    plan.steps[index].action = .unchanged
                    plan.steps[index].wanted = nil
                    plan.steps[index].note = [
                        step.note,
                        "already drafted (\(draft.id))",
                    ].compactMap { $0 }.joined(separator: "; ")
                } else {
                    plan.steps[index].note = [
                        step.note,
                        "as a draft for a moderator to accept",
                    ].compactMap { $0 }.joined(separator: "; ")
                }
            } else {
                plan.steps[index].action = .skip
                plan.steps[index].wanted = nil
                plan.steps[index].note = [
                    step.note,
                    "\(step.action.rawValue) not drafted: --as-draft proposes new blocks only",
                ]
                .compactMap { $0 }.joined(separator: "; ")
            }
        }
        return plan
    }
}
