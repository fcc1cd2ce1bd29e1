import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

extension DomainBlocks {
    public struct Import: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bring the server's domain blocks in line with a blocklist file.",
            discussion: """
                Reads Mastodon's blocklist CSV (#domain,#severity,#reject_media,#reject_reports,#public_comment,\
                #obfuscate; a file without that header is read by position, so a plain list of domains works), \
                fediblockhole's CSV (domain,severity,… with true/t/1/y/yes booleans), JSON in the Mastodon admin \
                API shape, or one domain per line; the format is recognised unless --format names it. Rows \
                without a severity get --severity (suspend by default).

                fedictl reads the server's list, plans what to add, update or leave, prints the plan's counts, \
                and with --dry-run prints the plan and sends nothing. Otherwise it applies it, a few writes at a \
                time (--concurrency), with a progress line on a terminal. Blocks missing from the file are kept \
                unless --prune. Re-running the same import writes nothing; after a partial failure it writes only \
                what is still missing. On Mastodon a row that a parent domain's block already covers is shown as \
                covered, not sent. Pleroma/Akkoma and Misskey get the whole plan in one write. On GoToSocial a \
                block a domain subscription owns, and a domain on the server's exclude list, are kept as they are \
                (shown as kept) unless --force.

                A row the server cannot keep (silence on GoToSocial, comments on Misskey) stops the import with \
                exit 65 before anything is sent; --best-effort drops what the server cannot keep instead (rows \
                whose severity it cannot keep are skipped) and says so.

                EXIT STATUS
                  0   the server matches the file (or --dry-run)
                  65  the file cannot be read, or the server refused some rows (listed at the end)
                  75  only temporary failures (timeouts, rate limits, 5xx): run the same import again

                Examples:
                  $ fedictl domain-blocks import blocklist.csv --dry-run
                  $ fedictl domain-blocks import blocklist.csv
                  $ curl -s https://example.org/blocklist.csv | fedictl domain-blocks import - --yes --prune
                  $ fedictl domain-blocks import spammers.txt --severity silence
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The blocklist file, or - for stdin.", valueName: "file"), completion: .file())
        public var file: String

        @Option(
            help: ArgumentHelp(
                "mastodon-csv, csv, json or list (default: recognised from the content).", valueName: "format"))
        public var format: BlocklistFormat?

        @Option(help: ArgumentHelp("Severity for plain lists and rows without one.", valueName: "severity"))
        public var severity: DomainBlockSeverity = .suspend

        @Flag(help: "Also lift blocks the file does not list (asks first; --yes off a terminal).")
        public var prune = false

        @Flag(help: "Also change blocks a GoToSocial subscription owns, and domains excluded on the server.")
        public var force = false

        @Flag(help: "Drop what the server cannot keep instead of stopping; rows it cannot block at all are skipped.")
        public var bestEffort = false

        /// Writes in flight at once: the global --concurrency.
        var concurrency: Int { globals.concurrency }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainBlockPlanRow.self)
            let source = file == "-" ? "stdin" : file
            let blocklist = try BlocklistFile.parse(
                try DomainBlockSteps(ctx).readLocalFile(file), source: source,
                format: format,
                defaultSeverity: severity)
            for skipped in blocklist.skipped.prefix(5) {
                ctx.status("Skipping line \(skipped.line) (\(skipped.domain)): \(skipped.reason).")
            }
            if blocklist.skipped.count > 5 {
                ctx.status("Skipping \(blocklist.skipped.count - 5) more rows of that kind.")
            }
            // Bulk work: rate limits are waited out (up to --max-wait each), with the waits shown.
            let progress = BulkProgress(ctx)
            let ctx = ctx.forBulkWork(onWait: progress.waiting)
            // A dry run prints the whole plan and stops before the first write; the central guard
            // still stands behind it (Misskey's POST reads are marked as reads and pass).
            try await ctx.with(.domainBlocks(.domainBlocksImport)) { adapter in
                let entries = try fit(blocklist.entries, to: adapter.support, ctx: ctx)
                let current = try await adapter.list(limit: nil, onPage: nil)
                var plan = DomainBlockPlan(
                    wanted: entries, current: current, prune: prune,
                    parentRules: adapter.support.parentRules)
                if !force {
                    plan = plan.keeping(
                        try await DomainBlockSteps(ctx).serverOwned(
                            client: try await ctx.client(), support: adapter.support))
                }
                ctx.status(Self.summary(plan))
                let writes = plan.writes
                if ctx.globals.dryRun {
                    return try ctx.output.list(
                        plan.steps.filter { $0.action != .unchanged }.map { Self.row($0, result: nil) })
                }
                guard !writes.isEmpty else {
                    let covered = plan.steps.filter { [.covered, .kept].contains($0.action) }
                    if !covered.isEmpty { try ctx.output.list(covered.map { Self.row($0, result: nil) }) }
                    return ctx.status("Nothing to write: the server already matches \(source).")
                }
                if plan.count(.update) > 0, let refusal = adapter.support.refusal(of: .domainBlocksUpdate) {
                    throw refusal
                }
                if plan.count(.remove) > 0 {
                    let lifted = plan.steps.filter { $0.action == .remove }.map(\.domain)
                    try ctx.confirm(
                        "Lift \(lifted.count) domain block\(lifted.count == 1 ? "" : "s") that \(source) does not list (\(namedList(lifted)))?"
                    )
                }
                let outcomes = try await Self.apply(writes, with: adapter, concurrency: concurrency, progress: progress)
                try Self.finish(plan, outcomes: outcomes, rerun: "run the same import again", ctx: ctx)
            }
        }

        /// The entries as the server can keep them: unchanged, or refused (exit 65) listing the rows,
        /// or with --best-effort reduced to what it can keep.
        func fit(_ entries: [BlocklistFile.Entry], to support: DomainBlockSupport, ctx: CommandContext) throws
            -> [BlocklistFile.Entry]
        {
            var kept: [BlocklistFile.Entry] = []
            var refused: [String] = []
            var skipped: [String] = []
            var reduced: [String] = []
            for entry in entries {
                let spec = support.implied(entry.spec)
                let missing = support.unsupported(spec)
                if missing.isEmpty {
                    kept.append(BlocklistFile.Entry(line: entry.line, spec: spec))
                } else if bestEffort, let fitted = support.reduced(spec) {
                    kept.append(BlocklistFile.Entry(line: entry.line, spec: fitted))
                    reduced.append("\(spec.domain) (\(missing.joined(separator: ", ")))")
                } else {
                    refused.append("line \(entry.line) (\(spec.domain)): \(missing.joined(separator: ", "))")
                    skipped.append(spec.domain)
                }
            }
            if !refused.isEmpty, !bestEffort {
                let more = refused.count > 5 ? "; and \(refused.count - 5) more" : ""
                throw FediError(
                    .dataError,
                    "\(support.software) cannot keep what \(refused.count) row\(refused.count == 1 ? "" : "s") of the blocklist ask for; nothing was sent",
                    hint: refused.prefix(5).joined(separator: "; ") + more + "; --best-effort drops what it cannot keep"
                )
            }
            if !reduced.isEmpty {
                ctx.status(
                    "Dropped settings \(support.software) cannot keep from \(reduced.count) row\(reduced.count == 1 ? "" : "s") (--best-effort): \(namedList(reduced))."
                )
            }
            if !skipped.isEmpty {
                ctx.status(
                    "Skipped \(skipped.count) row\(skipped.count == 1 ? "" : "s") \(support.software) cannot block at all (--best-effort): \(namedList(skipped))."
                )
            }
            return kept
        }

        /// The plan's writes through the bulk engine (`add -` sends its list the same way).
        static func apply(
            _ writes: [DomainBlockPlan.Step], with adapter: any DomainBlockAdapter, concurrency: Int,
            progress: BulkProgress
        ) async throws -> BulkResult<DomainBlockPlan.Step, String> {
            if adapter.writesWholeList {
                // One read-modify-write for the lot: a failure fails them all, and says why.
                defer { progress.finish() }
                try await adapter.carryOut(writes.compactMap(\.change))
                return BulkResult(steps: writes, outcomes: writes.map { .done(Self.doneWord($0.action)) })
            }
            return await BulkEngine(concurrency: concurrency, observer: progress).run(writes) { step in
                switch try await adapter.carryOut(step) {
                case .covered(let parent): "covered by \(parent.domain)"
                case .unchanged: step.action == .add ? "already blocked" : Self.doneWord(step.action)
                case .created, .updated, .removed: Self.doneWord(step.action)
                }
            }
        }

        static func doneWord(_ action: DomainBlockPlan.Action) -> String {
            switch action {
            case .add: "added"
            case .update: "updated"
            case .remove: "lifted"
            case .unchanged: "unchanged"
            case .covered: "covered"
            case .kept: "kept"
            }
        }

        /// Prints what was done, then the failures on stderr, and exits as the bulk engine's rule says.
        static func finish(
            _ plan: DomainBlockPlan, outcomes: BulkResult<DomainBlockPlan.Step, String>,
            rerun: String, ctx: CommandContext
        ) throws {
            var rows: [DomainBlockPlanRow] = zip(outcomes.steps, outcomes.outcomes).map { step, outcome in
                Self.row(step, result: outcome.resultWord { $0 })
            }
            rows += plan.steps.filter { [.covered, .kept].contains($0.action) }.map { Self.row($0, result: nil) }
            try ctx.output.list(rows)
            let total = outcomes.steps.count
            try outcomes.finish(
                "Wrote \(outcomes.done) of \(total) change\(total == 1 ? "" : "s").", in: ctx, rerun: rerun,
                name: \.domain)
        }

        /// "1000 to add, 0 to update, 0 unchanged", with covered and removed rows when there are any.
        static func summary(_ plan: DomainBlockPlan) -> String {
            var parts = [
                "\(plan.count(.add)) to add", "\(plan.count(.update)) to update", "\(plan.count(.unchanged)) unchanged",
            ]
            if plan.count(.covered) > 0 { parts.append("\(plan.count(.covered)) covered by a parent domain's block") }
            if plan.count(.remove) > 0 { parts.append("\(plan.count(.remove)) to lift") }
            if plan.count(.kept) > 0 { parts.append("\(plan.count(.kept)) left to the server's own tools") }
            return parts.joined(separator: ", ")
        }

        static func row(_ step: DomainBlockPlan.Step, result: String?) -> DomainBlockPlanRow {
            let shown = step.spec ?? step.existing?.spec
            let note = step.action == .covered ? step.existing.map { "covered by \($0.domain)" } : step.note
            return DomainBlockPlanRow(
                action: step.action.rawValue, domain: step.domain, severity: shown?.severity.rawValue,
                rejectMedia: shown?.rejectMedia, rejectReports: shown?.rejectReports, changes: step.changes,
                details: [.add, .update].contains(step.action)
                    ? step.spec?.changeDetails(from: step.existing) ?? [] : [],
                line: step.line, result: result ?? note)
        }
    }
}

extension DomainBlocks.Import: JournaledCommand {
    // One entry per domain sent; the target comes from each request.
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        target.map { ["domain-blocks", "remove", $0] }
    }
}
