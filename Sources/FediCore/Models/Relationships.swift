import FoundationEssentials

/// An account the user mutes, and until when (Mastodon's `MutedAccount`; a Misskey muting).
/// Its JSON is the account's, plus `mute_expires_at` and, where the server said, `notifications`.
public struct MutedAccount: Codable, Sendable, Equatable {
    public var account: Account
    /// nil: the mute does not end.
    public var muteExpiresAt: Date?
    /// Whether their notifications are muted too; nil where the server does not say (lists).
    public var notifications: Bool?

    public init(account: Account, muteExpiresAt: Date? = nil, notifications: Bool? = nil) {
        self.account = account
        self.muteExpiresAt = muteExpiresAt
        self.notifications = notifications
    }

    enum CodingKeys: String, CodingKey {
        case notifications
        case muteExpiresAt = "mute_expires_at"
    }

    public init(from decoder: Decoder) throws {
        account = try Account(from: decoder)
        let c = try decoder.container(keyedBy: AnyKey.self)
        muteExpiresAt = c.lenientDate("mute_expires_at")
        notifications = c.lenientBool("notifications")
    }

    public func encode(to encoder: Encoder) throws {
        try account.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(muteExpiresAt, forKey: .muteExpiresAt)
        try c.encodeIfPresent(notifications, forKey: .notifications)
    }
}

/// A domain the user hides everything from (Mastodon's user-level domain block; a Misskey instance mute).
public struct UserDomainBlock: Codable, Sendable, Equatable {
    public var domain: String

    public init(domain: String) {
        self.domain = domain
    }
}

/// The parts of Mastodon's `Relationship` the block and mute verbs read back.
/// `muting_expires_at` is not in Mastodon's entity; some servers (and mastodon_mock) send it.
struct Relationship: Decodable, Sendable {
    var blocking: Bool?
    var muting: Bool?
    var mutingNotifications: Bool?
    var mutingExpiresAt: Date?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        blocking = c.lenientBool("blocking")
        muting = c.lenientBool("muting")
        mutingNotifications = c.lenientBool("muting_notifications")
        mutingExpiresAt = c.lenientDate("muting_expires_at")
    }
}

extension Account {
    /// A Misskey-family user as a client account: `acct` is `user` for the server's own users and
    /// `user@host` for remote ones, as on Mastodon.
    public init(misskey user: MisskeyUser) {
        let profile = user.account
        self.init(
            id: profile.id, username: profile.username, acct: profile.acct, displayName: profile.displayName,
            url: profile.url, createdAt: profile.createdAt)
    }
}

/// One row of Misskey's `blocking/list` or `mute/list`: the record's own id (the page cursor),
/// the other user, and for mutes the expiry.
struct MisskeyRelationRecord: Decodable, Sendable {
    var id: String
    var user: Account
    var expiresAt: Date?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"), .init(codingPath: decoder.codingPath, debugDescription: "record without id"))
        }
        self.id = id
        let key: AnyKey = c.contains("mutee") ? "mutee" : "blockee"
        user = Account(misskey: try c.decode(MisskeyUser.self, forKey: key))
        expiresAt = c.lenientDate("expiresAt")
    }
}
