import FoundationEssentials

/// Reads timelines, the same whichever API serves them: a server's local timeline as a visitor
/// (no token is sent, unless `signedIn` for servers that show it to logged-in users only), or the
/// signed-in user's home timeline. Posts come newest first.
public struct TimelineReader: Sendable {
    public let client: APIClient
    public let family: APIFamily
    /// Read the local timeline with the client's token rather than as a visitor: for servers that
    /// show it to logged-in users only.
    public var signedIn = false

    /// Most posts one request may ask for: Mastodon allows 40, Misskey 100.
    public var maximumLimit: Int { family == .misskeyClient ? 100 : 40 }

    public init(client: APIClient, family: APIFamily) {
        self.client = client
        self.family = family
    }

    /// The local timeline, read without logging in (unless `signedIn`). `after`: only posts newer than this id of the
    /// same server. A server that keeps it from visitors (401, 403, 422, Misskey's `LTL_DISABLED`,
    /// Mastodon 4.5's `timelines_access` set to `authenticated` or `disabled`) is exit 77.
    public func local(limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]> {
        let visitor = signedIn ? client : client.anonymous
        let size = min(limit, maximumLimit)
        var fetched: Fetched<[Post]>
        do {
            if family == .misskeyClient {
                fetched = try await visitor.misskeyAdmin.localTimeline(limit: size, mediaOnly: mediaOnly, after: after)
            } else {
                fetched = try await visitor.localTimeline(limit: size, mediaOnly: mediaOnly, after: after)
            }
        } catch let error as APIError where Self.refusesVisitors(error) {
            throw notPublished
        }
        // Mastodon 4.5 answers [] when the feed is disabled: tell that apart from a quiet server.
        if fetched.value.isEmpty, family != .misskeyClient, let access = await visitor.localFeedAccess(), access != "public" {
            throw notPublished
        }
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
        -> (posts: Fetched<[Post]>, waiting: Int) {
        var result = try await local(limit: limit, mediaOnly: mediaOnly, after: after)
        var page = result.value
        // Each page is the posts right after the cursor; a full page may have more behind it.
        while let newest = page.first, page.count == min(limit - result.value.count + page.count, maximumLimit),
              result.value.count < limit {
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
        var fetched = family == .misskeyClient ? try await client.misskeyAdmin.homeTimeline(limit: size, after: after)
                                               : try await client.homeTimeline(limit: size, after: after)
        fetched.value = Array(Self.newestFirst(fetched.value).prefix(limit))
        return fetched
    }

    private var notPublished: FediError {
        FediError(.permission, "\(client.server.authority) does not publish its local timeline to visitors",
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
            case let (x?, y?) where x != y: x > y
            default: a.offset < b.offset
            }
        }.map(\.element)
    }
}
