import FoundationEssentials

// The notes of GoToSocial's admin writes (issue 32): a rule's text, a draft, an exclude, an allow and a
// subscription, each with what it takes to put it back. A fetch password is never part of a state:
// only whether there was one.

extension JournalNote {
    public static let instanceRule = "instance-rule"
    public static let domainDraft = "domain-draft"
    public static let domainExclude = "domain-exclude"
    public static let domainAllow = "domain-allow"
    public static let domainSubscription = "domain-subscription"

    static func flag(_ value: Bool) -> String { value ? "yes" : "no" }

    /// A rule's change: its text before and after (nil: added or removed).
    public static func instanceRule(id: String, before: String?, after: String?) -> JournalNote {
        var note = JournalNote(
            subject: instanceRule, target: "rule \(id)",
            before: before.map { [StateField("text", $0, isText: true)] },
            after: after.map { [StateField("text", $0, isText: true)] })
        note.id = id
        return note
    }

    /// A draft's type and settings: `type: block; obfuscate: no; public_comment: ""; private_comment: ""`.
    public static func state(ofDraft draft: DomainPermission) -> [StateField] {
        [
            StateField("type", draft.permissionType ?? "block"), StateField("obfuscate", flag(draft.obfuscate)),
            StateField("public_comment", draft.publicComment ?? "", isText: true),
            StateField("private_comment", draft.privateComment ?? "", isText: true),
        ]
    }

    /// A draft dropped (`after` nil) by `domain-drafts reject`.
    public static func domainDraft(_ draft: DomainPermission, after: [StateField]?) -> JournalNote {
        var note = JournalNote(subject: domainDraft, target: draft.domain, before: state(ofDraft: draft), after: after)
        note.id = draft.id
        return note
    }

    /// `excluded: yes` where the domain is on the exclude list.
    public static let excludedState = [StateField("excluded", "yes")]

    /// A domain put on the exclude list (`before` nil) or taken off it.
    public static func domainExclude(_ domain: String, excluded: Bool) -> JournalNote {
        JournalNote(
            subject: domainExclude, target: domain, before: excluded ? nil : excludedState,
            after: excluded ? excludedState : nil)
    }

    public static func state(ofAllow allow: DomainAllow) -> [StateField] {
        [StateField("public_comment", allow.publicComment ?? "", isText: true)]
    }

    /// An allow made or replaced: `before` the allow there was (nil: none), `after` the draft's comment.
    public static func domainAllow(_ domain: String, before: DomainAllow?, publicComment: String?) -> JournalNote {
        JournalNote(
            subject: domainAllow, target: domain, before: before.map(state(ofAllow:)),
            after: [StateField("public_comment", publicComment ?? "", isText: true)])
    }

    /// An allow lifted (a removed subscription's, which GoToSocial 0.20 leaves): its undo adds it again.
    public static func liftingAllow(_ allow: DomainAllow) -> JournalNote {
        JournalNote(subject: domainAllow, target: allow.domain, before: state(ofAllow: allow), after: nil)
    }

    /// The block or allow accepting `draft` makes, over `block` or `allow` where --overwrite replaces one.
    public static func accepting(
        _ draft: DomainPermission, over block: DomainBlock?,
        allow: DomainAllow?
    ) -> JournalNote {
        guard draft.permissionType == DomainPermissionType.allow.rawValue else {
            // GoToSocial's blocks are all suspensions; a draft's missing comment replaces one there (empty).
            let spec = DomainBlockSpec(
                domain: draft.domain, severity: .suspend,
                privateComment: draft.privateComment ?? "",
                publicComment: draft.publicComment ?? "", obfuscate: draft.obfuscate)
            return domainBlock(draft.domain, before: block, after: spec)
        }
        return domainAllow(draft.domain, before: allow, publicComment: draft.publicComment)
    }

    /// Everything `domain-subscriptions add` takes, and whether it had a fetch password (`set`, `none`).
    public static func state(of subscription: DomainSubscription) -> [StateField] {
        [
            StateField("type", subscription.permissionType), StateField("priority", String(subscription.priority)),
            StateField("title", subscription.title ?? "", isText: true),
            StateField("as_draft", flag(subscription.asDraft)),
            StateField("adopt_orphans", flag(subscription.adoptOrphans)),
            StateField("remove_retracted", flag(subscription.removeRetracted)),
            StateField("content_type", subscription.contentType ?? ""),
            StateField("fetch_username", subscription.fetchUsername ?? "", isText: true),
            StateField("fetch_password", subscription.fetchPasswordSet ? "set" : "none"),
        ]
    }

    /// A subscription removed: its settings before, none after.
    public static func domainSubscription(removing subscription: DomainSubscription) -> JournalNote {
        var note = JournalNote(
            subject: domainSubscription, target: subscription.uri, before: state(of: subscription),
            after: nil)
        note.id = subscription.id
        return note
    }
}
