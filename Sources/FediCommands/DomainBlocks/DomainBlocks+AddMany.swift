import FediCore

extension DomainBlocks.Add {
    /// `domain-blocks add -`: every domain on stdin (one a line, blank lines and `#` comments skipped;
    /// a list's piped `ACCOUNT<TAB>DOMAIN` line gives its domain, as a domain names the same place on
    /// every server) brought to the settings given, as an import of that list is: the server's list
    /// read once, a plan, one confirmation, the writes through the bulk engine, each journaled with its
    /// undo. A domain already blocked so is left alone, so a re-run writes only what is still missing.
    func addFromStdin(in ctx: CommandContext) async throws {
        let text = String(decoding: try ctx.terminal.readAll(), as: UTF8.self)
        var domains: [(line: Int, domain: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let whole = line.trimmed()
            guard !whole.isEmpty, !whole.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let value = fields.count > 1 ? fields[1].trimmed() : whole
            do {
                domains.append((index + 1, try DomainText.parse(value, wildcard: true)))
            } catch let error as FediError {
                throw FediError(
                    .dataError, "line \(index + 1) of stdin: \(error.message); nothing was sent",
                    hint:
                        "one domain a line (spam.example, *.spam.example, or a list's ACCOUNT<TAB>DOMAIN); # starts a comment"
                )
            }
        }
        guard !domains.isEmpty else { return ctx.noteOutcome("no domain on stdin: nothing to block") }
        let progress = BulkProgress(ctx)
        let ctx = ctx.forBulkWork(onWait: progress.waiting)
        try await ctx.with(.domainBlocks(.domainBlocksAdd)) { adapter in
            let current = try await adapter.list(limit: nil, onPage: nil)
            let entries = try domains.map { line, domain in
                let spec = settings.changes.applied(to: current.first(named: domain), domain: domain)
                try DomainBlockSteps(ctx).requireSupported(spec, by: adapter)
                return BlocklistFile.Entry(line: line, spec: spec)
            }
            let plan = DomainBlockPlan(
                wanted: entries, current: current, prune: false,
                parentRules: adapter.support.parentRules)
            let host = try ctx.login().server.authority
            ctx.status(DomainBlocks.Import.summary(plan))
            let shown = plan.steps.filter { $0.action != .unchanged }
            if ctx.globals.dryRun {
                return try ctx.output.list(shown.map { DomainBlocks.Import.row($0, result: nil) })
            }
            let writes = plan.writes
            guard !writes.isEmpty else {
                try ctx.output.list(shown.map { DomainBlocks.Import.row($0, result: nil) })
                return ctx.noteOutcome("\(host) already blocks every domain given with these settings; nothing sent")
            }
            if plan.count(.update) > 0, let refusal = adapter.support.refusal(of: .domainBlocksUpdate) {
                throw refusal
            }
            let (added, updated) = (plan.count(.add), plan.count(.update))
            var what = added > 0 ? ["block \(added) domain\(added == 1 ? "" : "s")"] : []
            if updated > 0 { what.append("change \(updated) existing block\(updated == 1 ? "" : "s")") }
            let named = namedList(writes.map(\.domain), limit: 5)
            let sentence = what.joined(separator: " and ")
            try ctx.confirm(sentence.prefix(1).uppercased() + sentence.dropFirst() + " on \(host) (\(named))?")
            let outcomes = try await DomainBlocks.Import.apply(
                writes, with: adapter,
                concurrency: ctx.globals.concurrency, progress: progress)
            try DomainBlocks.Import.finish(plan, outcomes: outcomes, rerun: "run the same command again", ctx: ctx)
        }
    }
}
