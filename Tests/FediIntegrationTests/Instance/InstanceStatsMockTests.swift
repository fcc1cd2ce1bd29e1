import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance stats` over two mastodon_mock servers: fedictl's figures are those the servers' own
/// measures, dimensions and retention endpoints give for the same period. (mastodon_mock answers
/// every measure with zeros and no series, every dimension empty and no cohort: its figures are
/// the shape, and these tests check fedictl passes them on as they are.)
struct InstanceStatsMockTests {
    static let period = ["--since", "2026-10-01", "--until", "2026-11-01"]
    static let keys = ["new_users", "active_users", "interactions", "opened_reports", "resolved_reports"]

    /// The server's own answer for the same request fedictl makes.
    static func ownMeasures(on server: ServerProcess) async throws -> [String: String] {
        let body: [String: Any] = [
            "keys": keys, "start_at": "2026-10-01T00:00:00Z", "end_at": "2026-11-01T00:00:00Z",
        ]
        let answer = try #require(
            try await server.json(.post, "/api/v1/admin/measures", token: MockServer.admin.token, body: body)
                as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: answer.map { ($0["key"] as? String ?? "", $0["total"] as? String ?? "") })
    }

    @Test func theFleetTableHoldsWhatEachServersOwnEndpointsGive() async throws {
        let pair = try await TrendReviewTests.start()
        defer { pair.stop() }
        let fleet = ["--account", "\(pair.idA),\(pair.idB)"]
        let result = await pair.run(fleet + ["instance", "stats", "-o", "json"] + Self.period)
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        for server in [pair.a, pair.b] {
            let own = try await Self.ownMeasures(on: server)
            #expect(own.count == Self.keys.count, "\(own)")
            for key in Self.keys {
                let row = rows.first { $0["key"] as? String == key }
                let figure = (row?["servers"] as? [String: Any])?[server.base] as? [String: Any]
                #expect(figure?["value"] as? String == own[key], "\(key) on \(server.base): \(rows)")
            }
        }
        // Dimensions and retention: as empty as the servers' own answers.
        let dimensions = try #require(
            try await pair.a.json(
                .post, "/api/v1/admin/dimensions", token: MockServer.admin.token,
                body: ["keys": ["languages"], "start_at": "2026-10-01", "end_at": "2026-11-01"]) as? [[String: Any]])
        #expect(dimensions.allSatisfy { ($0["data"] as? [Any])?.isEmpty == true })
        #expect(!rows.contains { $0["section"] as? String == "dimension" || $0["section"] as? String == "retention" })

        // The table: a column per server, in the order selected.
        let table = await pair.run(fleet + ["instance", "stats"] + Self.period)
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.split(separator: "\n").contains("new users\t0\t0"), "\(table)")
    }
}
