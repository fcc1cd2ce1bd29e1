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
                return try await AccountSteps(ctx).decideSignUps(
                    approve: true, stdin: self.account == "-", selection: selection)
            }
            try ctx.output.validateFields(for: AdminAccount.self)
            let fetched = try await AccountSteps(ctx).decideSignUp(account, approve: true)
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
