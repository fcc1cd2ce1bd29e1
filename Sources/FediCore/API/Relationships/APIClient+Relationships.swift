import FoundationEssentials

/// Blocks, mutes and user-level domain blocks on Mastodon-compatible servers (Mastodon, GoToSocial,
/// Pleroma/Akkoma, Pixelfed, Friendica). Lists are paged by their Link headers: their rows have
/// internal ids, so the URLs are followed as they are.
extension APIClient {
    /// `GET /api/v1/blocks` (40 a page, at most 80).
    func blockedAccounts(limit: Int?, onPage: PageHandler<Account>?) async throws -> [Account] {
        try await linkPages(Account.self, "/api/v1/blocks", query: [], limit: limit, pageSize: 80, onPage: onPage) {
            $0
        }
    }

    /// `POST /api/v1/accounts/:id/block` or `/unblock`.
    func setBlocked(_ blocked: Bool, accountID: String) async throws {
        _ = try await fetch(
            Relationship.self, .post,
            "/api/v1/accounts/\(ServerAddress.pathSegment(accountID))/\(blocked ? "block" : "unblock")")
    }

    /// `GET /api/v1/mutes` (40 a page, at most 80), with `mute_expires_at` (Mastodon 3.3+).
    func mutedAccounts(limit: Int?, onPage: PageHandler<MutedAccount>?) async throws -> [MutedAccount] {
        try await linkPages(MutedAccount.self, "/api/v1/mutes", query: [], limit: limit, pageSize: 80, onPage: onPage) {
            $0
        }
    }

    /// `POST /api/v1/accounts/:id/mute` with `notifications` and `duration` in seconds (0: no end).
    /// Mastodon's answer does not say when the mute ends; some servers add `muting_expires_at`.
    func mute(accountID: String, duration: DurationText?, notifications: Bool) async throws -> Relationship {
        struct Body: Encodable {
            var notifications: Bool
            var duration: Int
        }
        let body = try RequestBody.encoded(Body(notifications: notifications, duration: duration?.seconds ?? 0))
        return try await fetch(
            Relationship.self, .post, "/api/v1/accounts/\(ServerAddress.pathSegment(accountID))/mute", body: body
        ).value
    }

    /// `POST /api/v1/accounts/:id/unmute`.
    func unmute(accountID: String) async throws {
        _ = try await fetch(Relationship.self, .post, "/api/v1/accounts/\(ServerAddress.pathSegment(accountID))/unmute")
    }

    /// `GET /api/v1/domain_blocks`: plain strings, 100 a page, at most 200.
    func blockedDomains(limit: Int?, onPage: PageHandler<UserDomainBlock>?) async throws -> [UserDomainBlock] {
        try await linkPages(
            String.self, "/api/v1/domain_blocks", query: [], limit: limit, pageSize: 200, onPage: onPage
        ) {
            UserDomainBlock(domain: $0)
        }
    }

    /// `POST /api/v1/domain_blocks` with the form field `domain` (servers that copy Mastodon read forms).
    func blockDomain(_ domain: String) async throws {
        try await send(.post, "/api/v1/domain_blocks", body: .form([("domain", domain)]))
    }

    /// `DELETE /api/v1/domain_blocks?domain=…`: Mastodon reads the parameter from the query as well as a form.
    func unblockDomain(_ domain: String) async throws {
        try await send(.delete, "/api/v1/domain_blocks", query: [URLQueryItem(name: "domain", value: domain)])
    }
}
