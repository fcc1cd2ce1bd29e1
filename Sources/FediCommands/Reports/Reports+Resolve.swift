import ArgumentParser
import FediCore

extension Reports {
    public struct Resolve: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Mark a report resolved, or every open report about one account.",
            discussion: """
            To act on the reported account and resolve the report in one go, use \
            `fedictl accounts action ID --type suspend --report REPORT` instead. --comment is sent to the \
            reporter on GoToSocial (action_taken_comment) and kept as a note on Pleroma and Akkoma; \
            Mastodon and Misskey have no place for it.

            --target ACCOUNT resolves every open report about that account (@user@host), on every \
            selected account's server. --action takes an action on the account first, with the oldest \
            report attached (Mastodon's POST /api/v1/admin/accounts/:id/action with report_id, which \
            resolves the account's other open reports too); the reports still open afterwards are read \
            back and resolved, so nothing is sent twice. As for accounts action, GoToSocial and the \
            Misskey family can only suspend, and Pleroma and Akkoma have no warning (--action none): \
            such a server refuses (exit 69) before anything is sent there. --dry-run shows each \
            server's reports and requests; over several accounts a summary per server ends the run.

            Examples:
              $ fedictl reports resolve 123
              $ fedictl reports resolve 01JH6A8C0E2G4J6M8P0R2T4W6Y --comment "Thanks, we suspended them."
              $ fedictl --all-accounts reports resolve --target @spammer@bad.example --action suspend --dry-run
            """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id (or give --target).")
        public var id: String?

        @Option(help: ArgumentHelp("Resolve every open report about this account (@user@host).", valueName: "account"))
        public var target: String?

        @Option(help: ArgumentHelp("With --target: first act on the account: none (a warning), sensitive, disable, silence or suspend.",
                                   valueName: "type"))
        public var action: AccountAction.Kind?

        @Option(help: ArgumentHelp("With --action: why (sent to the user with a Mastodon warning).", valueName: "text"))
        public var text: String?

        @Option(help: ArgumentHelp("A note on what was done (GoToSocial, Pleroma, Akkoma).", valueName: "text"))
        public var comment: String?

        public func validate() throws {
            if (id == nil) == (target == nil) { throw ValidationError("give a report id or --target ACCOUNT (one of them)") }
            // A bare domain would match no account: "no open report", exit 0, while its reports stay open.
            if let target, !target.contains("@"), target.contains(".") {
                throw FediError(.usage, "--target takes one account (@user@host), and \(target) is a domain",
                                hint: "for one account: --target @user@\(target); for the whole domain: fedictl domain-blocks add \(target)")
            }
            if target == nil, action != nil { throw ValidationError("--action needs --target") }
            if action == nil, text != nil { throw ValidationError("--text needs --action") }
        }

        public func run(in ctx: CommandContext) async throws {
            guard let id else { return try await resolveAll(about: target ?? "", in: ctx) }
            try await ReportView.change(.reportsResolve, in: ctx, done: "Resolved report \(id)", id: id,
                                  note: { report, host, _ in .report(report, on: host, state: "resolved") }
            ) { reports in
                try reports.support.check(comment: comment)
                return try await reports.resolve(id: id, comment: comment)
            }
        }

        /// `--target`: every open report about one account on this account's server.
        private func resolveAll(about target: String, in ctx: CommandContext) async throws {
            let client = try await ctx.client()
            let host = client.server.authority
            // The accounts' adapter carries the same server's report queue (`accounts.reports`).
            try await ctx.with(.accounts(.reportsResolve)) { accounts in
                if action != nil { _ = try await ctx.require(.accountsAction) }
                let sweep = try await ReportSweep.plan(about: target, action: action, text: text, comment: comment,
                                                       reports: accounts.reports, accounts: action == nil ? nil : accounts, host: host)
                let ids = sweep.reports.map(\.id).joined(separator: ", ")
                let count = "\(sweep.reports.count) open report\(sweep.reports.count == 1 ? "" : "s")"
                guard !sweep.reports.isEmpty else { return ctx.noteOutcome("no open report about \(target)") }
                let acting = sweep.action.map { "\($0.kind.rawValue) \(target) and " } ?? ""
                if ctx.globals.dryRun {
                    var plan = "dry run: \(count) about \(target) on \(host): \(ids)\n"
                    plan += sweep.requests.map { "dry run: would send \($0)\n" }.joined()
                    ctx.terminal.write(ctx.linesForAccount(plan))
                    return ctx.noteOutcome("dry run: would \(acting)resolve \(count): \(ids)")
                }
                if let kind = sweep.action?.kind, [.disable, .silence, .suspend].contains(kind) {
                    try ctx.confirm("\(kind.rawValue.capitalized) \(target) on \(host) and resolve \(count) (\(ids))?")
                }
                try await sweep.carryOut(comment: comment, reports: accounts.reports, accounts: accounts)
                let done = sweep.action.map { "\($0.kind == .none ? "warned" : $0.kind.rawValue) \(target); " } ?? ""
                ctx.noteOutcome("\(done)resolved \(sweep.reports.count) report\(sweep.reports.count == 1 ? "" : "s"): \(ids)")
            }
        }
    }
}

extension Reports.Resolve: JournaledCommand {
    /// With --target, every entry names the account; its reports are in each entry's request.
    public var journalTarget: String? { id ?? target }
    public var journalBefore: String? { "open" }
    public var journalAfter: String? { action.map { "\($0.rawValue), resolved" } ?? "resolved" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { id.map { ["reports", "reopen", $0] } }
}
