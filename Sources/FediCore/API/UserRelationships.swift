import FoundationEssentials

/// The signed-in user's blocks, mutes and domain blocks, the same whichever API serves them:
/// Mastodon's client API, or the Misskey family's. Commands pick the family from the capability
/// table and call these; results are the normalised `Account`, `MutedAccount` and `UserDomainBlock`.
public struct UserRelationships: Sendable {
    public let client: APIClient
    public let family: APIFamily

    public init(client: APIClient, family: APIFamily) {
        self.client = client
        self.family = family
    }

    private var misskey: MisskeyAdmin? { family == .misskeyClient ? client.misskeyAdmin : nil }

    /// The account `text` names: `@user@host`, `@user`, or an id.
    public func account(_ text: String) async throws -> Account {
        if let misskey { return try await misskey.user(text) }
        return try await client.resolveAccount(text)
    }

    public func blocks(limit: Int?, onPage: PageHandler<Account>? = nil) async throws -> [Account] {
        if let misskey { return try await misskey.blockedAccounts(limit: limit, onPage: onPage) }
        return try await client.blockedAccounts(limit: limit, onPage: onPage)
    }

    public func setBlocked(_ blocked: Bool, _ account: Account) async throws {
        if let misskey { return try await misskey.setBlocked(blocked, userID: account.id) }
        try await client.setBlocked(blocked, accountID: account.id)
    }

    public func mutes(limit: Int?, onPage: PageHandler<MutedAccount>? = nil) async throws -> [MutedAccount] {
        if let misskey { return try await misskey.mutedAccounts(limit: limit, onPage: onPage) }
        return try await client.mutedAccounts(limit: limit, onPage: onPage)
    }

    /// Mutes `account` for `duration` (nil: until unmuted). The expiry is the server's where it says
    /// one, else `now` plus the duration; Misskey cannot leave notifications unmuted (exit 69).
    public func mute(_ account: Account, duration: DurationText?, notifications: Bool, now: Date) async throws -> MutedAccount {
        let expiry = duration.map { now.addingTimeInterval($0.timeInterval) }
        if let misskey {
            guard notifications else {
                throw FediError(.unavailable, "muting someone but not their notifications is not available on the Misskey API",
                                hint: "leave out --no-notifications: a Misskey mute always hides their notifications too")
            }
            try await misskey.mute(userID: account.id, until: expiry)
            return MutedAccount(account: account, muteExpiresAt: expiry, notifications: true)
        }
        let relationship = try await client.mute(accountID: account.id, duration: duration, notifications: notifications)
        return MutedAccount(account: account, muteExpiresAt: relationship.mutingExpiresAt ?? expiry,
                            notifications: relationship.mutingNotifications ?? notifications)
    }

    public func unmute(_ account: Account) async throws {
        if let misskey { return try await misskey.unmute(userID: account.id) }
        try await client.unmute(accountID: account.id)
    }

    public func domainBlocks(limit: Int?, onPage: PageHandler<UserDomainBlock>? = nil) async throws -> [UserDomainBlock] {
        guard let misskey else { return try await client.blockedDomains(limit: limit, onPage: onPage) }
        let fetched = try await misskey.mutedInstances()
        let blocks = Array(fetched.value.prefix(limit ?? .max)).map(UserDomainBlock.init(domain:))
        try await onPage?(blocks, fetched.raw)
        return blocks
    }

    /// Blocks (Misskey: mutes) `domain` for the user, or lifts it.
    public func setDomainBlocked(_ blocked: Bool, _ domain: String) async throws {
        if let misskey {
            try await misskey.setInstanceMuted(blocked, domain: domain)
        } else if blocked {
            try await client.blockDomain(domain)
        } else {
            try await client.unblockDomain(domain)
        }
    }
}
