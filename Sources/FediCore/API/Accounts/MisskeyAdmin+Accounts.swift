import FoundationEssentials

/// Users on the Misskey family: `admin/show-users` (paged by offset), `users/show` for the profile
/// and `admin/show-user` for what only moderators see, `admin/suspend-user` and `admin/unsuspend-user`.
extension MisskeyAdmin {
    /// Misskey filters by one state (`available`, `suspended`, `adminOrModerator`, …), origin, username
    /// and host; it has no pending sign-ups, login disabling, silence flag or e-mail and address search.
    func users(_ query: AccountQuery, on server: ServerInfo, limit: Int?, onPage: PageHandler<AdminAccount>?)
        async throws -> [AdminAccount]
    {
        if query.email != nil { throw query.refuse("email", on: server) }
        if query.ip != nil { throw query.refuse("ip", on: server) }
        /// `admin/show-users`: one page.
        struct ShowUsers: Encodable {
            var origin: String
            var state: String
            var username: String?
            var hostname: String?
            var limit: Int
            var offset = 0
        }
        let state: String
        switch query.status {
        case .active: state = "available"
        case .suspended: state = "suspended"
        case nil: state = query.staff ? "adminOrModerator" : "all"
        case let other?: throw query.refuse(other.rawValue, on: server)
        }
        let size = min(limit ?? Self.pageSize, Self.pageSize)
        let fields = ShowUsers(
            origin: query.origin?.rawValue ?? "combined", state: state, username: query.username,
            hostname: query.domain, limit: size)
        return try await client.walkPages(from: 0, limit: limit, onPage: onPage) { offset in
            var page = fields
            page.offset = offset
            let fetched = try await call([MisskeyUser].self, "admin/show-users", page)
            let users = fetched.value.map(\.account)
            return PagePiece(
                items: users.filter(query.matches), raw: fetched.raw, next: users.count == size ? offset + size : nil)
        }
    }

    /// The profile (`users/show`) with the admin details (`admin/show-user`) merged in. `--raw` gets
    /// both documents as they came: `{"user": …, "admin": …}`.
    func user(id: String) async throws -> Fetched<AdminAccount> {
        try await APIClient.namingAccount(id, on: client) {
            let profile = try await call(MisskeyUser.self, "users/show", ["userId": id])
            let details = try await call(MisskeyAdminDetails.self, "admin/show-user", ["userId": id])
            let raw = Data("{\"user\":".utf8) + profile.raw + Data(",\"admin\":".utf8) + details.raw + Data("}".utf8)
            return Fetched(
                value: details.value.merged(into: profile.value.account), raw: raw, response: details.response)
        }
    }

    /// The id of `user` or `user@host` (`users/show {username, host}`).
    func userID(handle: String) async throws -> String {
        let parts = handle.split(separator: "@", maxSplits: 1).map(String.init)
        var fields = ["username": parts[0]]
        if parts.count > 1 { fields["host"] = parts[1] }
        return try await client.naming(
            "account @\(handle)", hint: "check the handle; remote accounts need the full @user@host"
        ) {
            try await call(MisskeyUser.self, "users/show", fields).value.account.id
        }
    }

    func suspend(id: String) async throws {
        try await APIClient.namingAccount(id, on: client) { try await perform("admin/suspend-user", ["userId": id]) }
    }

    func unsuspend(id: String) async throws {
        try await APIClient.namingAccount(id, on: client) { try await perform("admin/unsuspend-user", ["userId": id]) }
    }
}

/// Accounts through the Misskey family's admin API: suspend and unsuspend only, no sign-up queue.
struct MisskeyAccounts: AdminAccountAdapter {
    let admin: MisskeyAdmin
    let server: ServerInfo
    let support: AccountActionSupport
    let reports: any ReportAdapter
    var host: String { admin.client.server.authority }

    func list(_ query: AccountQuery, limit: Int?, onPage: PageHandler<AdminAccount>?) async throws -> [AdminAccount] {
        try await admin.users(query, on: server, limit: limit, onPage: onPage)
    }

    func account(id: String) async throws -> Fetched<AdminAccount> { try await admin.user(id: id) }
    func id(ofHandle handle: String) async throws -> String { try await admin.userID(handle: handle) }
    func approve(id: String) async throws -> Fetched<AdminAccount> { throw unsupported("accounts approve") }
    func reject(
        id: String,
        message: String?
    ) async throws -> Fetched<AdminAccount> { throw unsupported("accounts reject") }
    func act(_ action: AccountAction, on id: String) async throws { try await admin.suspend(id: id) }

    func undo(_ undo: AccountUndo, on id: String) async throws -> Fetched<AdminAccount> {
        guard undo == .unsuspend else { throw unsupported("accounts \(undo.rawValue)") }
        try await admin.unsuspend(id: id)
        return try await admin.user(id: id)
    }

    func delete(id: String) async throws -> Fetched<AdminAccount> { throw unsupported("accounts delete") }
    func describe(_ action: AccountAction, on id: String) -> String { "POST /api/admin/suspend-user userId=\(id)" }

    private func unsupported(_ what: String) -> FediError { APIFamily.misskeyAdmin.unsupported(what) }
}
