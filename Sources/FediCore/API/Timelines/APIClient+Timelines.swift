import FoundationEssentials

/// Timelines on Mastodon-compatible servers. `after` is a post id of the same server: only posts
/// newer than it, the oldest of them first in line (`min_id`, gap-free), the page newest first.
extension APIClient {
    /// `GET /api/v1/timelines/public?local=true` (+ `only_media`): the server's own public posts.
    /// Asked without a token, as a visitor.
    func localTimeline(limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]> {
        var query = [URLQueryItem(name: "local", value: "true"), URLQueryItem(name: "limit", value: String(limit))]
        if mediaOnly { query.append(URLQueryItem(name: "only_media", value: "true")) }
        if let after { query.append(URLQueryItem(name: "min_id", value: after)) }
        return try await statuses("/api/v1/timelines/public", query: query)
    }

    /// `GET /api/v1/timelines/home`: the signed-in user's home timeline.
    func homeTimeline(limit: Int, after: String?) async throws -> Fetched<[Post]> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let after { query.append(URLQueryItem(name: "min_id", value: after)) }
        return try await statuses("/api/v1/timelines/home", query: query)
    }

    private func statuses(_ path: String, query: [URLQueryItem]) async throws -> Fetched<[Post]> {
        let fetched = try await fetch([MastodonStatus].self, .get, path, query: query)
        return Fetched(value: fetched.value.map(\.post), raw: fetched.raw, response: fetched.response)
    }

    /// Mastodon 4.5+: who may read the local live feed, `configuration.timelines_access.live_feeds.local`
    /// in /api/v2/instance (`public`, `authenticated` or `disabled`). nil where the server does not say.
    func localFeedAccess() async -> String? {
        struct Access: Decodable, Sendable {
            var local: String?
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: AnyKey.self)
                let configuration = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "configuration")
                let access = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "timelines_access")
                local = (try? access?.nestedContainer(keyedBy: AnyKey.self, forKey: "live_feeds"))?.optionalText(
                    "local")
            }
        }
        return try? await get(Access.self, "/api/v2/instance").local
    }
}
