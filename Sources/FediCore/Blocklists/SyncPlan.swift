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
        /// Left alone: the server's own tools own it (a GoToSocial subscription's block, an excluded domain).
        case kept
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

        public init(action: Action, domain: String, wanted: DomainBlockSpec?, existing: DomainBlock?, details: [String], sources: [String],
                    note: String?) {
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
                return DomainBlockPlan.Step(action: .add, domain: domain, spec: wanted, existing: nil, changes: [], line: nil)
            case .raise, .lower, .change:
                guard let wanted, let existing else { return nil }
                return DomainBlockPlan.Step(action: .update, domain: domain, spec: wanted, existing: existing,
                                            changes: wanted.differences(from: existing), line: nil)
            case .lift:
                return DomainBlockPlan.Step(action: .remove, domain: domain, spec: nil, existing: existing, changes: [], line: nil)
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

    /// Notes what each suspension would cut, and with `cap` (`--max-followed-severity`) lowers those
    /// that local accounts follow to it, as fediblockhole's `max_followed_severity` does.
    public mutating func noteFollows(_ follows: [String: DomainFollows], cap: DomainBlockSeverity?) {
        for index in steps.indices {
            guard let counts = follows[steps[index].domain] else { continue }
            steps[index].follows = counts
            let said = "\(counts.follows) local follow\(counts.follows == 1 ? "" : "s"), \(counts.followers) follower\(counts.followers == 1 ? "" : "s")"
            guard let cap, counts.total > 0, var wanted = steps[index].wanted, wanted.severity > cap else {
                steps[index].note = [steps[index].note, said].compactMap { $0 }.joined(separator: "; ")
                continue
            }
            wanted.severity = cap
            steps[index].note = [steps[index].note, "\(said): capped at \(cap.rawValue) (--max-followed-severity)"].compactMap { $0 }
                .joined(separator: "; ")
            guard let existing = steps[index].existing else {
                steps[index].wanted = wanted
                steps[index].details = wanted.changeDetails(from: nil)
                continue
            }
            // Only the stamp left to write: nothing to do after all.
            let changes = wanted.differences(from: existing)
            let stampOnly = changes.allSatisfy { $0 == "private_comment" }
                && Self.unstamped(wanted.privateComment ?? "") == Self.unstamped(existing.privateComment ?? "")
            if changes.isEmpty || stampOnly {
                steps[index].action = .unchanged
                steps[index].wanted = nil
                steps[index].details = []
            } else {
                steps[index].action = wanted.severity > existing.severity ? .raise : wanted.severity < existing.severity ? .lower : .change
                steps[index].wanted = wanted
                steps[index].details = wanted.changeDetails(from: existing)
            }
        }
    }

    /// For a server that cannot change a block in place (GoToSocial before 0.19): raises, lowers and
    /// changes become skips saying `why`.
    public mutating func skipUpdates(_ why: String) {
        for index in steps.indices where [.raise, .lower, .change].contains(steps[index].action) {
            steps[index].note = [steps[index].note, "\(steps[index].action.rawValue) not possible: \(why)"].compactMap { $0 }.joined(separator: "; ")
            steps[index].action = .skip
            steps[index].wanted = nil
        }
    }

    /// The marker sync adds to the private comment of blocks it writes, where the software keeps one.
    public static let stamp = "[fedictl sync]"

    /// `comment` with the stamp once at its end.
    public static func stamped(_ comment: String) -> String {
        let bare = unstamped(comment)
        return bare.isEmpty ? stamp : bare + " " + stamp
    }

    public static func unstamped(_ comment: String) -> String {
        comment.replacing(stamp, with: "").trimmed()
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
            listed = Dictionary(lists.map { list in (list.name, Set(list.entries.map { BlocklistFile.normalise($0.spec.domain) })) },
                                uniquingKeysWith: { $0.union($1) })
        }

        /// True when every one of `recorded` was read in this run and none lists `domain` any more.
        public func allDropped(_ domain: String, recorded: [String]) -> Bool {
            !recorded.isEmpty && recorded.allSatisfy { names.contains($0) && !(listed[$0]?.contains(domain) ?? false) }
        }
    }

    /// - Parameters:
    ///   - merged: the merged list (obfuscated entries already matched against this server's peers).
    ///   - current: the server's blocks now.
    ///   - made: the blocks sync made on this server (by normalised domain), from the provenance record.
    ///   - liftRetracted: plan lifts for sync-made blocks that all their sources have dropped.
    public init(merged: [MergedBlock], current: [DomainBlock], support: DomainBlockSupport, made: [String: SyncRecord],
                sources: Sources, liftRetracted: Bool) {
        var byDomain: [String: DomainBlock] = [:]
        for block in current { byDomain[BlocklistFile.normalise(block.domain)] = byDomain[BlocklistFile.normalise(block.domain)] ?? block }
        var steps: [Step] = []
        var entries: [BlocklistFile.Entry] = []
        var forEntry: [Int: MergedBlock] = [:]
        var notes: [Int: String] = [:]
        for block in merged {
            if block.unmatched {
                let digest = block.digest.map { ", digest \($0.prefix(12))..." } ?? ""
                steps.append(Step(action: .unmatched, domain: block.domain, wanted: nil, existing: nil, details: [], sources: block.sources,
                                  note: "obfuscated; no known peer of this server matches it\(digest)"))
                continue
            }
            let existing = byDomain[block.domain]
            var spec = support.implied(block.spec)
            // Sources without comments leave the server's as they are.
            if spec.publicComment == "" { spec.publicComment = existing?.publicComment ?? "" }
            if spec.privateComment == "" { spec.privateComment = existing.map { Self.unstamped($0.privateComment ?? "") } ?? "" }
            if !support.publicComment { spec.publicComment = nil }
            if !support.privateComment { spec.privateComment = nil }
            var note: String?
            let missing = support.unsupported(spec)
            if !missing.isEmpty {
                let emptyNoop = spec.severity == .noop && !support.emptyBlocks
                    && !(spec.rejectMedia && support.rejectMedia) && !(spec.rejectReports && support.rejectReports)
                if emptyNoop || (spec.severity == .noop && support.reduced(spec) == nil) {
                    // fediblockhole's noop lowers; a server that cannot keep such a block (none that
                    // limits nothing, or suspensions only) lifts instead.
                    if let existing {
                        steps.append(Step(action: .lift, domain: existing.domain, wanted: nil, existing: existing, details: [],
                                          sources: block.sources, note: "noop: \(support.software) cannot keep a lower block"))
                    }
                    continue
                }
                guard let reduced = support.reduced(spec) else {
                    steps.append(Step(action: .skip, domain: block.domain, wanted: nil, existing: existing, details: [], sources: block.sources,
                                      note: "\(support.software) cannot keep \(missing.joined(separator: ", "))"))
                    continue
                }
                spec = reduced
                note = "dropped \(missing.joined(separator: ", ")) (\(support.software) cannot keep it)"
            }
            let index = entries.count
            entries.append(BlocklistFile.Entry(line: index, spec: spec))
            forEntry[index] = block
            notes[index] = note
        }
        let plan = DomainBlockPlan(wanted: entries, current: current, prune: false, parentRules: support.parentRules)
        for (index, planned) in plan.steps.enumerated() {
            guard let block = forEntry[index], var spec = planned.spec else { continue }
            let existing = planned.existing
            var step = Step(action: .unchanged, domain: planned.domain, wanted: nil, existing: existing, details: [], sources: block.sources,
                            note: notes[index])
            switch planned.action {
            case .covered:
                step.action = .covered
                step.note = [existing.map { "covered by the \($0.severity.rawValue) block on \($0.domain)" }, step.note].compactMap { $0 }.joined(separator: "; ")
            case .add:
                if support.privateComment { spec.privateComment = Self.stamped(spec.privateComment ?? "") }
                step.action = .add
                step.wanted = spec
                step.details = spec.changeDetails(from: nil)
            case .update, .unchanged:
                guard let existing else { break }
                // A sync-made block keeps its stamp; a hand-made one is stamped only when something else
                // changes, so one that already matches is left alone.
                let madeBySync = existing.privateComment?.contains(Self.stamp) ?? false
                if support.privateComment, madeBySync || !spec.differences(from: existing).isEmpty {
                    spec.privateComment = Self.stamped(spec.privateComment ?? "")
                }
                let changes = spec.differences(from: existing)
                if changes.isEmpty {
                    step.action = .unchanged
                } else {
                    step.action = spec.severity > existing.severity ? .raise : spec.severity < existing.severity ? .lower : .change
                    step.wanted = spec
                    step.details = spec.changeDetails(from: existing)
                }
            case .remove, .kept:
                break
            }
            steps.append(step)
        }
        if liftRetracted {
            let wanted = Set(merged.map(\.domain))
            for (domain, record) in made.sorted(by: { $0.key < $1.key }) where !wanted.contains(domain) {
                // Keyed to the block as the server holds it: one re-made by hand since is not sync's to lift.
                guard let existing = byDomain[domain], record.describes(existing),
                      sources.allDropped(domain, recorded: record.sources) else { continue }
                steps.append(Step(action: .lift, domain: existing.domain, wanted: nil, existing: existing, details: [], sources: record.sources,
                                  note: "retracted by every source that listed it"))
            }
        }
        // One domain per row, in domain order (the merged list's), whatever produced the row.
        self.steps = steps.sorted { $0.domain.unicodeScalars.lexicographicallyPrecedes($1.domain.unicodeScalars) }
    }
}
