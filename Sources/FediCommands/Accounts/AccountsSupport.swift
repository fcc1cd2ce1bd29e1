import ArgumentParser
import FediCore

/// What the accounts verbs share, over one account's context.
struct AccountSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

extension AccountQuery.Status: EnumerableFlag {
    public static func help(for value: Self) -> ArgumentHelp? {
        switch value {
        case .active: "Only active accounts."
        case .pending: "Only sign-ups waiting for approval."
        case .disabled: "Only accounts whose login is disabled."
        case .silenced: "Only silenced (limited) accounts."
        case .suspended: "Only suspended accounts."
        case .sensitized: "Only accounts whose media is forced sensitive."
        }
    }
}

extension AccountQuery.Origin: EnumerableFlag {
    public static func help(for value: Self) -> ArgumentHelp? {
        value == .local ? "Only this server's own accounts." : "Only accounts from other servers."
    }
}

extension AccountAction.Kind: ExpressibleByArgument {}

extension AccountSteps {
    /// An account a verb got back: its details (tables), itself (JSON), or the server's JSON (`--raw`).
    func showAccount(_ fetched: Fetched<AdminAccount>) throws {
        var output = ctx.output
        if output.settings.format == .table, output.settings.fields == nil {
            output.settings.fields = AdminAccount.detailFields
        }
        try output.item(fetched)
    }

    /// `accounts enable | unsilence | unsuspend | unsensitive`: undoes an action, shows the account.
    func undoAccountAction(_ undo: AccountUndo, _ capability: Capability, account: String) async throws {
        try ctx.output.validateFields(for: AdminAccount.self)
        let client = try await ctx.client()
        let fetched = try await ctx.with(.accounts(capability)) { accounts, server in
            let id = try await accounts.accountID(for: account)
            let before = ctx.journalIsOn ? try await accounts.account(id: id).value : nil
            return try await AccountDecisions(accounts: accounts, client: client, server: server)
                .undo(undo, on: id, before: before)
        }
        try showAccount(fetched)
    }

    /// `accounts approve | reject` of one sign-up (`@user@host`, `@user` or an id): read first, for
    /// the journal (who signed up, with their e-mail and reason) and so a remote account is refused
    /// before anything is sent, where the journal is on or the decision is asked about (a rejection
    /// deletes the sign-up). Returns the account as the server answered.
    func decideSignUp(_ account: String, approve: Bool, message: String? = nil) async throws -> Fetched<AdminAccount> {
        let client = try await ctx.client()
        return try await ctx.with(.accounts(approve ? .accountsApprove : .accountsReject)) { accounts, server in
            let decisions = AccountDecisions(accounts: accounts, client: client, server: server)
            try decisions.check(rejectMessage: message)
            let asked = try await accounts.accountID(for: account)
            let read = ctx.journalIsOn || !approve ? try await accounts.account(id: asked) : nil
            // The server's id for it (Pleroma's users are read by nickname too, decided by id).
            let id = read?.value.id ?? asked
            if let read, !approve {
                try read.value.checkIsSignUp("reject", on: accounts.host)
                try ctx.confirm("Reject the sign-up of @\(read.value.acct) on \(accounts.host) and delete it?")
            }
            let change = try await decisions.decideSignUp(id, approve: approve, known: read?.value, message: message)
            // A lost answer settled by reading back: the sign-up as it is now (or, rejected, as it was).
            if let after = change.after { return after }
            if let read, !approve { return read }
            return try await accounts.account(id: id)
        }
    }
}
