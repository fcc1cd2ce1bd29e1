import ArgumentParser
import FediCore

extension Accounts {
    public struct Approve: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "approve",
            abstract: "Approve a sign-up that waits for approval.",
            discussion: """
                `fedictl accounts list --pending` shows the waiting sign-ups with their reasons. Mastodon, \
                GoToSocial, Pleroma and Akkoma.

                Instead of one account, a selector (--match, --since, --until; sign-ups are this server's own \
                accounts, so --match-field email picks an e-mail domain) or - (ids or \
                @user@host handles on stdin) approves every sign-up still pending that it matches, at most \
                --limit (500): one confirmation shows how many and the first few, --dry-run lists them, the \
                writes are paced to the server's rate limit, each is journaled, and failures are named at the \
                end. A re-run acts only on what is still pending.

                Examples:
                  $ fedictl accounts list --pending
                  $ fedictl accounts approve 109876543210
                  $ fedictl accounts approve --match-field email --match '@friendly\\.example$' --since 2h --dry-run
                  $ cut -f1 approved.txt | fedictl accounts approve - --yes
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The sign-up: @user@host, @user or an account id; - for ids or handles on stdin; "
                    + "none with a selector.", valueName: "user"))
        public var account: String?

        @OptionGroup public var selection: SelectionWrite

        public var stdinReferences: StdinReferences? {
            account == "-" ? StdinReferences(eachServer: selection.filters.eachServer, takes: .signUp) : nil
        }

        public func validate() throws { try SelectionWrite.validate(account: account, selection.filters) }

        public func run(in ctx: CommandContext) async throws {
            guard let account, !SelectionWrite.isBulk(account) else {
                try ctx.output.validateFields(for: BulkTargetRow.self)
                return try await ctx.decideSignUps(approve: true, stdin: self.account == "-", selection: selection)
            }
            try ctx.output.validateFields(for: AdminAccount.self)
            let fetched = try await ctx.with(.accounts(.accountsApprove)) { accounts in
                let id = try await accounts.accountID(for: account)
                guard ctx.journalIsOn else {
                    do {
                        return try await accounts.approve(id: id)
                    } catch {
                        // A remote account is no sign-up (GoToSocial answers 404): say that instead.
                        if let read = try? await accounts.account(id: id).value {
                            try read.checkIsSignUp("approve", on: accounts.host)
                        }
                        throw error
                    }
                }
                // Read first for the journal (who signed up, with their e-mail and reason), and so a
                // remote account is refused before anything is sent.
                let account = try await accounts.account(id: id).value
                try account.checkIsSignUp("approve", on: accounts.host)
                return try await JournalNote.during([.signUp(account, on: accounts.host, approved: true)]) {
                    try await accounts.approve(id: id)
                }
            }
            try AccountSteps(ctx).showAccount(fetched)
        }
    }
}

extension Accounts.Approve: JournaledCommand {
    /// Over a selector each entry names the account its request acts on.
    public var journalTarget: String? { account == "-" ? nil : account }
    public var journalAfter: String? { "approved" }
    /// Each sign-up's note decides: a decided sign-up is not put back in the queue.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
