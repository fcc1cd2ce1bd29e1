import FoundationEssentials

/// Blocks, mutes and instance mutes on the Misskey family: `blocking/*`, `mute/*` (lists paged by
/// the records' ids as `untilId`), and the user's `mutedInstances`, which only `i/update` changes,
/// as a whole list: read from `i`, changed, written back.
extension MisskeyAdmin {
    /// `users/show`: `{username, host}` for a handle (host null for the server's own users), `{userId}` for an id.
    func user(_ text: String) async throws -> Account {
        let handle = text.hasPrefix("@") ? String(text.dropFirst()) : text
        let fields: [String: String]
        if let at = handle.firstIndex(of: "@") {
            fields = ["username": String(handle[..<at]), "host": String(handle[handle.index(after: at)...])]
        } else if text.hasPrefix("@") {
            fields = ["username": handle]
        } else {
            fields = ["userId": handle]
        }
        return try await client.naming(
            "account \(text)", hint: "check the handle; remote accounts need the full @user@host"
        ) {
            Account(misskey: try await call(MisskeyUser.self, "users/show", fields).value)
        }
    }

    func blockedAccounts(limit: Int?, onPage: PageHandler<Account>?) async throws -> [Account] {
        try await relationRecords("blocking/list", limit: limit, onPage: onPage) { $0.user }
    }

    func setBlocked(_ blocked: Bool, userID: String) async throws {
        try await perform(blocked ? "blocking/create" : "blocking/delete", ["userId": userID])
    }

    func mutedAccounts(limit: Int?, onPage: PageHandler<MutedAccount>?) async throws -> [MutedAccount] {
        try await relationRecords("mute/list", limit: limit, onPage: onPage) {
            MutedAccount(account: $0.user, muteExpiresAt: $0.expiresAt)
        }
    }

    /// `mute/create {userId, expiresAt}` (milliseconds since 1970, null for no end). A Misskey mute
    /// always hides the user's notifications as well.
    func mute(userID: String, until expiry: Date?) async throws {
        /// `expiresAt` is always sent: null is the mute without an end.
        struct MuteCreate: Encodable {
            var userId: String
            var expiresAt: Int64?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(userId, forKey: .userId)
                try container.encode(expiresAt, forKey: .expiresAt)
            }

            enum CodingKeys: String, CodingKey { case userId, expiresAt }
        }
        let expiresAt = expiry.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
        try await perform("mute/create", MuteCreate(userId: userID, expiresAt: expiresAt))
    }

    func unmute(userID: String) async throws {
        try await perform("mute/delete", ["userId": userID])
    }

    /// The user's muted instances, from `i`.
    func mutedInstances() async throws -> Fetched<[String]> {
        struct Me: Decodable, Sendable {
            var mutedInstances: [String]?
        }
        let me = try await call(Me.self, "i")
        return Fetched(value: me.value.mutedInstances ?? [], raw: me.raw, response: me.response)
    }

    /// Adds or removes one instance, keeping the rest of the list as the server had it; an
    /// unchanged list is not written back.
    func setInstanceMuted(_ muted: Bool, domain: String) async throws {
        let current = try await mutedInstances().value
        let present = current.contains { $0.equalsIgnoringCase(domain) }
        guard present != muted else { return }
        let updated = muted ? current + [domain] : current.filter { !$0.equalsIgnoringCase(domain) }
        try await perform("i/update", ["mutedInstances": updated])
    }

    private func relationRecords<T: Sendable>(
        _ endpoint: String, limit: Int?, onPage: PageHandler<T>?,
        _ transform: @escaping (MisskeyRelationRecord) -> T
    ) async throws -> [T] {
        let size = min(limit ?? Self.pageSize, Self.pageSize)
        return try await client.walkPages(from: "", limit: limit, onPage: onPage) { untilID in
            let fields = MisskeyPage(limit: size, untilId: untilID.isEmpty ? nil : untilID)
            let fetched = try await call([MisskeyRelationRecord].self, endpoint, fields)
            return PagePiece(
                items: fetched.value.map(transform), raw: fetched.raw,
                next: fetched.value.count == size ? fetched.value.last?.id : nil)
        }
    }
}
