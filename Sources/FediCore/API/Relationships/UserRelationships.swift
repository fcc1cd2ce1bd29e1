import FoundationEssentials

/// The signed-in user's blocks, mutes and domain blocks, the same whichever API serves them:
/// Mastodon's client API, or the Misskey family's. Built once per server by
/// `APIClient.userRelationships(family:)`; results are the normalised `Account`, `MutedAccount`
/// and `UserDomainBlock`.
public protocol UserRelationshipsAdapter: Sendable {
    /// Whether a mute can leave the account's notifications shown.
    var mutesKeepNotifications: Bool { get }
    /// The account `text` names: `@user@host`, `@user`, or an id.
    func account(_ text: String) async throws -> Account
    func blocks(limit: Int?, onPage: PageHandler<Account>?) async throws -> [Account]
    func setBlocked(_ blocked: Bool, _ account: Account) async throws
    func mutes(limit: Int?, onPage: PageHandler<MutedAccount>?) async throws -> [MutedAccount]
    /// Mutes `account` for `duration` (nil: until unmuted). The expiry is the server's where it says
    /// one, else `now` plus the duration; where mutes always hide notifications, `notifications: false`
    /// is exit 69.
    func mute(_ account: Account, duration: DurationText?, notifications: Bool, now: Date) async throws -> MutedAccount
    func unmute(_ account: Account) async throws
    func domainBlocks(limit: Int?, onPage: PageHandler<UserDomainBlock>?) async throws -> [UserDomainBlock]
    /// Blocks (Misskey: mutes) `domain` for the user, or lifts it.
    func setDomainBlocked(_ blocked: Bool, _ domain: String) async throws
}

extension APIClient {
    /// The relationships adapter for the API family that serves the user's blocks and mutes here.
    public func userRelationships(family: APIFamily) throws -> any UserRelationshipsAdapter {
        switch family {
        case .mastodonClient: MastodonUserRelationships(client: self)
        case .misskeyClient: MisskeyUserRelationships(misskey: misskeyAdmin)
        case .mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin:
            throw family.unsupported("blocks and mutes")
        }
    }
}

/// `/api/v1/blocks`, `/api/v1/mutes`, `/api/v1/domain_blocks` and the account actions.
struct MastodonUserRelationships: UserRelationshipsAdapter {
    let client: APIClient
    var mutesKeepNotifications: Bool { true }

    func account(_ text: String) async throws -> Account {
        try await client.resolveAccount(text)
    }

    func blocks(limit: Int?, onPage: PageHandler<Account>?) async throws -> [Account] {
        try await client.blockedAccounts(limit: limit, onPage: onPage)
    }

    func setBlocked(_ blocked: Bool, _ account: Account) async throws {
        try await client.setBlocked(blocked, accountID: account.id)
    }

    func mutes(limit: Int?, onPage: PageHandler<MutedAccount>?) async throws -> [MutedAccount] {
        try await client.mutedAccounts(limit: limit, onPage: onPage)
    }

    func mute(_ account: Account, duration: DurationText?, notifications: Bool, now: Date) async throws -> MutedAccount
    {
        let expiry = duration.map { now.addingTimeInterval($0.timeInterval) }
        let relationship = try await client.mute(
            accountID: account.id, duration: duration, notifications: notifications)
        return MutedAccount(
            account: account, muteExpiresAt: relationship.mutingExpiresAt ?? expiry,
            notifications: relationship.mutingNotifications ?? notifications)
    }

    func unmute(_ account: Account) async throws {
        try await client.unmute(accountID: account.id)
    }

    func domainBlocks(limit: Int?, onPage: PageHandler<UserDomainBlock>?) async throws -> [UserDomainBlock] {
        try await client.blockedDomains(limit: limit, onPage: onPage)
    }

    func setDomainBlocked(_ blocked: Bool, _ domain: String) async throws {
        if blocked {
            try await client.blockDomain(domain)
        } else {
            try await client.unblockDomain(domain)
        }
    }
}

/// The Misskey family's `blocking/*`, `mute/*` and muted instances (its user-side domain blocks).
struct MisskeyUserRelationships: UserRelationshipsAdapter {
    let misskey: MisskeyAdmin
    var mutesKeepNotifications: Bool { false }

    func account(_ text: String) async throws -> Account {
        try await misskey.user(text)
    }

    func blocks(limit: Int?, onPage: PageHandler<Account>?) async throws -> [Account] {
        try await misskey.blockedAccounts(limit: limit, onPage: onPage)
    }

    func setBlocked(_ blocked: Bool, _ account: Account) async throws {
        try await misskey.setBlocked(blocked, userID: account.id)
    }

    func mutes(limit: Int?, onPage: PageHandler<MutedAccount>?) async throws -> [MutedAccount] {
        try await misskey.mutedAccounts(limit: limit, onPage: onPage)
    }

    func mute(_ account: Account, duration: DurationText?, notifications: Bool, now: Date) async throws -> MutedAccount
    {
        let expiry = duration.map { now.addingTimeInterval($0.timeInterval) }
        guard notifications else {
            throw FediError(
                .unavailable, "muting someone but not their notifications is not available on the Misskey API",
                hint: "leave out --no-notifications: a Misskey mute always hides their notifications too")
        }
        try await misskey.mute(userID: account.id, until: expiry)
        return MutedAccount(account: account, muteExpiresAt: expiry, notifications: true)
    }

    func unmute(_ account: Account) async throws {
        try await misskey.unmute(userID: account.id)
    }

    func domainBlocks(limit: Int?, onPage: PageHandler<UserDomainBlock>?) async throws -> [UserDomainBlock] {
        let fetched = try await misskey.mutedInstances()
        let blocks = Array(fetched.value.prefix(limit ?? .max)).map(UserDomainBlock.init(domain:))
        try await onPage?(blocks, fetched.raw)
        return blocks
    }

    func setDomainBlocked(_ blocked: Bool, _ domain: String) async throws {
        try await misskey.setInstanceMuted(blocked, domain: domain)
    }
}
