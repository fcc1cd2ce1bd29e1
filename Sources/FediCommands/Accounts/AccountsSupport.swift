import ArgumentParser
import FediCore

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

extension CommandContext {
    /// An account a verb got back: its details (tables), itself (JSON), or the server's JSON (`--raw`).
    func showAccount(_ fetched: Fetched<AdminAccount>) throws {
        var output = output
        if output.settings.format == .table, output.settings.fields == nil { output.settings.fields = AdminAccount.detailFields }
        try output.item(fetched)
    }

    /// `accounts enable | unsilence | unsuspend | unsensitive`: undoes an action, shows the account.
    func undoAccountAction(_ undo: AccountUndo, _ capability: Capability, account: String) async throws {
        try output.validateFields(for: AdminAccount.self)
        let client = try await client()
        let fetched = try await withCapability(capability) { family in
            let id = try await client.adminAccountID(for: account, via: family)
            return try await client.undoAction(undo, onAccount: id, via: family)
        }
        try showAccount(fetched)
    }
}
