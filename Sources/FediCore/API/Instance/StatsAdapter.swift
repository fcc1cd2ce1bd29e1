import FoundationEssentials

/// A server's dashboard figures over a period, where its admin API has them (Mastodon 3.5+:
/// measures, dimensions, retention). Built by `APIClient.stats(family:)` behind `Door.stats`.
public protocol StatsAdapter: Sendable {
    /// The measures, the top `limit` of each dimension and the monthly retention from `start` to `end`.
    func stats(from start: Date, to end: Date, limit: Int) async throws -> ServerStats
}

extension APIClient {
    public func stats(family: APIFamily) throws -> any StatsAdapter {
        switch family {
        case .mastodonAdmin: MastodonStats(client: self)
        case .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin, .mastodonClient, .misskeyClient:
            throw FediError(.unavailable, "the \(family.displayName) has no dashboard figures")
        }
    }
}

extension Door where Adapter == any StatsAdapter {
    public static var stats: Self { Door(.instanceStats) { client, family, _ in try client.stats(family: family) } }
}

/// `POST /api/v1/admin/measures`, `/dimensions` and `/retention`, each a read though a POST (JSON
/// bodies: `keys`, `start_at`, `end_at`; `limit` for dimensions; `frequency` for retention).
struct MastodonStats: StatsAdapter {
    let client: APIClient

    /// The measures that need no parameter (the others are per tag or per remote domain).
    static let measureKeys = ["new_users", "active_users", "interactions", "opened_reports", "resolved_reports"]
    /// The dimensions that need no parameter.
    static let dimensionKeys = ["languages", "sources", "servers", "software_versions", "space_usage"]

    struct Period: Encodable {
        var keys: [String]?
        var startAt: String
        var endAt: String
        var limit: Int?
        var frequency: String?

        enum CodingKeys: String, CodingKey {
            case keys, limit, frequency, startAt = "start_at", endAt = "end_at"
        }
    }

    func stats(from start: Date, to end: Date, limit: Int) async throws -> ServerStats {
        let (from, to) = (FlexibleDate.format(start), FlexibleDate.format(end))
        let measures = try await client.fetch(
            [StatsMeasure].self, .post, "/api/v1/admin/measures",
            body: try RequestBody.encoded(Period(keys: Self.measureKeys, startAt: from, endAt: to)), readsOnly: true
        ).value
        let dimensions = try await client.fetch(
            [StatsDimension].self, .post, "/api/v1/admin/dimensions",
            body: try RequestBody.encoded(Period(keys: Self.dimensionKeys, startAt: from, endAt: to, limit: limit)),
            readsOnly: true
        ).value
        let retention = try await client.fetch(
            [StatsCohort].self, .post, "/api/v1/admin/retention",
            body: try RequestBody.encoded(Period(startAt: from, endAt: to, frequency: "month")), readsOnly: true
        ).value
        return ServerStats(measures: measures, dimensions: dimensions, retention: retention)
    }
}
