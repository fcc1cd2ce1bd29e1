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

extension AdminAccount {
    /// Approve and reject decide sign-ups, which are this server's own accounts: a remote account (one
    /// `accounts show` finds) is refused with 65 before anything is sent, not left to the server's 404.
    func checkIsSignUp(_ verb: String, on host: String) throws {
        guard let domain, !domain.isEmpty, domain.lowercased() != host.lowercased() else { return }
        throw FediError(
            .dataError, "@\(acct) is an account on \(domain), not a sign-up on \(host): nothing to \(verb)",
            hint: "only this server's own accounts sign up; `fedictl accounts list --pending` shows who waits")
    }
}

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
    /// `lift` is the verb's name (`unsuspend`), for the journal's note of the flag it clears.
    func undoAccountAction(_ undo: AccountUndo, _ capability: Capability, account: String, lift: String) async throws {
        try ctx.output.validateFields(for: AdminAccount.self)
        let fetched = try await ctx.with(.accounts(capability)) { accounts in
            let id = try await accounts.accountID(for: account)
            guard ctx.journalIsOn else { return try await accounts.undo(undo, on: id) }
            let before = try await accounts.account(id: id).value
            let note = JournalNote.account(before, on: accounts.host, setting: nil, lifting: lift)
            return try await JournalNote.during([note]) {
                try await accounts.undo(undo, on: id)
            }
        }
        try showAccount(fetched)
    }

    /// The journal's notes of an action on `account`: its flags before and after and, with `report`,
    /// the report it resolves (as read; unreadable, its entry says what the verb knows).
    func notes(
        acting kind: AccountAction.Kind, on account: AdminAccount?, report: Report?,
        _ accounts: any AdminAccountAdapter
    ) -> [JournalNote] {
        let host = accounts.host
        var notes = account.map { [JournalNote.account($0, on: host, setting: kind)] } ?? []
        if let report { notes.append(JournalNote.report(report, on: host, state: "resolved")) }
        return notes
    }
}
