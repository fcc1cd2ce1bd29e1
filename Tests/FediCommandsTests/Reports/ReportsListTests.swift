import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports list` in the fast tier: stubbed answers, what the user sees, what was asked.
@Suite struct ReportsListTests {
    static let twoReports = """
        [{"id": "17", "action_taken": false, "category": "spam", "comment": "link farm", "created_at": "2026-11-20T10:00:00Z",
          "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
          "target_account": {"id": "9", "username": "spammer", "domain": "spam.example",
                             "account": {"id": "9", "username": "spammer", "acct": "spammer@spam.example"}},
          "statuses": [{"id": "100", "content": "<p>buy</p>"}]},
         {"id": "18", "action_taken": false, "category": "other", "comment": "", "created_at": "2026-11-21T10:00:00Z"}]
        """

    @Test func listsOpenReportsAsTSVWhenPiped() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: Self.twoReports)
        let result = await server.run(["reports", "list"])
        #expect(result.status == 0, "\(result)")
        // Each row led by the account it was read as, then the id.
        let rows = result.stdout.split(separator: "\n").map {
            $0.split(separator: "\t").prefix(2).joined(separator: " ")
        }
        #expect(rows == ["admin@fake.test 17", "admin@fake.test 18"], "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
        // Open reports: Mastodon lists them when `resolved` is absent.
        let query = server.transport.requests.first?.url.query ?? ""
        #expect(!query.contains("resolved"), "\(query)")
    }

    @Test func resolvedAsksForResolvedOnesAndJSONKeepsTheFields() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports?resolved=true", json: Self.twoReports)
        let result = await server.run(["reports", "list", "--resolved", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["17", "18"])
        #expect(rows.first?["category"] as? String == "spam")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func notAvailableOnSoftwareWithoutAReportAPINamesIt() async throws {
        let server = FakeServerAccount(software: "pixelfed", version: "0.12.4")
        let result = await server.run(["reports", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("Pixelfed"), "\(result)")
        #expect(result.stderr.contains("hint: "), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aServerErrorAfterRetriesIsTemporary() async throws {
        let server = FakeServerAccount()
        for _ in 0..<4 {
            server.transport.stub(.get, "/api/v1/admin/reports", status: 503, json: #"{"error": "down"}"#)
        }
        let result = await server.run(["reports", "list", "--timeout", "5"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result)")
        #expect(server.sleeps.all.count == 3, "three retries, each after a backoff wait")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
