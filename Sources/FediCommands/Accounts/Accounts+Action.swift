import ArgumentParser
import FediCore

extension Accounts {
    public struct Action: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "action",
            abstract:
                "Act on an account: warn it, force its media sensitive, disable its login, silence or suspend it.",
            discussion: """
                --type none sends a warning only. With --report the report is resolved too. On Mastodon \
                the user is e-mailed the text unless --no-notify. GoToSocial and the Misskey family can only \
                suspend; Pleroma and Akkoma deactivate (suspend, disable) or tag the account \
                (silence: mrf_tag:force-unlisted, sensitive: mrf_tag:media-force-nsfw) and keep --text as a \
                note on the report. What a server cannot do is refused (exit 69) before anything is sent. \
                disable, silence and suspend ask first on a terminal; elsewhere they need --yes. Shows the \
                account afterwards.

                Over several accounts, @user@remote.example is looked up on each selected server (its \
                own copy of the remote account, found by the admin account search by username and \
                domain) and acted on there; a server that does not know the account is that server's \
                failure line. --dry-run shows each server's request; a summary per server ends the run.

                Instead of one account, a selector (--domain, --match, --since, --until: when the account \
                signed up) or - (ids or @user@host handles on stdin) acts on every account it matches, at \
                most --limit (500): one confirmation shows how many and the first few, --dry-run lists them, \
                the writes are paced to the server's rate limit, each is journaled with its undo, and \
                failures are named at the end. An account that already has the flag the action sets is left \
                out, so a re-run acts only on the rest (a warning, --type none, has no flag: it is sent again).

                Examples:
                  $ fedictl accounts action 109876543210 --type suspend --report 123 --text "spam" --yes
                  $ fedictl accounts action @troll@example.social --type silence
                  $ fedictl accounts action 109876543210 --type none --warning-preset 2 --no-notify
                  $ fedictl --all-accounts accounts action @spammer@bad.example --type suspend --yes
                  $ fedictl --all-accounts accounts action --domain spamwave.example --since 2h --type suspend --yes
                  $ cut -f1 spammers.txt | fedictl accounts action - --type silence --dry-run
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The account: @user@host, @user (your own server) or an account id; - for ids or "
                    + "handles on stdin; none with a selector.", valueName: "user"))
        public var account: String?

        @OptionGroup public var selection: SelectionWrite

        public var stdinReferences: StdinReferences? {
            account == "-" ? StdinReferences(eachServer: selection.filters.eachServer, takes: .signUp) : nil
        }

        @Option(
            name: .customLong("type"), help: "What to do: none (a warning), sensitive, disable, silence or suspend.")
        public var kind: AccountAction.Kind

        @Option(help: ArgumentHelp("The report this answers; it is resolved too.", valueName: "id"))
        public var report: String?

        @Flag(help: "With --report: answer it even if another moderator holds it (it becomes yours first).")
        public var takeOver = false

        @Option(
            name: .customLong("warning-preset"),
            help: ArgumentHelp("A warning preset's id (Mastodon).", valueName: "id"))
        public var warningPreset: String?

        @Option(help: ArgumentHelp("Why: sent to the user with the warning on Mastodon.", valueName: "text"))
        public var text: String?

        @Flag(name: .customLong("no-notify"), help: "Send the user no e-mail about it (Mastodon).")
        public var noNotify = false

        public func validate() throws {
            try SelectionWrite.validate(account: account, selection.filters)
            if takeOver, report == nil { throw ValidationError("--take-over goes with --report") }
            if report != nil, SelectionWrite.isBulk(account) {
                throw ValidationError(
                    "--report answers one report about one account; for a selection of reports: "
                        + "fedictl reports resolve --domain … --action \(kind.rawValue)")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            let action = AccountAction(
                kind, reportID: report, warningPresetID: warningPreset, text: text,
                notify: !noNotify)
            guard let name = account, !SelectionWrite.isBulk(name) else {
                try ctx.output.validateFields(for: BulkTargetRow.self)
                return try await AccountSteps(ctx).actOnAccounts(
                    action, stdin: self.account == "-", selection: selection)
            }
            try ctx.output.validateFields(for: AdminAccount.self)
            let client = try await ctx.client()
            let fetched = try await ctx.with(.accounts(.accountsAction)) { accounts, server in
                try accounts.support.check(action)
                // The report answered, read once: another moderator's when assigned to them, and
                // the journal's state before (a report that cannot be read is acted on as before).
                let reports = try await ReportDecisions(accounts.reports, in: ctx)
                let reads = report != nil && (ctx.journalIsOn || ReportClaims.apply(to: accounts.reports))
                var answered = reads ? try? await accounts.reports.report(id: report ?? "").value : nil
                if let read = answered, ReportClaims.apply(to: accounts.reports) {
                    answered = try await reports.claim(read, .asked(takeOver: takeOver, in: ctx))
                }
                let id = try await accounts.accountID(for: name)
                let confirming = [.disable, .silence, .suspend].contains(kind)
                // Read first where it is asked about or journaled: the journal keeps its flags before and after.
                let account =
                    confirming || ctx.journalIsOn
                    ? try await accounts.account(id: id).value : nil
                if confirming, let account {
                    try ctx.confirm("\(kind.rawValue.capitalized) @\(account.acct) on \(accounts.host)?")
                }
                let done = kind == .none ? "warned" : kind.rawValue
                if ctx.globals.dryRun {
                    ctx.noteOutcome("dry run: would \(kind == .none ? "warn" : kind.rawValue) \(name) (account \(id))")
                }
                try await AccountDecisions(accounts: accounts, client: client, server: server).act(
                    action, on: id, handle: account.map { "@\($0.acct)" } ?? name,
                    before: ctx.journalIsOn ? account : nil, report: ctx.journalIsOn ? answered : nil)
                if ctx.fleetMember?.fleet != nil { ctx.noteOutcome("\(done) \(name) (account \(id))") }
                let (after, underWay) = try await accounts.account(
                    id, after: action,
                    sleep: ctx.globals.dryRun ? nil : ctx.services.sleep)
                if underWay {
                    ctx.status(
                        "fedictl: \(accounts.host) suspends @\(after.value.acct) in the background: "
                            + "the suspension is "
                            + "under way, not finished yet (check with: fedictl accounts show \(id))")
                }
                return after
            }
            try AccountSteps(ctx).showAccount(fetched)
        }
    }
}

extension Accounts.Action: JournaledCommand {
    /// Over a selector each entry names the account its request acts on.
    public var journalTarget: String? { SelectionWrite.isBulk(account) ? nil : account }
    public var journalAfter: String? { kind == .none ? "warned" : kind.rawValue }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        let undo: [AccountAction.Kind: String] = [
            .sensitive: "unsensitive", .disable: "enable", .silence: "unsilence", .suspend: "unsuspend",
        ]
        guard let account, !SelectionWrite.isBulk(account) else { return nil }
        return undo[kind].map { ["accounts", $0, account] }
    }
}
