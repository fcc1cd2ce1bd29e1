import FoundationEssentials

/// The steps of `SyncPlan.init`, over what every one of them reads: the server's blocks by domain,
/// what its software can keep, what sync made there, and the command line's policy.
struct SyncPlanning {
    typealias Step = SyncPlan.Step
    let support: DomainBlockSupport
    let made: [String: SyncRecord]
    let policy: SyncPlan.Policy
    /// The server's blocks by normalised domain (the first one listed, where two normalise alike).
    let byDomain: [String: DomainBlock]

    init(current: [DomainBlock], support: DomainBlockSupport, made: [String: SyncRecord], policy: SyncPlan.Policy) {
        self.support = support
        self.made = made
        self.policy = policy
        var byDomain: [String: DomainBlock] = [:]
        for block in current {
            byDomain[BlocklistFile.normalise(block.domain)] = byDomain[BlocklistFile.normalise(block.domain)] ?? block
        }
        self.byDomain = byDomain
    }

    func owner(_ block: DomainBlock) -> SyncPlan.Provenance? {
        SyncPlan.provenance(
            of: block, local: made[BlocklistFile.normalise(block.domain)],
            privateComment: support.privateComment)
    }

    func stamp(_ spec: DomainBlockSpec, sources: [String], adopted: Bool) -> DomainBlockSpec {
        guard support.privateComment else { return spec }
        var stamped = spec
        let stamp = SyncStamp(
            sources: sources, at: policy.now, fingerprint: SyncStamp.fingerprint(of: spec),
            adopted: adopted)
        stamped.privateComment = stamp.appended(to: spec.privateComment)
        return stamped
    }

    /// What one merged block comes to before the server's list is compared: a row decided already
    /// (or none), or the spec to plan a write for, with what was dropped to fit the software.
    enum Entry {
        case decided(Step?)
        case write(DomainBlockSpec, note: String?)
    }

    func entry(for block: MergedBlock) -> Entry {
        if let exclude = policy.exclude(for: block.domain) {
            var step = Step(
                action: .kept, domain: block.domain, wanted: nil, existing: byDomain[block.domain],
                details: [], sources: block.sources,
                note: "excluded (\(exclude)): sync never touches it")
            step.kept = .excluded
            return .decided(step)
        }
        if block.unmatched {
            let digest = block.digest.map { ", digest \($0.prefix(12))..." } ?? ""
            let shown = block.fits.prefix(5).joined(separator: ", ") + (block.fits.count > 5 ? ", ..." : "")
            let note =
                block.fits.isEmpty
                ? "obfuscated; no known peer of this server matches it\(digest)"
                : "obfuscated without a digest; ambiguous: \(block.fits.count) known domains fit it (\(shown))"
            return .decided(
                Step(
                    action: .unmatched, domain: block.domain, wanted: nil, existing: nil, details: [],
                    sources: block.sources,
                    note: note))
        }
        let existing = byDomain[block.domain]
        var spec = support.implied(block.spec)
        // Sources without comments leave the server's as they are.
        if spec.publicComment == "" { spec.publicComment = existing?.publicComment ?? "" }
        if spec.privateComment == "" {
            spec.privateComment = existing.map { SyncStamp.stripped($0.privateComment) } ?? ""
        }
        if !support.publicComment { spec.publicComment = nil }
        if !support.privateComment { spec.privateComment = nil }
        let missing = support.unsupported(spec)
        guard !missing.isEmpty else { return .write(spec, note: nil) }
        let emptyNoop =
            spec.severity == .noop && !support.emptyBlocks
            && !(spec.rejectMedia && support.rejectMedia) && !(spec.rejectReports && support.rejectReports)
        if emptyNoop || (spec.severity == .noop && support.reduced(spec) == nil) {
            return .decided(existing.map { noopLift($0, sources: block.sources) })
        }
        guard let reduced = support.reduced(spec) else {
            return .decided(
                Step(
                    action: .skip, domain: block.domain, wanted: nil, existing: existing, details: [],
                    sources: block.sources,
                    note: "\(support.software) cannot keep \(missing.joined(separator: ", "))"))
        }
        return .write(reduced, note: "dropped \(missing.joined(separator: ", ")) (\(support.software) cannot keep it)")
    }

    /// fediblockhole's noop lowers; a server that cannot keep such a block (none that limits nothing,
    /// or suspensions only) lifts instead, if the block is sync's to lift.
    func noopLift(_ existing: DomainBlock, sources: [String]) -> Step {
        let provenance = owner(existing)
        if let kept = SyncPlan.handsOff(
            existing, owner: provenance, policy: policy, sources: sources, details: ["lift"])
        {
            return kept
        }
        if let provenance, !provenance.adopted {
            return Step(
                action: .lift, domain: existing.domain, wanted: nil, existing: existing,
                details: [], sources: sources,
                note: "noop: \(support.software) cannot keep a lower block")
        }
        // Adopted (now or before): sync may change it but, as with retractions, never lifts it.
        var kept = Step(
            action: .kept, domain: existing.domain, wanted: nil, existing: existing,
            details: ["lift"], sources: sources,
            note: "noop: \(support.software) cannot keep a lower block, and an adopted "
                + "block is never lifted: left as it is")
        kept.kept = .madeByHand
        return kept
    }

    /// The row for one write DomainBlockPlan planned for `block`'s entry (nil when it planned none).
    func step(for planned: DomainBlockPlan.Step, block: MergedBlock, note: String?) -> Step? {
        guard var spec = planned.spec else { return nil }
        let existing = planned.existing
        var step = Step(
            action: .unchanged, domain: planned.domain, wanted: nil, existing: existing, details: [],
            sources: block.sources,
            note: note)
        switch planned.action {
        case .covered:
            step.action = .covered
            step.note = [
                existing.map { "covered by the \($0.severity.rawValue) block on \($0.domain)" }, step.note,
            ].compactMap { $0 }.joined(separator: "; ")
        case .add:
            step.action = .add
            step.wanted = stamp(spec, sources: block.sources, adopted: false)
            step.details = step.wanted?.changeDetails(from: nil) ?? []
        case .update, .unchanged:
            guard let existing else { break }
            let provenance = owner(existing)
            if provenance == nil ? policy.adopt : provenance?.adopted == true {
                // Taken over (now or before), the block keeps its comments; the sources' notes follow them.
                if support.publicComment {
                    spec.publicComment = SyncPlan.appending(block.spec.publicComment, to: existing.publicComment)
                }
                if support.privateComment {
                    spec.privateComment = SyncPlan.appending(block.spec.privateComment, to: existing.privateComment)
                }
            }
            let changes = SyncPlan.valueChanges(spec, existing)
            if changes.isEmpty { break }
            var current = existing
            if support.privateComment { current.privateComment = SyncStamp.stripped(existing.privateComment) }
            if let kept = SyncPlan.handsOff(
                existing, owner: provenance, policy: policy, sources: block.sources,
                details: spec.changeDetails(from: current))
            {
                step = kept
                step.note = [note, kept.note].compactMap { $0 }.joined(separator: "; ")
                break
            }
            spec = stamp(spec, sources: block.sources, adopted: provenance?.adopted ?? true)
            step.action =
                spec.severity > existing.severity
                ? .raise
                : spec.severity < existing.severity ? .lower : .change
            step.wanted = spec
            step.details = spec.changeDetails(from: existing)
        case .remove, .kept:
            break
        }
        return step
    }

    /// `--lift-retracted`: lifts for the sync-made blocks not in the merged list (`wanted`) whose
    /// every source, read in this run, dropped them.
    func retractions(keeping wanted: Set<String>, sources: SyncPlan.Sources) -> [Step] {
        var steps: [Step] = []
        for (domain, existing) in byDomain.sorted(by: { $0.key < $1.key }) where !wanted.contains(domain) {
            // Keyed to the block as the server holds it: one re-made by hand since is not sync's to lift,
            // nor one taken over by --adopt, nor an excluded domain's.
            guard policy.exclude(for: domain) == nil, let provenance = owner(existing), !provenance.adopted,
                sources.allDropped(domain, recorded: provenance.sources)
            else { continue }
            let lift = Step(
                action: .lift, domain: existing.domain, wanted: nil, existing: existing, details: [],
                sources: provenance.sources, note: "retracted by every source that listed it")
            steps.append(
                SyncPlan.handsOff(
                    existing, owner: provenance, policy: policy, sources: provenance.sources,
                    details: ["lift"]) ?? lift)
        }
        return steps
    }
}
