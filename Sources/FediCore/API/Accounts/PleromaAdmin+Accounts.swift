import FoundationEssentials

/// A Pleroma/Akkoma user with its nickname, the key every write of the Admin API takes.
struct PleromaUserFetch: Sendable {
    var fetched: Fetched<AdminAccount>
    var nickname: String
}

/// `{count, page_size, users}` (lists) or `{users}` (approve, activate, deactivate).
struct PleromaUserPage: Decodable, Sendable {
    var count: Int?
    var users: [PleromaAdminUser]
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        count = c.lenientInt("count")
        users = c.lenientArray(PleromaAdminUser.self, "users")
    }
}

/// Users on Pleroma/Akkoma: `/api/v1/pleroma/admin/users`, by nickname. Deactivation stands for
/// suspend and disable; the TagPolicy MRF tags stand for silence (`mrf_tag:force-unlisted`) and
/// sensitive (`mrf_tag:media-force-nsfw`).
extension PleromaAdmin {
    /// `GET …/users/:id_or_nickname`.
    func user(_ idOrNickname: String) async throws -> PleromaUserFetch {
        try await APIClient.namingAccount(idOrNickname, on: client) {
            let fetched = try await client.fetch(
                PleromaAdminUser.self, .get, Self.path("users/\(ServerAddress.pathSegment(idOrNickname))"))
            return PleromaUserFetch(fetched: fetched.map(\.account), nickname: fetched.value.nickname)
        }
    }

    /// `GET …/users?filters=…&page=&page_size=`. The server filters by origin, state, tags, e-mail and
    /// a search term; the rest (domain, part of the username, staff) is checked here.
    func users(_ query: AccountQuery, on server: ServerInfo, limit: Int?, onPage: PageHandler<AdminAccount>?)
        async throws -> [AdminAccount]
    {
        if query.ip != nil { throw query.refuse("ip", on: server) }
        var filters: [String] = []
        var tags: [String] = []
        switch query.origin {
        case .local: filters.append("local")
        case .remote: filters.append("external")
        case nil: break
        }
        switch query.status {
        case .active: filters.append("active")
        case .pending: filters.append("need_approval")
        case .disabled, .suspended: filters.append("deactivated")
        case .silenced: tags = PleromaTags.silence
        case .sensitized: tags = [PleromaTags.sensitive]
        case nil: break
        }
        let size = min(limit ?? Self.pageSize, Self.pageSize)
        var base = QueryItems()
        base.add("filters", filters.isEmpty ? nil : filters.joined(separator: ","))
        base.add("query", query.username ?? query.domain)
        base.add("email", query.email)
        for tag in tags { base.add("tags[]", tag) }
        base.add("page_size", String(size))
        return try await client.walkPages(from: 1, limit: limit, onPage: onPage) { page in
            let fetched = try await client.fetch(
                PleromaUserPage.self, .get, Self.path("users"),
                query: base.items + [URLQueryItem(name: "page", value: String(page))])
            let users = fetched.value.users.map(\.account)
            let more = fetched.value.count.map { page * size < $0 } ?? (users.count == size)
            return PagePiece(
                items: users.filter(query.matches), raw: fetched.raw, next: more && !users.isEmpty ? page + 1 : nil)
        }
    }

    /// `PATCH …/users/approve {"nicknames": [...]}`.
    func approve(_ id: String) async throws -> Fetched<AdminAccount> {
        try await changeUsers("users/approve", .patch, of: id)
    }

    /// Deletes a sign-up that waits for approval (`DELETE …/users`); an approved account is refused,
    /// as Mastodon refuses it.
    func reject(_ id: String) async throws -> Fetched<AdminAccount> {
        let user = try await user(id)
        guard user.fetched.value.approved == false else {
            throw FediError(
                .dataError, "@\(user.nickname) on \(client.server.authority) is not waiting for approval",
                hint: "to remove an approved account: fedictl accounts delete \(id)")
        }
        try await client.send(.delete, Self.path("users"), body: .encoded(["nicknames": [user.nickname]]))
        return user.fetched
    }

    func perform(_ kind: AccountAction.Kind, on id: String) async throws {
        let nickname = try await user(id).nickname
        switch kind {
        case .suspend, .disable:
            try await client.send(.patch, Self.path("users/deactivate"), body: .encoded(["nicknames": [nickname]]))
        case .silence: try await tag(nickname, [PleromaTags.silenceTag], .put)
        case .sensitive: try await tag(nickname, [PleromaTags.sensitive], .put)
        case .none: throw APIFamily.pleromaAdmin.unsupported("accounts action --type none")
        }
    }

    func undo(_ undo: AccountUndo, on id: String) async throws -> Fetched<AdminAccount> {
        switch undo {
        case .enable, .unsuspend: return try await changeUsers("users/activate", .patch, of: id)
        case .unsilence, .unsensitive:
            let user = try await user(id)
            try await tag(user.nickname, undo == .unsilence ? PleromaTags.silence : [PleromaTags.sensitive], .delete)
            return try await self.user(id).fetched
        }
    }

    /// `DELETE …/users {"nicknames": [...]}`: returns the account as it was.
    func delete(_ id: String) async throws -> Fetched<AdminAccount> {
        let user = try await user(id)
        try await client.send(.delete, Self.path("users"), body: .encoded(["nicknames": [user.nickname]]))
        return user.fetched
    }

    /// `PUT` (add) or `DELETE` (remove) `…/users/tag {"nicknames", "tags"}`.
    private func tag(_ nickname: String, _ tags: [String], _ method: HTTPMethod) async throws {
        try await client.send(method, Self.path("users/tag"), body: .encoded(["nicknames": [nickname], "tags": tags]))
    }

    /// A batch call on one user that answers `{"users": [...]}`.
    private func changeUsers(_ path: String, _ method: HTTPMethod, of id: String) async throws -> Fetched<AdminAccount>
    {
        let nickname = try await user(id).nickname
        let fetched = try await client.fetch(
            PleromaUserPage.self, method, Self.path(path), body: .encoded(["nicknames": [nickname]]))
        return try fetched.map { page in
            guard let user = page.users.first else {
                throw APIError.malformed(url: fetched.response.url, detail: "no user in the answer")
            }
            return user.account
        }
    }
}

/// Accounts through Pleroma's and Akkoma's admin API: found by nickname, deactivated for suspend and
/// disable, tagged for silence and sensitive; an action's text is kept as a note on its report.
struct PleromaAccounts: AdminAccountAdapter {
    let admin: PleromaAdmin
    let server: ServerInfo
    let support: AccountActionSupport
    let reports: any ReportAdapter
    var host: String { admin.client.server.authority }

    func list(_ query: AccountQuery, limit: Int?, onPage: PageHandler<AdminAccount>?) async throws -> [AdminAccount] {
        try await admin.users(query, on: server, limit: limit, onPage: onPage)
    }

    func account(id: String) async throws -> Fetched<AdminAccount> { try await admin.user(id).fetched }
    func id(ofHandle handle: String) async throws -> String { try await admin.user(handle).fetched.value.id }
    func approve(id: String) async throws -> Fetched<AdminAccount> { try await admin.approve(id) }
    func reject(id: String, message: String?) async throws -> Fetched<AdminAccount> { try await admin.reject(id) }
    func act(_ action: AccountAction, on id: String) async throws { try await admin.perform(action.kind, on: id) }
    func undo(_ undo: AccountUndo, on id: String) async throws -> Fetched<AdminAccount> {
        try await admin.undo(undo, on: id)
    }
    func delete(id: String) async throws -> Fetched<AdminAccount> { try await admin.delete(id) }

    func describe(_ action: AccountAction, on id: String) -> String {
        action.kind == .suspend || action.kind == .disable
            ? "PATCH /api/v1/pleroma/admin/users/deactivate (account \(id))"
            : "PUT /api/v1/pleroma/admin/users/tag (account \(id), \(action.kind.rawValue))"
    }

    /// Pleroma has nowhere else for the text.
    func resolveComment(after action: AccountAction) -> String? { action.text }
}
