import FediCore
import FediOutput
import FoundationEssentials

extension DomainBlockSteps {
    /// Where sync records what it made on the selected account's server.
    func syncProvenance() throws -> SyncProvenance {
        SyncProvenance(paths: StatePaths(environment: ctx.environment), account: try ctx.login().id)
    }

    /// What each domain's suspension would cut, where the server can say (none elsewhere). A few
    /// domains are asked about at once. A domain the server will not count is handed back as
    /// uncounted, unless `capping` and `writes`: then the cap cannot be kept, and nothing is written.
    func domainFollows(
        _ domains: [String], client: APIClient, support: DomainBlockSupport, capping: Bool,
        writes: Bool
    ) async throws -> (counted: [String: DomainFollows], uncounted: [String: String]) {
        guard !domains.isEmpty else { return ([:], [:]) }
        if let refusal = support.refusal(of: .domainFollows) {
            if capping {
                // The cap is the default: say where it does not hold rather than let it pass for kept.
                ctx.status(
                    "fedictl: \(refusal.message), so suspensions of domains "
                        + "local accounts follow are not capped on \(client.server.authority)")
            }
            return ([:], [:])
        }
        let now = ctx.services.now()
        // Each task hands back a plain enum: a `(String, Result<_, any Error>)` tuple as the task
        // group's result crashed the release build (Swift 6.3.1) when the group copied it.
        let counted = await concurrently(domains, limit: max(1, ctx.globals.concurrency)) { domain -> FollowCount in
            do { return .counted(try await client.domainFollows(domain, now: now)) } catch {
                return .failed(ErrorReport.fediError(from: error))
            }
        }
        var follows: [String: DomainFollows] = [:]
        var uncounted: [String: String] = [:]
        for (domain, count) in zip(domains, counted) {
            switch count {
            case .counted(let counts): follows[domain] = follows[domain] ?? counts
            case .failed(let cause) where capping && writes:
                throw FediError(
                    cause.status,
                    "cannot count the follows of \(domain), which the cap on followed "
                        + "domains (--max-followed-severity) needs: \(cause.message)",
                    hint: "nothing was written; run again, or with --max-followed-severity suspend "
                        + "to write suspensions uncapped")
            case .failed(let cause): uncounted[domain] = cause.message
            }
        }
        return (follows, uncounted)
    }

    /// One domain's follow counts, or why the server gave none.
    enum FollowCount: Sendable {
        case counted(DomainFollows)
        case failed(FediError)
    }

    /// `plan` as this server can carry it out: where blocks cannot be changed in place, the changes are skipped, saying why.
    func fitted(_ plan: SyncPlan, to support: DomainBlockSupport) -> SyncPlan {
        guard plan.steps.contains(where: { [.raise, .lower, .change].contains($0.action) }),
            let refusal = support.refusal(of: .domainBlocksUpdate)
        else { return plan }
        var fitted = plan
        fitted.skipUpdates(refusal.message)
        return fitted
    }

    /// "3 to add, 1 to raise, 2 unchanged, 1 kept (made by hand)": the plan's counts, the empty ones left out.
    static func syncSummary(_ plan: SyncPlan) -> String {
        let words: [(SyncPlan.Action, String)] = [
            (.add, "to add"), (.raise, "to raise"), (.lower, "to lower"), (.change, "to change"),
            (.lift, "to lift"), (.unchanged, "unchanged"), (.covered, "covered by a parent domain"),
            (.skip, "the server cannot keep"),
            (.unmatched, "obfuscated and not matched"),
        ]
        var parts = words.compactMap { action, word in plan.count(action) > 0 ? "\(plan.count(action)) \(word)" : nil }
        let kept: [(SyncPlan.Kept, String)] = [
            (.madeByHand, "kept (made by hand)"),
            (.changedSince, "kept (changed by hand since sync)"),
            (.excluded, "excluded"),
            (.serverOwned, "left to the server's own tools"),
        ]
        for (reason, word) in kept {
            let count = plan.steps.filter { $0.action == .kept && ($0.kept ?? .serverOwned) == reason }.count
            if count > 0 { parts.append("\(count) \(word)") }
        }
        return parts.isEmpty ? "nothing to do" : parts.joined(separator: ", ")
    }

    /// Carries out a sync plan's writes on the selected account's server, paced by its pacer (the
    /// context does bulk work), and records each write in the provenance record as soon as the server
    /// has it. Prints every row with its result; failures exit as an import's do (75 temporary, 65).
    func applySync(_ plan: SyncPlan, with adapter: any DomainBlockAdapter, listDigest: String, progress: BulkProgress)
        async throws
    {
        let login = try ctx.login()
        let provenance = try syncProvenance()
        let writes = plan.writes
        let now = ctx.services.now
        let host = login.server.authority
        @Sendable func record(_ step: SyncPlan.Step, block: DomainBlock? = nil) async throws {
            try await provenance.record(
                SyncRecord(
                    domain: step.domain, server: host, sources: step.sources, at: now(),
                    action: step.action.rawValue, blockID: block?.id,
                    fingerprint: step.wanted.map(SyncStamp.fingerprint(of:))))
        }
        let result: BulkResult<SyncPlan.Step, String>
        if adapter.writesWholeList {
            // One read-modify-write for the lot.
            try await adapter.carryOut(writes.compactMap { $0.write?.change })
            for step in writes { try await record(step) }
            result = BulkResult(steps: writes, outcomes: writes.map { _ in .done("done") })
        } else {
            result = await BulkEngine(concurrency: ctx.globals.concurrency, observer: progress).run(writes) { step in
                guard let write = step.write else { return "unchanged" }
                switch try await adapter.carryOut(write) {
                case .created(let block), .updated(let block, _):
                    try await record(step, block: block)
                    return "done"
                case .removed:
                    try await record(step)
                    return "done"
                case .unchanged(let block):
                    // Made by an earlier run whose record was cut short: claim it only if it bears sync's stamp.
                    if step.action == .add, SyncStamp.parse(block.privateComment) != nil {
                        try await record(step, block: block)
                    }
                    return "already so"
                case .covered(let parent):
                    return "covered by \(parent.domain)"
                }
            }
        }
        var results: [String: BulkOutcome<String>] = [:]
        for (step, outcome) in zip(result.steps, result.outcomes) { results[step.domain] = outcome }
        let rows = plan.steps.map { step in
            var row = SyncRow(step, account: login.id, listDigest: listDigest)
            if let outcome = results[step.domain] { row.result = outcome.resultWord { $0 } }
            return row
        }
        try ctx.output.list(rows)
        try result.finish(
            "Wrote \(result.done) of \(writes.count) change\(writes.count == 1 ? "" : "s") on \(host).", in: ctx,
            on: host, rerun: "run the same sync again", name: \.domain)
    }
}
