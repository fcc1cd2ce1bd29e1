import FoundationEssentials
import Synchronization

/// Which of the server's users `accounts list` asks for.
public struct AccountQuery: Sendable, Equatable {
    public enum Status: String, CaseIterable, Sendable {
        case active, pending, disabled, silenced, suspended, sensitized
    }

    public enum Origin: String, CaseIterable, Sendable {
        case local, remote
    }

    public var status: Status?
    public var origin: Origin?
    public var domain: String?
    /// Part of the username.
    public var username: String?
    public var email: String?
    public var ip: String?
    /// Admins and moderators only.
    public var staff: Bool

    public init(
        status: Status? = nil, origin: Origin? = nil, domain: String? = nil, username: String? = nil,
        email: String? = nil,
        ip: String? = nil, staff: Bool = false
    ) {
        self.status = status
        self.origin = origin
        self.domain = domain
        self.username = username
        self.email = email
        self.ip = ip
        self.staff = staff
    }

    /// For servers that cannot filter by everything: whether an account matches what they could not.
    func matches(_ account: AdminAccount) -> Bool {
        guard hasStatus(account) else { return false }
        if let domain, account.domain?.lowercased() != domain.lowercased() { return false }
        if let username, !account.username.lowercased().contains(username.lowercased()) { return false }
        if staff, account.staff != true { return false }
        return true
    }

    /// Whether the account's own flags say it is in the state asked for.
    func hasStatus(_ account: AdminAccount) -> Bool {
        switch status {
        case .active: account.status == "active"
        case .pending: account.approved == false
        case .disabled: account.disabled == true
        case .silenced: account.silenced == true
        case .suspended: account.suspended == true
        case .sensitized: account.sensitized == true
        case nil: true
        }
    }

    /// Refuses a filter `server`'s API cannot apply (exit 69), before anything is sent.
    func refuse(_ flag: String, on server: ServerInfo) -> FediError {
        FediError(
            .unavailable, "accounts list --\(flag) is not available on \(server.label)",
            hint: "\(server.softwareDisplayName)'s admin API cannot filter by it; leave it out")
    }
}

/// A moderation action on an account (`POST /api/v1/admin/accounts/:id/action` on Mastodon).
public struct AccountAction: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        /// A warning only.
        case none, sensitive, disable, silence, suspend
    }

    public var kind: Kind
    /// The report this action answers; it is resolved too.
    public var reportID: String?
    public var warningPresetID: String?
    /// The moderator's explanation (sent to the user in the warning e-mail on Mastodon).
    public var text: String?
    public var notify: Bool
    /// What the reporter is told when `reportID` is resolved (GoToSocial's action_taken_comment).
    public var reportComment: String?

    public init(
        _ kind: Kind, reportID: String? = nil, warningPresetID: String? = nil, text: String? = nil,
        notify: Bool = true
    ) {
        self.kind = kind
        self.reportID = reportID
        self.warningPresetID = warningPresetID
        self.text = text
        self.notify = notify
    }
}

/// Undoing an action: `enable` (disable), `unsilence`, `unsuspend`, `unsensitive`.
public enum AccountUndo: String, CaseIterable, Sendable {
    case enable, unsilence, unsuspend, unsensitive
}

/// What a server's admin API can do to an account, declared once per API family.
public struct AccountActionSupport: Sendable, Equatable {
    /// Where an action's `--text` can go.
    public enum Text: Sendable, Equatable {
        /// Sent with the action (Mastodon's warning, GoToSocial's reason).
        case sent
        /// Nowhere: refused.
        case refused
        /// Kept only as a note on the attached report (Pleroma): refused without `--report`.
        case reportNote
    }

    /// The action kinds the API has.
    public var kinds: Set<AccountAction.Kind>
    /// Why the other kinds are refused, for the hint.
    public var otherKinds: String
    public var warningPresets: Bool
    public var text: Text
    /// The action resolves the report attached in the same request (Mastodon); elsewhere the resolve
    /// is a request of its own, after the action.
    public var resolvesAttachedReport: Bool
    /// A suspension finishes in the background (GoToSocial first removes posts and media).
    public var suspendsInBackground: Bool
    /// Only a suspended account can be deleted (Mastodon).
    public var deletesOnlySuspended: Bool
    /// The server, for messages ("GoToSocial 0.20.0").
    public var serverLabel: String
    /// Its software, for messages ("GoToSocial").
    public var software: String

    /// Refuses what the API cannot do (a kind, a warning preset, a text): exit 69, before anything is sent.
    public func check(_ action: AccountAction) throws {
        func refuse(_ what: String, _ why: String) -> FediError {
            FediError(.unavailable, "accounts action \(what) is not available on \(serverLabel)", hint: why)
        }
        if !kinds.contains(action.kind) { throw refuse("--type \(action.kind.rawValue)", otherKinds) }
        if action.warningPresetID != nil, !warningPresets {
            throw refuse(
                "--warning-preset",
                "\(software) has no warning presets")
        }
        guard action.text != nil else { return }
        switch text {
        case .sent: break
        case .refused: throw refuse("--text", "\(software)'s suspension takes no text")
        case .reportNote where action.reportID == nil:
            throw refuse(
                "--text without --report",
                "\(software) can keep the text only as a note on a report: add --report ID")
        case .reportNote: break
        }
    }

    /// Refuses a deletion the server would not make: Mastodon deletes only suspended accounts (exit 65).
    public func checkDelete(_ account: AdminAccount) throws {
        guard deletesOnlySuspended, account.suspended != true else { return }
        throw FediError(
            .dataError,
            "@\(account.acct) is not suspended; Mastodon deletes only suspended accounts, nothing was sent",
            hint: "suspend it first: fedictl accounts action \(account.id) --type suspend")
    }
}

/// The server's users as its moderators see them, whatever its API: Mastodon's admin API (v2 list
/// from 3.5, v1 before, and GoToSocial's subset), Pleroma's (by nickname) or Misskey's, all as
/// `AdminAccount`. Built by `APIClient.adminAccounts(family:on:)`.
public protocol AdminAccountAdapter: Sendable {
    var support: AccountActionSupport { get }
    /// The same server's report queue: an action resolves the report attached to it.
    var reports: any ReportAdapter { get }
    /// The server's host, for messages and for telling its own accounts' handles.
    var host: String { get }
    func list(_ query: AccountQuery, limit: Int?, onPage: PageHandler<AdminAccount>?) async throws -> [AdminAccount]
    /// One account. A missing id: exit 66, "no account 123 on HOST".
    func account(id: String) async throws -> Fetched<AdminAccount>
    /// The id of `handle` (`user` for this server's, `user@host` for another's).
    func id(ofHandle handle: String) async throws -> String
    func approve(id: String) async throws -> Fetched<AdminAccount>
    /// Rejects a pending sign-up, which deletes it. Returns the account as it was. `message` goes to
    /// the applicant by e-mail where the server passes one on (GoToSocial).
    func reject(id: String, message: String?) async throws -> Fetched<AdminAccount>
    /// The action alone; `perform(_:onAccount:)` checks it first and resolves the attached report.
    func act(_ action: AccountAction, on id: String) async throws
    /// Undoes an action and returns the account as it is now.
    func undo(_ undo: AccountUndo, on id: String) async throws -> Fetched<AdminAccount>
    /// Deletes an account's data for good. Returns the account as it was.
    func delete(id: String) async throws -> Fetched<AdminAccount>
    /// The request `act` sends, for `--dry-run`.
    func describe(_ action: AccountAction, on id: String) -> String
    /// What resolving the attached report after `action` sends with it (Pleroma: the text as a note;
    /// GoToSocial: the comment to the reporter).
    func resolveComment(after action: AccountAction) -> String?
}

extension AdminAccountAdapter {
    public func resolveComment(after action: AccountAction) -> String? { nil }

    /// The id of what a user typed: an id as it is, or `@user@host` / `@user` looked up.
    public func accountID(for text: String) async throws -> String {
        guard text.hasPrefix("@") else { return text }
        var handle = String(text.dropFirst())
        if let at = handle.lastIndex(of: "@"), handle[handle.index(after: at)...].lowercased() == host.lowercased() {
            handle = String(handle[..<at])  // this server's own account: its local name
        }
        return try await id(ofHandle: handle)
    }

    /// Applies `action`. Where the API cannot do what was asked (a kind, a warning preset, a text),
    /// exit 69 before anything is sent. Where the action does not resolve the attached report itself,
    /// it is resolved afterwards, as Mastodon does.
    public func perform(_ action: AccountAction, onAccount id: String) async throws {
        try support.check(action)
        // Mastodon resolves the report with the action (one request, both notes); elsewhere the
        // resolve is a request of its own, journaled under the report's note alone.
        let notes = JournalNote.current
        guard !support.resolvesAttachedReport else { return try await act(action, on: id) }
        try await JournalNote.during(notes.filter { $0.subject != JournalNote.report }) {
            try await act(action, on: id)
        }
        if let report = action.reportID {
            _ = try await JournalNote.during(notes.filter { $0.subject == JournalNote.report }) {
                try await reports.resolve(id: report, comment: resolveComment(after: action))
            }
        }
    }

    /// The account after `action`. Where suspension finishes in the background, it is read again,
    /// up to 5 s, until it shows suspended; `underWay` says it did not yet. Without `sleep` (a dry
    /// run) it is read once.
    public func account(_ id: String, after action: AccountAction, sleep: (@Sendable (Double) async throws -> Void)?)
        async throws -> (Fetched<AdminAccount>, underWay: Bool)
    {
        var current = try await account(id: id)
        guard action.kind == .suspend, support.suspendsInBackground, let sleep else { return (current, false) }
        for _ in 0..<10 where current.value.suspended != true {
            try await sleep(0.5)
            current = try await account(id: id)
        }
        return (current, current.value.suspended != true)
    }

    /// Whether the sign-up `id` still waits (a rejected one is gone: 404).
    public func stillPending(_ id: String) async throws -> Bool {
        do {
            return try await account(id: id).value.approved == false
        } catch APIError.http(let status, _, _, _, _) where status == 404 || status == 410 {
            return false
        }
    }
}

extension APIClient {
    /// The admin account adapter for the API family that serves it on `server`.
    public func adminAccounts(family: APIFamily, on server: ServerInfo) throws -> any AdminAccountAdapter {
        let name = server.softwareDisplayName
        var support = AccountActionSupport(
            kinds: Set(AccountAction.Kind.allCases), otherKinds: "",
            warningPresets: true, text: .sent,
            resolvesAttachedReport: false, suspendsInBackground: false,
            deletesOnlySuspended: false, serverLabel: server.label, software: name)
        switch family {
        case .mastodonAdmin:
            support.resolvesAttachedReport = true
            support.deletesOnlySuspended = true
            return MastodonAdminAccounts(
                client: self, server: server, support: support, reports: try reports(family: family))
        case .gotosocialAdmin:
            support.kinds = [.suspend]
            support.otherKinds = "\(name)'s admin API can only suspend accounts"
            support.warningPresets = false
            support.suspendsInBackground = true
            return GoToSocialAdminAccounts(
                client: self, server: server, support: support, reports: try reports(family: family))
        case .pleromaAdmin:
            support.kinds.remove(.none)
            support.otherKinds = "\(name) has no warnings; its admin API deactivates or tags accounts"
            support.warningPresets = false
            support.text = .reportNote
            return PleromaAccounts(
                admin: pleromaAdmin, server: server, support: support,
                reports: try reports(family: family))
        case .misskeyAdmin:
            support.kinds = [.suspend]
            support.otherKinds = "\(name)'s admin API can only suspend accounts"
            support.warningPresets = false
            support.text = .refused
            return MisskeyAccounts(
                admin: misskeyAdmin, server: server, support: support,
                reports: try reports(family: family))
        case .mastodonClient, .misskeyClient: throw family.unsupported("accounts")
        }
    }

    /// A 404 on an account id: exit 66, "no account 123 on HOST".
    @discardableResult
    static func namingAccount<T>(_ id: String, on client: APIClient, _ body: () async throws -> T) async throws -> T {
        try await client.naming(
            "account \(id)",
            hint: "`fedictl accounts list` shows ids; `fedictl accounts show @user@host` finds one", body)
    }
}
