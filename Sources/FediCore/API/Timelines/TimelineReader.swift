import FoundationEssentials

/// Reads timelines, the same whichever API serves them: a server's local timeline as a visitor
/// (no token is sent, unless `signedIn` for servers that show it to logged-in users only), or the
/// signed-in user's home timeline. Posts come newest first. What differs between the APIs lives in
/// the `TimelineAdapter` chosen once from the family.
public struct TimelineReader: Sendable {
    public let client: APIClient
    let adapter: any TimelineAdapter
    /// Read the local timeline with the client's token rather than as a visitor: for servers that
    /// show it to logged-in users only.
    public var signedIn = false
    /// The server ignores `only_media` on its local timeline (GoToSocial's public timeline never reads
    /// it): `mediaOnly` keeps the posts with media on this side.
    public var mediaOnlyOnClient = false

    /// Most posts one request may ask for: Mastodon allows 40, Misskey 100.
    public var maximumLimit: Int { adapter.maximumLimit }

    /// A reader through the API `family` (exit 69 for a family without timelines).
    init(client: APIClient, family: APIFamily) throws {
        self.client = client
        self.adapter = try Self.adapter(for: family)
    }

    static func adapter(for family: APIFamily) throws -> any TimelineAdapter {
        switch family {
        case .mastodonClient: MastodonTimelines()
        case .misskeyClient: MisskeyTimelines()
        case .mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin: throw family.unsupported("timelines")
        }
    }

    /// The local timeline, read without logging in (unless `signedIn`). `after`: only posts newer than this id of the
    /// same server. A server that keeps it from visitors (401, 403, 422, Misskey's `LTL_DISABLED`,
    /// Mastodon 4.5's `timelines_access` set to `authenticated` or `disabled`) is exit 77.
    public func local(limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]> {
        let visitor = signedIn ? client : client.anonymous
        let size = min(limit, maximumLimit)
        var fetched: Fetched<[Post]>
        do {
            fetched = try await adapter.local(on: visitor, limit: size, mediaOnly: mediaOnly, after: after)
        } catch let error as APIError where Self.refusesVisitors(error) {
            throw notPublished
        }
        // Mastodon 4.5 answers [] when the feed is disabled: tell that apart from a quiet server.
        if fetched.value.isEmpty, let access = await adapter.localFeedAccess(on: visitor), access != "public" {
            throw notPublished
        }
        if mediaOnly, mediaOnlyOnClient { fetched.value.removeAll { $0.mediaURLs.isEmpty } }
        // A server may send more than asked for (100,000 posts in one answer): --limit still holds.
        fetched.value = Array(Self.newestFirst(fetched.value).prefix(limit))
        return fetched
    }

    /// What came after `after` (an id of the same server), for a reader catching up: the oldest new posts
    /// first, as many as `limit` (paging on where one page is not enough), newest first like every
    /// timeline; and how many newer ones still wait, counted up to `countCap` (`waiting > countCap`
    /// means "more than that"). The servers' `min_id`/`sinceId` answer the posts right after the cursor,
    /// so a reader that keeps the newest shown post as its place skips nothing.
    public func local(newerThan after: String, limit: Int, mediaOnly: Bool, countCap: Int = 200) async throws
        -> (posts: Fetched<[Post]>, waiting: Int)
    {
        var result = try await local(limit: limit, mediaOnly: mediaOnly, after: after)
        var page = result.value
        // Each page is the posts right after the cursor; a full page may have more behind it.
        while let newest = page.first, page.count == min(limit - result.value.count + page.count, maximumLimit),
            result.value.count < limit
        {
            page = try await local(limit: limit - result.value.count, mediaOnly: mediaOnly, after: newest.id).value
            result.value = page + result.value
        }
        var waiting = 0
        var cursor = result.value.first?.id
        while result.value.count >= limit, let after = cursor, waiting <= countCap {
            let more = try await local(limit: maximumLimit, mediaOnly: mediaOnly, after: after).value
            waiting += more.count
            cursor = more.count == maximumLimit ? more.first?.id : nil
        }
        return (result, waiting)
    }

    /// The signed-in user's home timeline (the client's token).
    public func home(limit: Int, after: String? = nil) async throws -> Fetched<[Post]> {
        let size = min(limit, maximumLimit)
        var fetched = try await adapter.home(on: client, limit: size, after: after)
        fetched.value = Array(Self.newestFirst(fetched.value).prefix(limit))
        return fetched
    }

    private var notPublished: FediError {
        FediError(
            .permission, "\(client.server.authority) does not publish its local timeline to visitors",
            hint: "log in there (fedictl auth login \(client.server.authority)) and read your home timeline with "
                + "`fedictl timelines show` without an argument")
    }

    static func refusesVisitors(_ error: APIError) -> Bool {
        guard case .http(let status, _, _, _, let body) = error else { return false }
        if [401, 403, 422].contains(status) { return true }
        let object = (try? JSONText.object(from: body)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String == "LTL_DISABLED"
    }

    /// Servers answer a `since` page oldest first (Misskey) or newest first (Mastodon): sort by date,
    /// keeping the server's order among equal dates. Ids are never compared.
    static func newestFirst(_ posts: [Post]) -> [Post] {
        posts.enumerated().sorted { a, b in
            switch (a.element.createdAt, b.element.createdAt) {
            case (let x?, let y?) where x != y: x > y
            default: a.offset < b.offset
            }
        }.map(\.element)
    }
}

/// One page of a timeline from the API that serves it; `client` is the one to ask (a visitor or
/// signed in). `after` is a post id of the same server: only posts newer than it.
protocol TimelineAdapter: Sendable {
    /// Most posts one request may ask for.
    var maximumLimit: Int { get }
    func local(on client: APIClient, limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]>
    func home(on client: APIClient, limit: Int, after: String?) async throws -> Fetched<[Post]>
    /// Who may read the local feed, where the server says (Mastodon 4.5's `timelines_access`); nil elsewhere.
    func localFeedAccess(on client: APIClient) async -> String?
}

/// `/api/v1/timelines/*` (Mastodon, GoToSocial, Pleroma, ...): up to 40 posts a request.
struct MastodonTimelines: TimelineAdapter {
    var maximumLimit: Int { 40 }
    func local(on client: APIClient, limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]> {
        try await client.localTimeline(limit: limit, mediaOnly: mediaOnly, after: after)
    }
    func home(on client: APIClient, limit: Int, after: String?) async throws -> Fetched<[Post]> {
        try await client.homeTimeline(limit: limit, after: after)
    }
    func localFeedAccess(on client: APIClient) async -> String? { await client.localFeedAccess() }
}

/// The Misskey family's `notes/*-timeline`: up to 100 notes a request.
struct MisskeyTimelines: TimelineAdapter {
    var maximumLimit: Int { 100 }
    func local(on client: APIClient, limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]> {
        try await client.misskeyAdmin.localTimeline(limit: limit, mediaOnly: mediaOnly, after: after)
    }
    func home(on client: APIClient, limit: Int, after: String?) async throws -> Fetched<[Post]> {
        try await client.misskeyAdmin.homeTimeline(limit: limit, after: after)
    }
    func localFeedAccess(on client: APIClient) async -> String? { nil }
}
