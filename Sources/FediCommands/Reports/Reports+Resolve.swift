import ArgumentParser
import FediCore

extension Reports {
    public struct Resolve: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Mark a report resolved, every open report about one account, or every one a selector picks.",
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

                Instead of an id or --target, a selector (--domain: reports about accounts of that domain; \
                --match: the reported account's username; --since, --until: when the report was filed) or - \
                (report ids, account ids or @user@host handles on stdin) resolves every open report it \
                matches, at most --limit (500): one confirmation shows how many and the first few, --dry-run \
                lists them, the writes are paced to the server's rate limit, each is journaled with its undo \
                (reports reopen ID), and failures are named at the end. With --action, each reported account \
                is acted on once (--limit counts accounts), its oldest open report attached, and its other \
                reports still open afterwards are resolved; an account that already has the action's flag \
                is not acted on again. A re-run acts only on what is still open.

                A report assigned to another moderator (Mastodon) is theirs: resolving it (or acting on \
                its account with accounts action --report) needs --take-over, which assigns it to you \
                first (journaled with the assignee before and after), or a yes on a terminal; otherwise \
                it is refused (exit 79) naming them. --target and selectors leave such reports and name \
                them.

                Examples:
                  $ fedictl reports resolve 123
                  $ fedictl reports resolve 01JH6A8C0E2G4J6M8P0R2T4W6Y --comment "Thanks, we suspended them."
                  $ fedictl --all-accounts reports resolve --target @spammer@bad.example --action suspend --dry-run
                  $ fedictl --all-accounts reports resolve --domain spamwave.example --action suspend --yes
                  $ fedictl reports list --since 2h --fields id | fedictl reports resolve - --yes
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The report's id; - for report ids or handles on stdin; none with --target or "
                    + "a selector.", valueName: "id"))
        public var id: String?

        @Option(help: ArgumentHelp("Resolve every open report about this account (@user@host).", valueName: "account"))
        public var target: String?

        @OptionGroup public var selection: SelectionWrite

        public var stdinReferences: StdinReferences? {
            id == "-" ? StdinReferences(eachServer: selection.filters.eachServer, takes: .report) : nil
        }

        @Option(
            help: ArgumentHelp(
                "With --target or a selector: first act on the account: none (a warning), "
                    + "sensitive, disable, silence or suspend.",
                valueName: "type"))
        public var action: AccountAction.Kind?

        @Option(help: ArgumentHelp("With --action: why (sent to the user with a Mastodon warning).", valueName: "text"))
        public var text: String?

        @Option(help: ArgumentHelp("A note on what was done (GoToSocial, Pleroma, Akkoma).", valueName: "text"))
        public var comment: String?

        @Flag(help: "Act on reports assigned to another moderator too (each becomes yours first).")
        public var takeOver = false

        /// Over a selector or stdin rather than one report or one account.
        var isBulk: Bool { target == nil && SelectionWrite.isBulk(id) }

        public func validate() throws {
            if id == nil, target == nil, !selection.filters.isGiven {
                throw ValidationError(
                    "give a report id, --target ACCOUNT, - (ids on stdin) or a selector "
                        + "(--domain, --match, --since, --until)")
            }
            if id != nil, target != nil { throw ValidationError("give a report id or --target ACCOUNT, not both") }
            if target != nil || (id != nil && id != "-"), selection.filters.isGiven {
                throw ValidationError(
                    "give one report (or --target) or a selector, not both "
                        + "(for a list of reports, pipe their ids to -)")
            }
            // A bare domain would match no account: "no open report", exit 0, while its reports stay open.
            if let target, !target.contains("@"), target.contains(".") {
                throw FediError(
                    .usage, "--target takes one account (@user@host), and \(target) is a domain",
                    hint:
                        "for one account: --target @user@\(target); for the whole domain: fedictl domain-blocks add \(target)"
                )
            }
            if !isBulk, target == nil, action != nil { throw ValidationError("--action needs --target or a selector") }
            if action == nil, text != nil { throw ValidationError("--text needs --action") }
        }

        public func run(in ctx: CommandContext) async throws {
            let wave = action.map { ReportWaveAction(kind: $0, text: text) }
            if isBulk {
                try ctx.output.validateFields(for: BulkTargetRow.self)
                return try await ReportWave(ctx).resolve(
                    stdin: id == "-", selection: selection, action: wave, comment: comment, takeOver: takeOver)
            }
            guard let id else {
                return try await ReportWave(ctx).resolve(
                    about: target ?? "", action: wave, comment: comment, takeOver: takeOver)
            }
            try ctx.output.validateFields(for: Report.self)  // (ReportView.change checks again: it serves every verb)
            try await ReportView.change(
                .reportsResolve, .resolve(comment: comment), in: ctx, done: "Resolved report \(id)", id: id,
                takeOver: takeOver)
        }
    }
}

extension Reports.Resolve: JournaledCommand {
    /// With --target, every entry names the account; its reports are in each entry's request. Over a
    /// selector each entry names its report or account.
    public var journalTarget: String? { id == "-" ? nil : id ?? target }
    public var journalBefore: String? { "open" }
    public var journalAfter: String? { action.map { "\($0.rawValue), resolved" } ?? "resolved" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        id.flatMap { $0 == "-" ? nil : ["reports", "reopen", $0] }
    }
}
