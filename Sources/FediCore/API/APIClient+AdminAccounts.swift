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

    public init(status: Status? = nil, origin: Origin? = nil, domain: String? = nil, username: String? = nil, email: String? = nil,
                ip: String? = nil, staff: Bool = false) {
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
        FediError(.unavailable, "accounts list --\(flag) is not available on \(server.label)",
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

    public init(_ kind: Kind, reportID: String? = nil, warningPresetID: String? = nil, text: String? = nil, notify: Bool = true) {
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

/// The server's users, whatever the family: Mastodon's admin API (v2 list from 3.5, v1 before, and
/// GoToSocial's subset), the Pleroma admin API (by nickname) or the Misskey one, all as `AdminAccount`.
extension APIClient {
    public func adminAccounts(_ query: AccountQuery, via family: APIFamily, on server: ServerInfo, limit: Int?,
                              onPage: PageHandler<AdminAccount>? = nil) async throws -> [AdminAccount] {
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.users(query, on: server, limit: limit, onPage: onPage)
        case .misskeyAdmin: return try await misskeyAdmin.users(query, on: server, limit: limit, onPage: onPage)
        case .mastodonClient, .misskeyClient: throw family.unsupported("accounts list")
        case .mastodonAdmin, .gotosocialAdmin:
            if query.status == .sensitized, family == .gotosocialAdmin { throw query.refuse("sensitized", on: server) }
            let v2 = family == .gotosocialAdmin || server.comparableVersion.map { $0.isAtLeast(SoftwareVersion(3, 5, 0)) } ?? true
            // GoToSocial matches `username` exactly where Mastodon (and the help) match a part of it:
            // there the part is matched here, over every account, up to `limit` matches.
            let partly = family == .gotosocialAdmin && query.username != nil
            var sent = query
            if partly { sent.username = nil }
            // Checked here too: a server that ignores a state filter (mastodon_mock's v1 `sensitized`)
            // must not pass off every account as matching.
            let keep: @Sendable (AdminAccount) -> Bool = partly ? query.matches : query.hasStatus
            let shown = Mutex(0)
            let checked = onPage.map { onPage -> PageHandler<AdminAccount> in { accounts, raw in
                var rows = accounts.filter(keep)
                if partly, let limit {
                    rows = shown.withLock { count in
                        let room = Array(rows.prefix(max(0, limit - count)))
                        count += room.count
                        return room
                    }
                }
                try await onPage(rows, raw)
            } }
            let found = try await mastodonAccounts(sent, v2: v2, limit: partly ? nil : limit, onPage: checked)
                .filter(keep)
            return partly ? Array(found.prefix(limit ?? found.count)) : found
        }
    }

    /// `/api/v2/admin/accounts` (Mastodon 3.5+, GoToSocial) or `/api/v1/admin/accounts`, whose flags
    /// v2 folded into `origin`, `status` and `permissions`. Only v1 can list the sensitized.
    func mastodonAccounts(_ query: AccountQuery, v2: Bool, limit: Int?, onPage: PageHandler<AdminAccount>?) async throws -> [AdminAccount] {
        let (path, items) = Self.mastodonAccountList(query, v2: v2)
        return try await linkPages(MastodonAdminAccount.self, path, query: items, limit: limit, pageSize: 100, onPage: onPage) { $0.account }
    }

    static func mastodonAccountList(_ query: AccountQuery, v2: Bool) -> (String, [URLQueryItem]) {
        var items = QueryItems()
        items.add("username", query.username)
        items.add("by_domain", query.domain)
        items.add("email", query.email)
        items.add("ip", query.ip)
        if v2, query.status != .sensitized {
            items.add("origin", query.origin?.rawValue)
            items.add("status", query.status?.rawValue)
            items.add("permissions", query.staff ? "staff" : nil)
            return ("/api/v2/admin/accounts", items.items)
        }
        items.flag(query.origin?.rawValue ?? "", query.origin != nil)
        items.flag(query.status?.rawValue ?? "", query.status != nil)
        items.flag("staff", query.staff)
        return ("/api/v1/admin/accounts", items.items)
    }

    /// One account as its moderators see it. A missing id: exit 66, "no account 123 on HOST".
    public func adminAccount(id: String, via family: APIFamily) async throws -> Fetched<AdminAccount> {
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.user(id).fetched
        case .misskeyAdmin: return try await misskeyAdmin.user(id: id)
        case .mastodonClient, .misskeyClient: throw family.unsupported("accounts show")
        case .mastodonAdmin, .gotosocialAdmin: return try await mastodonAccount(.get, id, "")
        }
    }

    /// The id of what a user typed: an id as it is, or `@user@host` / `@user` looked up (the admin
    /// API's own lookup on Pleroma and Misskey, the admin search for another server's account on
    /// Mastodon, the client API's elsewhere).
    public func adminAccountID(for text: String, via family: APIFamily) async throws -> String {
        guard text.hasPrefix("@") else { return text }
        var handle = String(text.dropFirst())
        if let at = handle.lastIndex(of: "@"), handle[handle.index(after: at)...].lowercased() == server.authority.lowercased() {
            handle = String(handle[..<at])  // this server's own account: its local name
        }
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.user(handle).fetched.value.id
        case .misskeyAdmin: return try await misskeyAdmin.userID(handle: handle)
        case .mastodonClient, .misskeyClient: throw family.unsupported("accounts")
        case .mastodonAdmin where handle.contains("@"):
            // Another server's account: the admin search by username and domain finds this server's
            // copy. A client lookup would fetch it over federation (search with resolve), making one.
            if let found = try await adminListed(handle) { return found }
            throw FediError(.noInput, "no account @\(handle) known to \(server.authority)",
                            hint: "its admin account search by username and domain found none: the server has not seen the account")
        case .mastodonAdmin, .gotosocialAdmin:
            do {
                return try await resolveAccount("@" + handle).id
            } catch let error as FediError where error.status == .noInput {
                guard let found = try? await adminListed(handle) else { throw error }
                return found
            }
        }
    }

    /// The client API hides suspended accounts from lookups (mastodon_mock also silenced and disabled
    /// ones); the admin list still has them. All states are asked for at once (where the server lists
    /// only active ones without `status`, as mastodon_mock does, each hidden state after that).
    private func adminListed(_ handle: String) async throws -> String? {
        let parts = handle.split(separator: "@", maxSplits: 1).map(String.init)
        let domain = parts.count > 1 ? parts[1] : nil
        for status in [nil, AccountQuery.Status.suspended, .silenced, .disabled, .pending] {
            let query = AccountQuery(status: status, origin: domain == nil ? .local : .remote, domain: domain, username: parts[0])
            let found = try await mastodonAccounts(query, v2: true, limit: 40, onPage: nil)
            if let match = found.first(where: { $0.username.lowercased() == parts[0].lowercased() }) { return match.id }
        }
        return nil
    }

    public func approveAccount(id: String, via family: APIFamily) async throws -> Fetched<AdminAccount> {
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.approve(id)
        case .misskeyAdmin, .mastodonClient, .misskeyClient: throw family.unsupported("accounts approve")
        case .mastodonAdmin, .gotosocialAdmin: return try await mastodonAccount(.post, id, "/approve")
        }
    }

    /// Rejects a pending sign-up, which deletes it. Returns the account as it was. `message` goes to the
    /// applicant by e-mail where the server passes one on (GoToSocial; `accounts reject --message` is
    /// refused elsewhere before this is called).
    public func rejectAccount(id: String, via family: APIFamily,
                              message: String? = nil) async throws -> Fetched<AdminAccount> {
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.reject(id)
        case .misskeyAdmin, .mastodonClient, .misskeyClient: throw family.unsupported("accounts reject")
        case .gotosocialAdmin where message != nil:
            let body = try RequestBody.encoded(RejectBody(sendEmail: true, message: message))
            return try await mastodonAccount(.post, id, "/reject", body: body)
        case .mastodonAdmin, .gotosocialAdmin: return try await mastodonAccount(.post, id, "/reject")
        }
    }

    /// GoToSocial's reject fields: the message reaches the applicant only with `send_email`.
    struct RejectBody: Encodable {
        var sendEmail: Bool
        var message: String?
        enum CodingKeys: String, CodingKey { case sendEmail = "send_email", message }
    }

    /// Applies `action`. Where the family cannot do what was asked (a kind, a warning preset, a
    /// text), exit 69 before anything is sent. Off Mastodon, `reportID` is resolved afterwards,
    /// as Mastodon does itself.
    public func performAction(_ action: AccountAction, onAccount id: String, via family: APIFamily, on server: ServerInfo) async throws {
        try Self.checkAction(action, family: family, on: server)
        // Mastodon resolves the report with the action (one request, both notes); elsewhere the
        // resolve is a request of its own, journaled under the report's note alone.
        let notes = JournalNote.current
        guard family != .mastodonAdmin else { return try await performOne(action, onAccount: id, via: family) }
        try await JournalNote.during(notes.filter { $0.subject != JournalNote.report }) {
            try await performOne(action, onAccount: id, via: family)
        }
        if let report = action.reportID {
            // Pleroma keeps the text as a note on the report: it has nowhere else for it. GoToSocial
            // sends the comment to the reporter.
            let comment = family == .pleromaAdmin ? action.text
                : family == .gotosocialAdmin ? action.reportComment : nil
            _ = try await JournalNote.during(notes.filter { $0.subject == JournalNote.report }) {
                try await resolveReport(id: report, comment: comment, via: family)
            }
        }
    }

    private func performOne(_ action: AccountAction, onAccount id: String, via family: APIFamily) async throws {
        switch family {
        case .pleromaAdmin:
            try await pleromaAdmin.perform(action.kind, on: id)
        case .misskeyAdmin:
            try await misskeyAdmin.suspend(id: id)
        case .gotosocialAdmin:
            try await mastodonAccountWrite(id, "/action", body: .encoded(AccountActionBody(type: action.kind.rawValue, text: action.text)))
        case .mastodonClient, .misskeyClient:
            throw family.unsupported("accounts action")
        case .mastodonAdmin:
            let body = AccountActionBody(type: action.kind.rawValue, sendEmailNotification: action.notify, reportID: action.reportID,
                                         warningPresetID: action.warningPresetID, text: action.text)
            try await mastodonAccountWrite(id, "/action", body: .encoded(body))
        }
    }

    /// The account after `action`. GoToSocial suspends in the background (it first removes the
    /// account's posts and media), so there it is read again, up to 5 s, until it shows suspended;
    /// `underWay` says it did not yet. Without `sleep` (a dry run) it is read once.
    public func account(_ id: String, after action: AccountAction, via family: APIFamily,
                        sleep: (@Sendable (Double) async throws -> Void)?)
        async throws -> (Fetched<AdminAccount>, underWay: Bool) {
        var current = try await adminAccount(id: id, via: family)
        guard action.kind == .suspend, family == .gotosocialAdmin, let sleep else { return (current, false) }
        for _ in 0..<10 where current.value.suspended != true {
            try await sleep(0.5)
            current = try await adminAccount(id: id, via: family)
        }
        return (current, current.value.suspended != true)
    }

    public static func checkAction(_ action: AccountAction, family: APIFamily, on server: ServerInfo) throws {
        func refuse(_ what: String, _ why: String) -> FediError {
            FediError(.unavailable, "accounts action \(what) is not available on \(server.label)", hint: why)
        }
        let name = server.softwareDisplayName
        switch family {
        case .gotosocialAdmin, .misskeyAdmin:
            guard action.kind == .suspend else {
                throw refuse("--type \(action.kind.rawValue)", "\(name)'s admin API can only suspend accounts")
            }
            if action.warningPresetID != nil { throw refuse("--warning-preset", "\(name) has no warning presets") }
            if family == .misskeyAdmin, action.text != nil { throw refuse("--text", "\(name)'s suspension takes no text") }
        case .pleromaAdmin:
            if action.kind == .none { throw refuse("--type none", "\(name) has no warnings; its admin API deactivates or tags accounts") }
            if action.warningPresetID != nil { throw refuse("--warning-preset", "\(name) has no warning presets") }
            if action.text != nil, action.reportID == nil {
                throw refuse("--text without --report", "\(name) can keep the text only as a note on a report: add --report ID")
            }
        case .mastodonAdmin, .mastodonClient, .misskeyClient:
            break
        }
    }

    /// Undoes an action and returns the account as it is now.
    public func undoAction(_ undo: AccountUndo, onAccount id: String, via family: APIFamily) async throws -> Fetched<AdminAccount> {
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.undo(undo, on: id)
        case .misskeyAdmin:
            guard undo == .unsuspend else { throw family.unsupported("accounts \(undo.rawValue)") }
            try await misskeyAdmin.unsuspend(id: id)
            return try await misskeyAdmin.user(id: id)
        case .mastodonClient, .misskeyClient: throw family.unsupported("accounts \(undo.rawValue)")
        case .mastodonAdmin, .gotosocialAdmin: return try await mastodonAccount(.post, id, "/\(undo.rawValue)")
        }
    }

    /// Refuses, before anything is sent, a deletion `family` would not make: Mastodon deletes only
    /// suspended accounts (exit 65).
    public static func checkDelete(_ account: AdminAccount, family: APIFamily) throws {
        switch family {
        case .mastodonAdmin:
            guard account.suspended == true else {
                throw FediError(.dataError, "@\(account.acct) is not suspended; Mastodon deletes only suspended accounts, nothing was sent",
                                hint: "suspend it first: fedictl accounts action \(account.id) --type suspend")
            }
        case .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin, .mastodonClient, .misskeyClient:
            break
        }
    }

    /// Deletes an account's data for good (Mastodon: only an already suspended account). Returns the
    /// account as it was.
    public func deleteAccount(id: String, via family: APIFamily) async throws -> Fetched<AdminAccount> {
        switch family {
        case .pleromaAdmin: return try await pleromaAdmin.delete(id)
        case .misskeyAdmin, .mastodonClient, .misskeyClient: throw family.unsupported("accounts delete")
        case .mastodonAdmin, .gotosocialAdmin: return try await mastodonAccount(.delete, id, "")
        }
    }

    private func mastodonAccount(_ method: HTTPMethod, _ id: String, _ action: String,
                                 body: RequestBody? = nil) async throws -> Fetched<AdminAccount> {
        try await Self.namingAccount(id, on: self) {
            try await fetch(MastodonAdminAccount.self, method,
                            "/api/v1/admin/accounts/\(ServerAddress.pathSegment(id))\(action)", body: body)
                .map(\.account)
        }
    }

    private func mastodonAccountWrite(_ id: String, _ action: String, body: RequestBody) async throws {
        try await Self.namingAccount(id, on: self) {
            try await send(.post, "/api/v1/admin/accounts/\(ServerAddress.pathSegment(id))\(action)", body: body)
        }
    }

    /// A 404 on an account id: exit 66, "no account 123 on HOST".
    @discardableResult
    static func namingAccount<T>(_ id: String, on client: APIClient, _ body: () async throws -> T) async throws -> T {
        try await client.naming("account \(id)", hint: "`fedictl accounts list` shows ids; `fedictl accounts show @user@host` finds one", body)
    }
}

/// `POST /api/v1/admin/accounts/:id/action`; fields left nil are not sent (GoToSocial takes only
/// `type` and `text`).
struct AccountActionBody: Encodable {
    var type: String
    var sendEmailNotification: Bool?
    var reportID: String?
    var warningPresetID: String?
    var text: String?

    enum CodingKeys: String, CodingKey {
        case type, sendEmailNotification = "send_email_notification", reportID = "report_id", warningPresetID = "warning_preset_id", text
    }
}
