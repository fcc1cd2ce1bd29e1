import FoundationEssentials
import Synchronization

/// What Mastodon's admin account API and GoToSocial's subset of it share: the paths, the answer's
/// shape, the list's query, the lookups and the plain verbs. Each server's type says what it lists,
/// how it finds a handle, and what its reject and action requests carry.
protocol MastodonAdminAccountAPI: AdminAccountAdapter {
    var client: APIClient { get }
    var server: ServerInfo { get }
    /// Whether the server's Link headers keep the list's filters (GoToSocial's drop them).
    static var linksKeepFilters: Bool { get }
}

extension MastodonAdminAccountAPI {
    var host: String { client.server.authority }

    /// The accounts matching `query`, asked for through `/api/v2` (`v2`) or `/api/v1`. `partly`: the
    /// server matches `username` exactly where Mastodon (and the help) match a part of it, so the
    /// part is matched here, over every account, up to `limit` matches.
    func filtered(
        _ query: AccountQuery, v2: Bool, partly: Bool, limit: Int?, onPage: PageHandler<AdminAccount>?
    ) async throws -> [AdminAccount] {
        var sent = query
        if partly { sent.username = nil }
        // Checked here too: a server that ignores a state filter (mastodon_mock's v1 `sensitized`)
        // must not pass off every account as matching.
        let keep: @Sendable (AdminAccount) -> Bool = partly ? query.matches : query.hasStatus
        let shown = Mutex(0)
        let checked = onPage.map { onPage -> PageHandler<AdminAccount> in
            { accounts, raw in
                // Kept whole when every row matches (a list without a filter): filtering copied each row.
                var rows = accounts.allSatisfy(keep) ? accounts : accounts.filter(keep)
                if partly, let limit {
                    rows = shown.withLock { count in
                        let room = Array(rows.prefix(max(0, limit - count)))
                        count += room.count
                        return room
                    }
                }
                try await onPage(rows, raw)
            }
        }
        let found = try await pages(sent, v2: v2, limit: partly ? nil : limit, onPage: checked).filter(keep)
        return partly ? Array(found.prefix(limit ?? found.count)) : found
    }

    /// `/api/v2/admin/accounts` (Mastodon 3.5+, GoToSocial) or `/api/v1/admin/accounts`, whose flags
    /// v2 folded into `origin`, `status` and `permissions`. Only v1 can list the sensitized.
    func pages(
        _ query: AccountQuery, v2: Bool, limit: Int?,
        onPage: PageHandler<AdminAccount>?
    ) async throws -> [AdminAccount] {
        let (path, items) = MastodonAdminAccounts.accountList(query, v2: v2)
        return try await client.linkPages(
            MastodonAdminAccount.self, path, query: items, limit: limit, pageSize: 100,
            keepingFilters: Self.linksKeepFilters, onPage: onPage
        ) {
            $0.account
        }
    }

    func account(id: String) async throws -> Fetched<AdminAccount> { try await send(.get, id, "") }

    /// The client API's lookup, then the admin list.
    func clientLookup(_ handle: String) async throws -> String {
        do {
            return try await client.resolveAccount("@" + handle).id
        } catch let error as FediError where error.status == .noInput {
            guard let found = try? await adminListed(handle) else { throw error }
            return found
        }
    }

    /// The client API hides suspended accounts from lookups (mastodon_mock also silenced and disabled
    /// ones); the admin list still has them. All states are asked for at once (where the server lists
    /// only active ones without `status`, as mastodon_mock does, each hidden state after that).
    func adminListed(_ handle: String) async throws -> String? {
        let parts = handle.split(separator: "@", maxSplits: 1).map(String.init)
        let domain = parts.count > 1 ? parts[1] : nil
        for status in [nil, AccountQuery.Status.suspended, .silenced, .disabled, .pending] {
            let query = AccountQuery(
                status: status, origin: domain == nil ? .local : .remote, domain: domain,
                username: parts[0])
            let found = try await pages(query, v2: true, limit: 40, onPage: nil)
            if let match = found.first(where: { $0.username.lowercased() == parts[0].lowercased() }) { return match.id }
        }
        return nil
    }

    func approve(id: String) async throws -> Fetched<AdminAccount> { try await send(.post, id, "/approve") }

    /// `POST /api/v1/admin/accounts/:id/action` with `body`.
    func act(on id: String, _ body: AccountActionBody) async throws {
        try await APIClient.namingAccount(id, on: client) {
            try await client.send(
                .post, "/api/v1/admin/accounts/\(ServerAddress.pathSegment(id))/action",
                body: .encoded(body))
        }
    }

    func undo(_ undo: AccountUndo, on id: String) async throws -> Fetched<AdminAccount> {
        try await send(.post, id, "/\(undo.rawValue)")
    }

    func delete(id: String) async throws -> Fetched<AdminAccount> { try await send(.delete, id, "") }

    func send(
        _ method: HTTPMethod, _ id: String, _ action: String,
        body: RequestBody? = nil
    ) async throws -> Fetched<AdminAccount> {
        try await APIClient.namingAccount(id, on: client) {
            try await client.fetch(
                MastodonAdminAccount.self, method,
                "/api/v1/admin/accounts/\(ServerAddress.pathSegment(id))\(action)",
                body: body
            ).map(\.account)
        }
    }
}

/// Accounts through Mastodon's admin API (`/api/v1/admin/accounts`, v2 list from 3.5).
struct MastodonAdminAccounts: MastodonAdminAccountAPI {
    let client: APIClient
    let server: ServerInfo
    let support: AccountActionSupport
    let reports: any ReportAdapter
    static var linksKeepFilters: Bool { true }

    func list(_ query: AccountQuery, limit: Int?, onPage: PageHandler<AdminAccount>?) async throws -> [AdminAccount] {
        let v2 = server.comparableVersion.map { $0.isAtLeast(SoftwareVersion(3, 5, 0)) } ?? true
        return try await filtered(query, v2: v2, partly: false, limit: limit, onPage: onPage)
    }

    static func accountList(_ query: AccountQuery, v2: Bool) -> (String, [URLQueryItem]) {
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

    /// Another server's account: the admin search by username and domain finds this server's copy (a
    /// client lookup would fetch it over federation, making one). This server's: the client lookup.
    func id(ofHandle handle: String) async throws -> String {
        guard handle.contains("@") else { return try await clientLookup(handle) }
        if let found = try await adminListed(handle) { return found }
        throw FediError(
            .noInput, "no account @\(handle) known to \(host)",
            hint: "its admin account search by username and domain found none: the server has not seen the account")
    }

    func reject(id: String, message: String?) async throws -> Fetched<AdminAccount> {
        try await send(.post, id, "/reject")
    }

    func act(_ action: AccountAction, on id: String) async throws {
        try await act(
            on: id,
            AccountActionBody(
                type: action.kind.rawValue, sendEmailNotification: action.notify,
                reportID: action.reportID,
                warningPresetID: action.warningPresetID, text: action.text))
    }

    func describe(_ action: AccountAction, on id: String) -> String {
        "POST /api/v1/admin/accounts/\(id)/action type=\(action.kind.rawValue) report_id=\(action.reportID ?? "")"
    }

    func resolveComment(after action: AccountAction) -> String? { nil }
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
        case type, sendEmailNotification = "send_email_notification", reportID = "report_id"
        case warningPresetID = "warning_preset_id", text
    }
}
