import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

extension DomainBlocks {
    public struct Apply: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "apply",
            abstract: "Apply a plan saved by `domain-blocks sync --dry-run -o json`.",
            discussion: """
                The plan names its accounts (--account or --all-accounts applies it to those of them only); each server's plan is applied as sync would (in parallel, paced, \
                recorded in the provenance record). A server whose domain blocks changed since the plan was \
                made is refused with exit 79 and nothing is sent to it, unless --force (the plan's rows are then \
                applied against the list as it is now).

                Examples:
                  $ fedictl domain-blocks sync lists/*.csv --all-accounts --dry-run -o json > plan.json
                  $ fedictl domain-blocks apply plan.json --yes
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The plan (JSON from `sync --dry-run -o json`), or - for stdin.", valueName: "plan"),
            completion: .file())
        public var plan: String

        @Flag(help: "Apply even to a server whose list changed since the plan was made.")
        public var force = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: SyncRow.self)
            let rows = try readPlan(ctx)
            guard ctx.fleetMember != nil || selectsAccounts else { return try await runOnPlanAccounts(rows, ctx: ctx) }
            let login = try ctx.login()
            let mine = rows.filter { $0.account == login.id }
            guard !mine.isEmpty else { return ctx.status("The plan has nothing for \(login.id).") }
            let progress = BulkProgress(ctx)
            let ctx = ctx.forBulkWork(onWait: progress.waiting)
            try await ctx.with(.domainBlocks(.domainBlocksApply)) { adapter in
                let current = try await adapter.list(limit: nil, onPage: nil)
                let digest = SyncPlan.listDigest(current)
                if let planned = mine.first?.listDigest, planned != digest, !force {
                    throw FediError(
                        .stalePlan,
                        "the domain blocks on \(login.server.authority) changed since the plan was made; nothing was sent",
                        hint:
                            "make the plan again with `fedictl domain-blocks sync ... --dry-run -o json`, or pass --force"
                    )
                }
                try SyncPlanCheck.lifts(
                    mine, made: try await DomainBlockSteps(ctx).syncProvenance().made(),
                    current: current,
                    support: adapter.support, host: login.server.authority)
                let plan = DomainBlockSteps(ctx).fitted(
                    SyncPlan(steps: try mine.map { try $0.step(current: current) }), to: adapter.support)
                guard !plan.writes.isEmpty else {
                    try ctx.output.list(mine)
                    return ctx.status("Nothing to write on \(login.server.authority).")
                }
                try ctx.confirm(
                    "Apply \(plan.writes.count) change\(plan.writes.count == 1 ? "" : "s") to \(login.server.authority) (\(DomainBlockSteps.syncSummary(plan)))?"
                )
                try await DomainBlockSteps(ctx).applySync(plan, with: adapter, listDigest: digest, progress: progress)
            }
        }

        /// The plan's accounts, in the order they first appear: one runs here, several through the fleet runner.
        /// `--account` or `--all-accounts` given: the plan is applied to those of its accounts only.
        var selectsAccounts: Bool { !globals.accounts.isEmpty || globals.allAccounts }

        func runOnPlanAccounts(_ rows: [SyncRow], ctx: CommandContext) async throws {
            var ids: [String] = []
            for row in rows where !ids.contains(row.account) { ids.append(row.account) }
            guard !ids.isEmpty else { return ctx.status("The plan is empty: nothing to apply.") }
            let config = try ctx.services.logins.load()
            let pins = try ids.map { AccountPin(login: try config.login(matching: $0)) }
            if pins.count == 1 {
                var one = ctx
                one.fleetMember = pins[0]
                return try await run(in: one)
            }
            let status = await FleetRunner(ctx: ctx, pins: pins).run(self)
            if status != 0 { throw ExitCode(status) }
        }

        func readPlan(_ ctx: CommandContext) throws -> [SyncRow] {
            let data = try DomainBlockSteps(ctx).readLocalFile(plan)
            let rows: [SyncRow]
            do {
                rows = try JSONCoding.decoder().decode([SyncRow].self, from: data)
            } catch {
                throw FediError(
                    .dataError, "\(plan == "-" ? "stdin" : plan) is not a saved sync plan",
                    hint: "make one with `fedictl domain-blocks sync SOURCE... --dry-run -o json > plan.json`")
            }
            return try SyncPlanCheck.rows(rows, source: plan == "-" ? "stdin" : plan)
        }
    }
}

/// A saved plan names its own accounts, unless accounts are selected.
extension DomainBlocks.Apply {
    public var fansOut: Bool { selectsAccounts }
}

extension DomainBlocks.Apply: JournaledCommand {
    /// Each block's note carries its target, before, after and exact undo.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
