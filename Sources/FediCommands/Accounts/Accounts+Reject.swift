import ArgumentParser
import FediCore

extension Accounts {
    public struct Reject: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "reject",
            abstract: "Reject a sign-up that waits for approval, deleting it.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes. Shows the account as it was. Mastodon, \
                GoToSocial, Pleroma and Akkoma. --message is e-mailed to the applicant by GoToSocial; elsewhere \
                it is refused (exit 69) before anything is sent, not dropped.

                Instead of one account, a selector (--match, --since, --until; sign-ups are this server's own \
                accounts, so --match-field email picks an e-mail domain) or - (ids or \
                @user@host handles on stdin) rejects every sign-up still pending that it matches, at most \
                --limit (500), after one confirmation; as for accounts approve.

                Examples:
                  $ fedictl accounts reject 109876543210
                  $ fedictl accounts reject 01JD43D --message "We are not open to new members right now." --yes
                  $ fedictl accounts reject 109876543210 --yes -o json
                  $ fedictl accounts reject --since 1h --match '^[a-z]{8}[0-9]{2}$' --dry-run
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

        @Option(help: ArgumentHelp("A message e-mailed to the applicant (GoToSocial).", valueName: "text"))
        public var message: String?

        public func run(in ctx: CommandContext) async throws {
            guard let account, !SelectionWrite.isBulk(account) else {
                try ctx.output.validateFields(for: BulkTargetRow.self)
                return try await AccountSteps(ctx).decideSignUps(
                    approve: false, stdin: self.account == "-", selection: selection,
                    message: message)
            }
            try ctx.output.validateFields(for: AdminAccount.self)
            let fetched = try await AccountSteps(ctx).decideSignUp(account, approve: false, message: message)
            try AccountSteps(ctx).showAccount(fetched)
        }
    }
}

extension Accounts.Reject: JournaledCommand {
    public var journalTarget: String? { account == "-" ? nil : account }
    public var journalAfter: String? { "rejected" }
    /// Each sign-up's note decides: a rejected sign-up is deleted, with nothing to undo it.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
