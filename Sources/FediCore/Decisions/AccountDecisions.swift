import FoundationEssentials

/// What one account decision changed.
public struct AccountChange: Sendable {
    public var subject: ServerSubject
    /// The account as it was before (nil where it was not read).
    public var before: AdminAccount?
    /// The account as the server answered (an undo's, a sign-up's); nil for an action, which
    /// answers nothing, and where a lost answer was settled by reading the account back.
    public var after: Fetched<AdminAccount>?
}

/// The account decisions on one server: an action (a warning, sensitive, disable, silence, suspend),
/// its undo, and a sign-up's approval or rejection. The one implementation the `accounts` verbs,
/// `reports resolve --action`, their waves and the triage screen go through. Each write is sent with
/// its journal note (the account before, what it becomes); what the server cannot do is refused
/// before anything is sent; a lost answer is settled by reading the account back, never sent twice.
public struct AccountDecisions: Sendable {
    public var accounts: any AdminAccountAdapter
    public var client: APIClient
    /// The server as detected, for what its software can do beyond the adapter's facts.
    public var server: ServerInfo

    public var host: String { accounts.host }

    public init(accounts: any AdminAccountAdapter, client: APIClient, server: ServerInfo) {
        self.accounts = accounts
        self.client = client
        self.server = server
    }

    /// Acts on account `id` (`handle` names it in messages) with `action`, journaled with its flags
    /// before (`before`, where read) and the report the action answers (`report`, as read). The
    /// flag set after a lost answer, it is done; a warning sets no flag to read back, so it is sent
    /// once (a lost answer is a failure to check by hand, never a second warning).
    @discardableResult
    public func act(
        _ action: AccountAction, on id: String, handle: String, before: AdminAccount?, report: Report? = nil
    ) async throws -> AccountChange {
        try accounts.support.check(action)
        var notes = before.map { [JournalNote.account($0, on: host, setting: action.kind)] } ?? []
        if let report { notes.append(.report(report, on: host, state: "resolved")) }
        let flag = JournalNote.flags.first { $0.kind == action.kind }
        try await JournalNote.during(notes) {
            guard let flag else { return try await accounts.perform(action, onAccount: id) }
            try await client.createCheckingBack("\(action.kind.rawValue) of \(handle)") {
                try await accounts.perform(action, onAccount: id)
            } find: {
                try await accounts.account(id: id).value[keyPath: flag.path] == true ? () : nil
            }
        }
        return AccountChange(subject: ServerSubject(id, on: host), before: before, after: nil)
    }

    /// Undoes an action on account `id`, journaled with its flags before (`before`, where read).
    /// Returns the account as it is now.
    public func undo(_ undo: AccountUndo, on id: String, before: AdminAccount?) async throws -> Fetched<AdminAccount> {
        let notes = before.map { [JournalNote.account($0, on: host, setting: nil, lifting: undo.rawValue)] } ?? []
        return try await JournalNote.during(notes) { try await accounts.undo(undo, on: id) }
    }

    /// Refuses any action where the server's software has none (exit 69), before anything is sent:
    /// for verbs that open the door of another area (reports) and act on accounts too.
    public func checkActs() throws {
        _ = try CapabilityTable.require(.accountsAction, on: server, host: host)
    }

    /// Refuses a message to the applicant where the server sends none (exit 69), before anything is sent.
    public func check(rejectMessage message: String?) throws {
        if message != nil { _ = try CapabilityTable.require(.accountsRejectMessage, on: server, host: host) }
    }

    /// Approves or rejects the sign-up `id`. `known`: the sign-up as read (who signed up, for the
    /// journal), a remote account then refused (65) before anything is sent; unread, a refusal is
    /// explained by reading it afterwards. A lost answer is settled by reading the sign-up back:
    /// decided there, it is done. A rejection deletes the sign-up: its answer is the account as it was.
    public func decideSignUp(
        _ id: String, approve: Bool, known: AdminAccount?, message: String? = nil
    ) async throws -> AccountChange {
        let verb = approve ? "approve" : "reject"
        try check(rejectMessage: approve ? nil : message)
        try known?.checkIsSignUp(verb, on: host)
        let notes = known.map { [JournalNote.signUp($0, on: host, approved: approve)] } ?? []
        let named = known.map { "@\($0.acct)" } ?? "account \(id)"
        do {
            let answer: Fetched<AdminAccount>?? = try await JournalNote.during(notes) {
                try await client.createCheckingBack("\(approve ? "approval" : "rejection") of \(named)") {
                    approve
                        ? try await accounts.approve(id: id) : try await accounts.reject(id: id, message: message)
                } find: {
                    try await accounts.stillPending(id) ? nil : .some(nil)
                }
            }
            return AccountChange(subject: ServerSubject(id, on: host), before: known, after: answer ?? nil)
        } catch {
            // A remote account is no sign-up (GoToSocial answers 404): say that instead.
            if known == nil, let read = try? await accounts.account(id: id).value {
                try read.checkIsSignUp(verb, on: host)
            }
            throw error
        }
    }
}

extension AdminAccount {
    /// Approve and reject decide sign-ups, which are this server's own accounts: a remote account (one
    /// `accounts show` finds) is refused with 65 before anything is sent, not left to the server's 404.
    public func checkIsSignUp(_ verb: String, on host: String) throws {
        guard let domain, !domain.isEmpty, domain.lowercased() != host.lowercased() else { return }
        throw FediError(
            .dataError, "@\(acct) is an account on \(domain), not a sign-up on \(host): nothing to \(verb)",
            hint: "only this server's own accounts sign up; `fedictl accounts list --pending` shows who waits")
    }
}
