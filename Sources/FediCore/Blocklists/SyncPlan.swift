import FoundationEssentials

/// What `domain-blocks sync` would do to one server: every domain of the merged list mapped to what
/// the server's software can keep, compared with its current blocks, plus the lifts sync may make.
/// Computed from the server's list each time, so a re-run after a partial apply plans only what is
/// still missing (nothing is written twice).
public struct SyncPlan: Sendable {
    public enum Action: String, Sendable, Codable, CaseIterable {
        case add, raise, lower
        /// Same severity; flags or comments change.
        case change
        /// A sync-made block every one of its sources has dropped (`--lift-retracted`), or a noop
        /// entry on a server that keeps no empty block.
        case lift
        case unchanged
        /// A parent domain's block already covers it (Mastodon refuses such a block).
        case covered
        /// The server cannot keep this block at all (GoToSocial and silence).
        case skip
        /// An obfuscated entry whose digest matches none of the server's known domains.
        case unmatched
        /// Left alone, for the reason in `Step.kept`.
        case kept
    }

    /// Why a row is left alone (issue 26: sync changes only what sync made).
    public enum Kept: String, Sendable, Codable {
        /// A block sync did not make (no stamp on the server, no local record); `--adopt` takes it over.
        case madeByHand = "made by hand"
        /// A block sync made whose values someone changed since; `--force` puts the sources' back.
        case changedSince = "changed by hand since sync"
        /// `--exclude`, or the named config's `exclude`.
        case excluded
        /// A GoToSocial subscription's block, or a domain on the server's exclude list.
        case serverOwned = "left to the server's own tools"
    }

    /// What sync may touch, from the command line.
    public struct Policy: Sendable {
        /// Take over hand-made blocks, appending the sources' comments to theirs.
        public var adopt: Bool
        /// Put the sources' values back on sync-made blocks changed by hand since.
        public var force: Bool
        /// Domains sync never touches, nor their subdomains (normalised), each with who excluded it
        /// ("--exclude", "the server's exclude list").
        public var excludes: [String: String]
        /// When this run stamps what it writes.
        public var now: Date
        /// The ids of the server's GoToSocial subscriptions, when read: a block whose owner is none of them
        /// (its subscription removed, GoToSocial 0.20 keeps the id) is the admin's. nil: every owner counts.
        public var subscriptions: Set<String>?

        public init(
            adopt: Bool = false, force: Bool = false, excludes: [String: String] = [:], now: Date = Date(),
            subscriptions: Set<String>? = nil
        ) {
            self.adopt = adopt
            self.force = force
            self.subscriptions = subscriptions
            self.excludes = Dictionary(
                excludes.map { (BlocklistFile.normalise($0.key), $0.value) },
                uniquingKeysWith: { first, _ in first })
            self.now = now
        }

        /// The GoToSocial subscription that owns `block`, or nil.
        public func owner(of block: DomainBlock) -> String? {
            guard let id = block.subscriptionID, subscriptions?.contains(id) ?? true else { return nil }
            return id
        }

        /// Why `domain` is excluded ("by x.example, --exclude"), or nil when it is not.
        public func exclude(for domain: String) -> String? {
            let name = BlocklistFile.normalise(domain)
            let match = excludes.keys.sorted().first { name == $0 || name.hasSuffix("." + $0) }
            guard let match else { return nil }
            return (match == name ? "" : "by \(match), ") + (excludes[match] ?? "--exclude")
        }
    }

    /// What sync knows it made of one block: from the stamp in its private comment, else (software
    /// without one) from this machine's record.
    public struct Provenance: Sendable, Equatable {
        public var sources: [String]
        public var adopted: Bool
        /// Its values are not those sync last wrote (or its stamp was cut out of the comment).
        public var changedByHand: Bool
    }

    /// nil when sync did not make `block`. Where the software keeps a private comment, the stamp in it
    /// decides (any machine sees it); the local record only fills in what an old stamp does not say.
    public static func provenance(of block: DomainBlock, local: SyncRecord?, privateComment: Bool) -> Provenance? {
        let record = local.flatMap { $0.describes(block) ? $0 : nil }
        func changed(_ fingerprint: String?) -> Bool {
            fingerprint.map { $0 != SyncStamp.fingerprint(of: block.spec) } ?? false
        }
        guard privateComment else {
            return record.map {
                Provenance(sources: $0.sources, adopted: false, changedByHand: changed($0.fingerprint))
            }
        }
        guard let stamp = SyncStamp.parse(block.privateComment) else {
            // This machine says sync made it, but the stamp is gone: someone rewrote the comment.
            return record.map { Provenance(sources: $0.sources, adopted: false, changedByHand: true) }
        }
        return Provenance(
            sources: stamp.sources.isEmpty ? record?.sources ?? [] : stamp.sources,
            adopted: stamp.adopted, changedByHand: changed(stamp.fingerprint ?? record?.fingerprint))
    }

    public struct Step: Sendable, Equatable {
        public var action: Action
        public var domain: String
        /// The block as it will be written (nil for lifts and entries that write nothing).
        public var wanted: DomainBlockSpec?
        /// The server's block on the domain; for `covered`, the parent's.
        public var existing: DomainBlock?
        /// The changed fields, old → new; for a new block, what it sets beyond its severity.
        public var details: [String]
        /// The sources that list the domain (for a lift: the sources that had listed it).
        public var sources: [String]
        /// Why a row is skipped, what was dropped, what covers it.
        public var note: String?
        /// For a new or raised suspension, where the server can say: what it would cut.
        public var follows: DomainFollows?
        /// Why a `kept` row is left alone.
        public var kept: Kept?

        public init(
            action: Action, domain: String, wanted: DomainBlockSpec?, existing: DomainBlock?, details: [String],
            sources: [String],
            note: String?
        ) {
            self.action = action
            self.domain = domain
            self.wanted = wanted
            self.existing = existing
            self.details = details
            self.sources = sources
            self.note = note
        }

        /// The write this step needs, in the shape `DomainBlockAdapter.carryOut` takes.
        public var write: DomainBlockPlan.Step? {
            switch action {
            case .add:
                return DomainBlockPlan.Step(
                    action: .add, domain: domain, spec: wanted, existing: nil, changes: [], line: nil)
            case .raise, .lower, .change:
                guard let wanted, let existing else { return nil }
                return DomainBlockPlan.Step(
                    action: .update, domain: domain, spec: wanted, existing: existing,
                    changes: wanted.differences(from: existing), line: nil)
            case .lift:
                return DomainBlockPlan.Step(
                    action: .remove, domain: domain, spec: nil, existing: existing, changes: [], line: nil)
            case .unchanged, .covered, .skip, .unmatched, .kept:
                return nil
            }
        }
    }

    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    public func count(_ action: Action) -> Int { steps.filter { $0.action == action }.count }
    public var writes: [Step] { steps.filter { $0.write != nil } }

    /// The new or raised suspensions: the domains whose follows the plan should show.
    public var suspensions: [String] {
        steps.filter { [.add, .raise].contains($0.action) && $0.wanted?.severity == .suspend }.map(\.domain)
    }

    /// Notes what each suspension would cut, and lowers those that local accounts follow to `cap`
    /// (`--max-followed-severity`, silence unless lifted), as fediblockhole's `max_followed_severity` does.
    /// `uncounted`: the domains the server would not count, and why; a suspension above the cap is
    /// then noted as unchecked (a run that writes refuses before this, so only a dry run shows it).
    public mutating func noteFollows(
        _ follows: [String: DomainFollows], uncounted: [String: String] = [:],
        cap: DomainBlockSeverity
    ) {
        for index in steps.indices {
            guard let counts = follows[steps[index].domain] else {
                if let why = uncounted[steps[index].domain], let wanted = steps[index].wanted, wanted.severity > cap {
                    let said =
                        "follows not counted (\(why)): the cap at \(cap.rawValue) cannot be checked, "
                        + "so a run that writes stops"
                    steps[index].note = [steps[index].note, said].compactMap { $0 }.joined(separator: "; ")
                }
                continue
            }
            steps[index].follows = counts
            let said = counts.said
            guard counts.total > 0, var wanted = steps[index].wanted, wanted.severity > cap else {
                steps[index].note = [steps[index].note, said].compactMap { $0 }.joined(separator: "; ")
                continue
            }
            wanted.severity = cap
            // The stamp's fingerprint is of what is written: a new block's too, or the next run would
            // read the capped block as changed by hand since sync and never manage it again.
            wanted = SyncStamp.refreshed(wanted)
            let capped = "\(said): capped at \(cap.rawValue) (--max-followed-severity suspend lifts the cap)"
            steps[index].note = [steps[index].note, capped].compactMap { $0 }.joined(separator: "; ")
            guard let existing = steps[index].existing else {
                steps[index].wanted = wanted
                steps[index].details = wanted.changeDetails(from: nil)
                continue
            }
            // Only the stamp left to write: nothing to do after all.
            if Self.valueChanges(wanted, existing).isEmpty {
                steps[index].action = .unchanged
                steps[index].wanted = nil
                steps[index].details = []
            } else {
                steps[index].action =
                    wanted.severity > existing.severity
                    ? .raise : wanted.severity < existing.severity ? .lower : .change
                steps[index].wanted = wanted
                steps[index].details = wanted.changeDetails(from: existing)
            }
        }
    }

    /// For a server that cannot change a block in place (GoToSocial before 0.19): raises, lowers and
    /// changes become skips saying `why`.
    public mutating func skipUpdates(_ why: String) {
        for index in steps.indices where [.raise, .lower, .change].contains(steps[index].action) {
            steps[index].note = [steps[index].note, "\(steps[index].action.rawValue) not possible: \(why)"].compactMap {
                $0
            }.joined(separator: "; ")
            steps[index].action = .skip
            steps[index].wanted = nil
        }
    }

    /// The fields `spec` would change on `block`, stamps left out of both private comments.
    static func valueChanges(_ spec: DomainBlockSpec, _ block: DomainBlock) -> [String] {
        var bare = spec
        bare.privateComment = spec.privateComment.map { SyncStamp.stripped($0) }
        var current = block
        current.privateComment = SyncStamp.stripped(block.privateComment)
        return bare.differences(from: current)
    }

    /// `note` after `existing`, unless it says it already (`--adopt` never replaces a comment).
    static func appending(_ note: String?, to existing: String?) -> String {
        let old = SyncStamp.stripped(existing)
        let new = (note ?? "").trimmed()
        if new.isEmpty || old.contains(new) { return old }
        return old.isEmpty ? new : old + "; " + new
    }

    /// What the retraction rule needs to know about this run's sources.
    public struct Sources: Sendable {
        /// Every source read in this run, by name.
        public var names: Set<String>
        /// The (normalised) domains each source lists, before threshold and allowlist.
        public var listed: [String: Set<String>]

        public init(names: Set<String>, listed: [String: Set<String>]) {
            self.names = names
            self.listed = listed
        }

        /// A source that came back empty (a truncated download, stdin already read by another
        /// account) is not counted as read: nothing it listed is lifted on its word.
        public init(_ lists: [SourceList]) {
            names = Set(lists.filter { !$0.entries.isEmpty }.map(\.name))
            listed = Dictionary(
                lists.map { list in (list.name, Set(list.entries.map { BlocklistFile.normalise($0.spec.domain) })) },
                uniquingKeysWith: { $0.union($1) })
        }

        /// True when every one of `recorded` was read in this run and none lists `domain` any more.
        /// A recorded name is read as today's identity (an older stamp's file path as its file name).
        public func allDropped(_ domain: String, recorded: [String]) -> Bool {
            !recorded.isEmpty
                && recorded.map(BlocklistSource.identity(ofRecorded:)).allSatisfy {
                    names.contains($0) && !(listed[$0]?.contains(domain) ?? false)
                }
        }
    }

    /// - Parameters:
    ///   - merged: the merged list (obfuscated entries already matched against this server's peers).
    ///   - current: the server's blocks now.
    ///   - made: this machine's record of the blocks sync made on this server (by normalised domain);
    ///     the stamps on the server say the same to any machine.
    ///   - liftRetracted: plan lifts for sync-made blocks that all their sources have dropped.
    ///   - policy: `--adopt`, `--force`, `--exclude`, and the time to stamp.
    public init(
        merged: [MergedBlock], current: [DomainBlock], support: DomainBlockSupport, made: [String: SyncRecord],
        sources: Sources, liftRetracted: Bool, policy: Policy = Policy()
    ) {
        let planning = SyncPlanning(current: current, support: support, made: made, policy: policy)
        var steps: [Step] = []
        // The entries a write may serve go through DomainBlockPlan together (parent rules), each
        // remembered with its merged block and note by its line.
        var entries: [BlocklistFile.Entry] = []
        var forEntry: [Int: (block: MergedBlock, note: String?)] = [:]
        for block in merged {
            switch planning.entry(for: block) {
            case .decided(let step):
                if let step { steps.append(step) }
            case .write(let spec, let note):
                forEntry[entries.count] = (block, note)
                entries.append(BlocklistFile.Entry(line: entries.count, spec: spec))
            }
        }
        let plan = DomainBlockPlan(wanted: entries, current: current, prune: false, parentRules: support.parentRules)
        for (index, planned) in plan.steps.enumerated() {
            guard let entry = forEntry[index],
                let step = planning.step(for: planned, block: entry.block, note: entry.note)
            else { continue }
            steps.append(step)
        }
        if liftRetracted { steps += planning.retractions(keeping: Set(merged.map(\.domain)), sources: sources) }
        // One domain per row, in domain order (the merged list's), whatever produced the row.
        self.steps = steps.sorted { $0.domain.unicodeScalars.lexicographicallyPrecedes($1.domain.unicodeScalars) }
    }

    /// The `kept` row for a write to `existing` that is not sync's to make, or nil when it is: a block
    /// made by hand (unless --adopt), one sync made that someone changed since, or one a GoToSocial
    /// subscription owns (both unless --force).
    /// `details` are what the sources would have set.
    static func handsOff(
        _ existing: DomainBlock, owner: Provenance?, policy: Policy, sources: [String],
        details: [String]
    ) -> Step? {
        let kept: Kept
        let note: String
        if let subscription = policy.owner(of: existing) {
            // Not hand-made: the subscription would put its values back on its next fetch.
            guard !policy.force else { return nil }
            kept = .serverOwned
            note = "owned by GoToSocial subscription \(subscription): left as it is (--force takes it over)"
        } else if let owner {
            guard owner.changedByHand, !policy.force else { return nil }
            kept = .changedSince
            note = "changed by hand since sync: left as it is (--force puts the sources' values back)"
        } else {
            guard !policy.adopt else { return nil }
            kept = .madeByHand
            note = "made by hand: left as it is (--adopt takes it over, appending to its comments)"
        }
        var step = Step(
            action: .kept, domain: existing.domain, wanted: nil, existing: existing, details: details,
            sources: sources, note: note)
        step.kept = kept
        return step
    }
}
