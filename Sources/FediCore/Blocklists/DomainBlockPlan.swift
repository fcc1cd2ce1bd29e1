import FoundationEssentials

/// What an import would do to a server's domain blocks: for each wanted block, add it, update the
/// existing one, or leave it; blocks that are not wanted are removed only with `prune`. Computed
/// from the server's list, so a second run of the same import plans no writes.
public struct DomainBlockPlan: Sendable {
    public enum Action: String, Sendable, Codable, CaseIterable {
        case add, update, unchanged
        /// Mastodon would refuse it: a block on a parent domain is at least as strict.
        case covered
        case remove
        /// Left alone: the server's own tools own it (a GoToSocial subscription's block, an excluded domain).
        case kept
    }

    public struct Step: Sendable, Equatable {
        public var action: Action
        public var domain: String
        /// The block wanted (nil for a removal).
        public var spec: DomainBlockSpec?
        /// The server's block on this domain; for `covered`, the parent domain's block.
        public var existing: DomainBlock?
        /// The fields an update changes, by JSON name.
        public var changes: [String]
        /// Where the wanted block came from in the file.
        public var line: Int?
        /// Why a step is kept.
        public var note: String?

        public init(
            action: Action, domain: String, spec: DomainBlockSpec?, existing: DomainBlock?, changes: [String],
            line: Int?
        ) {
            self.action = action
            self.domain = domain
            self.spec = spec
            self.existing = existing
            self.changes = changes
            self.line = line
        }

        /// The write this step needs, if any. Updates carry every field, comments included, so no
        /// server is left to guess what a missing field means.
        public var change: DomainBlockChange? {
            switch action {
            case .add: spec.map { .set($0, existing: nil) }
            case .update: spec.map { .set($0.keepingComments(of: existing), existing: existing) }
            case .remove: existing.map { .remove($0) }
            case .unchanged, .covered, .kept: nil
            }
        }
    }

    public var steps: [Step]

    /// `parentRules`: apply Mastodon's rule that a block under a parent domain's block must be
    /// stricter than it (else the server answers 422), so such rows are planned as `covered`.
    public init(wanted: [BlocklistFile.Entry], current: [DomainBlock], prune: Bool, parentRules: Bool) {
        var byDomain: [String: DomainBlock] = [:]
        for block in current {
            byDomain[BlocklistFile.normalise(block.domain)] = byDomain[BlocklistFile.normalise(block.domain)] ?? block
        }
        let wantedDomains = Set(wanted.map { BlocklistFile.normalise($0.spec.domain) })
        // The blocks as they will be afterwards, to judge parent coverage.
        var after = byDomain.filter { !prune || wantedDomains.contains($0.key) }
        for entry in wanted {
            let key = BlocklistFile.normalise(entry.spec.domain)
            var block = DomainBlock(id: key, domain: key, severity: entry.spec.severity)
            block.rejectMedia = entry.spec.rejectMedia
            block.rejectReports = entry.spec.rejectReports
            after[key] = block
        }
        var steps: [Step] = []
        for entry in wanted {
            let key = BlocklistFile.normalise(entry.spec.domain)
            if let existing = byDomain[key] {
                let changes = entry.spec.differences(from: existing)
                steps.append(
                    Step(
                        action: changes.isEmpty ? .unchanged : .update, domain: existing.domain, spec: entry.spec,
                        existing: existing,
                        changes: changes, line: entry.line))
            } else if parentRules, let parent = Self.covering(entry.spec, in: after) {
                steps.append(
                    Step(
                        action: .covered, domain: key, spec: entry.spec, existing: byDomain[parent] ?? after[parent],
                        changes: [],
                        line: entry.line))
            } else {
                steps.append(
                    Step(action: .add, domain: key, spec: entry.spec, existing: nil, changes: [], line: entry.line))
            }
        }
        if prune {
            for block in current where !wantedDomains.contains(BlocklistFile.normalise(block.domain)) {
                steps.append(
                    Step(action: .remove, domain: block.domain, spec: nil, existing: block, changes: [], line: nil))
            }
        }
        self.steps = steps
    }

    /// The parent domain whose block makes Mastodon refuse `spec`: the most specific parent with a
    /// block that `spec` is not stricter than (Mastodon's `DomainBlock.rule_for`).
    public static func covering(_ spec: DomainBlockSpec, in blocks: [String: DomainBlock]) -> String? {
        var labels = BlocklistFile.normalise(spec.domain).split(separator: ".")
        while labels.count > 1 {
            labels.removeFirst()
            let parent = labels.joined(separator: ".")
            if let block = blocks[parent] { return spec.isStricter(than: block) ? nil : parent }
        }
        return nil
    }

    /// The parent domain among `blocks` whose block covers `spec`, for a single `add`.
    public static func covering(_ spec: DomainBlockSpec, among blocks: [DomainBlock]) -> DomainBlock? {
        var byDomain: [String: DomainBlock] = [:]
        for block in blocks { byDomain[BlocklistFile.normalise(block.domain)] = block }
        return covering(spec, in: byDomain).flatMap { byDomain[$0] }
    }

    public func count(_ action: Action) -> Int { steps.filter { $0.action == action }.count }

    /// The steps that write something.
    public var writes: [Step] { steps.filter { $0.change != nil } }
}
