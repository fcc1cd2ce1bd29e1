import FoundationEssentials

/// A remote server's local timeline, pinned by name (`fedictl timelines pin HOST --name NAME`).
/// Kept in the config beside the accounts, and needs none of them: it is read as a visitor.
public struct PinnedTimeline: Codable, Sendable, Equatable {
    public var name: String
    /// The server's base URL, e.g. https://mastodon.social.
    @StoredBaseURL public var baseURL: String
    /// What the server runs (chooses the API), as detected when pinned or last refreshed.
    public var server: ServerInfo?
    /// The newest post seen so far (`--since-last`): an id of this server only, never compared across servers.
    public var lastSeenID: String?
    /// When that post was made; a run only moves `lastSeenID` to a newer post.
    public var lastSeenAt: Date?
    public var pinnedAt: Date?

    public init(
        name: String, baseURL: String, server: ServerInfo? = nil, lastSeenID: String? = nil, lastSeenAt: Date? = nil,
        pinnedAt: Date? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.server = server
        self.lastSeenID = lastSeenID
        self.lastSeenAt = lastSeenAt
        self.pinnedAt = pinnedAt
    }

    enum CodingKeys: String, CodingKey {
        case name, server
        case baseURL = "base_url", lastSeenID = "last_seen_id", lastSeenAt = "last_seen_at", pinnedAt = "pinned_at"
    }

    /// Never nil: `baseURL` is checked when read from the file, and written only from a `ServerAddress`.
    public var address: ServerAddress { ServerAddress(baseURL: URL(string: baseURL)!) }

    /// Remembers `post` as the newest seen, unless the one already kept is newer. `afterKept`: the
    /// server gave it as newer than the kept one (a `--since-last` page), so dates are not compared.
    public mutating func markSeen(_ post: Post, afterKept: Bool = false) {
        if !afterKept, let seen = lastSeenAt, let date = post.createdAt, date < seen { return }
        lastSeenID = post.id
        lastSeenAt = post.createdAt
    }
}

extension LoginConfig {
    /// The pin called `name` (case-insensitive), else the one for the server `name` is the address of.
    public func pin(_ name: String, server: ServerAddress?) -> PinnedTimeline? {
        let all = pins ?? []
        return all.first { $0.name.equalsIgnoringCase(name) }
            ?? server.flatMap { address in all.first { $0.address.authority == address.authority } }
    }
}
