import FoundationEssentials

/// A server's trends as its moderators review them: what trends, awaiting review or not, and the
/// decision on one. Only Mastodon's admin API has them (3.5 lists, 4.2 approves and rejects);
/// built by `APIClient.trends(family:)` behind `Door.trends`.
public protocol TrendAdapter: Sendable {
    /// The trending `kind`s, reviewed or not, as the server ranks them; at most `limit` (nil: all).
    func list(_ kind: Trend.Kind, limit: Int?) async throws -> [Trend]
    /// Approves (`approve`) or rejects the trend `id` of `kind`; the server's answer as a trend, where it reads as one.
    func review(_ kind: Trend.Kind, id: String, approve: Bool) async throws -> Trend?
}

extension APIClient {
    public func trends(family: APIFamily) throws -> any TrendAdapter {
        switch family {
        case .mastodonAdmin: MastodonTrends(client: self)
        case .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin, .mastodonClient, .misskeyClient:
            throw FediError(.unavailable, "trends are not reviewed through the \(family.displayName)")
        }
    }
}

extension Door where Adapter == any TrendAdapter {
    public static func trends(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.trends(family: family) }
    }
}

/// `GET /api/v1/admin/trends/{links,statuses,tags}` (`limit`, then the `Link` header's `offset`
/// pages) and `POST …/:id/approve|reject` (Mastodon 4.2).
struct MastodonTrends: TrendAdapter {
    let client: APIClient

    static func path(_ kind: Trend.Kind) -> String { "/api/v1/admin/trends/\(kind.plural)" }

    /// Mastodon caps `limit` at twice its default: 20 links or tags, 40 posts a page.
    static func pageSize(_ kind: Trend.Kind) -> Int { kind == .status ? 40 : 20 }

    func list(_ kind: Trend.Kind, limit: Int?) async throws -> [Trend] {
        let path = Self.path(kind)
        let size = Self.pageSize(kind)
        switch kind {
        case .link:
            return try await client.linkPages(
                MastodonTrendLink.self, path, query: [], limit: limit, pageSize: size, onPage: nil
            ) { $0.trend }
        case .status:
            return try await client.linkPages(
                MastodonTrendStatus.self, path, query: [], limit: limit, pageSize: size, onPage: nil
            ) { $0.trend }
        case .tag:
            return try await client.linkPages(
                MastodonTrendTag.self, path, query: [], limit: limit, pageSize: size, onPage: nil
            ) { $0.trend }
        }
    }

    func review(_ kind: Trend.Kind, id: String, approve: Bool) async throws -> Trend? {
        let path = "\(Self.path(kind))/\(ServerAddress.pathSegment(id))/\(approve ? "approve" : "reject")"
        let hint = "`fedictl trends \(kind.plural) list` shows the trending \(kind.plural) and their ids"
        let response = try await client.naming("trending \(kind.rawValue) \(id)", hint: hint) {
            try await client.send(.post, path)
        }
        // The answer is the trend as it now is; one that does not read as one changes nothing done.
        switch kind {
        case .link: return try? client.decode(MastodonTrendLink.self, from: response).trend
        case .status: return try? client.decode(MastodonTrendStatus.self, from: response).trend
        case .tag: return try? client.decode(MastodonTrendTag.self, from: response).trend
        }
    }
}
