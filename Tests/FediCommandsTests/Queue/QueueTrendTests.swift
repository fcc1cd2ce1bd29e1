import FediCore
import FediTestSupport
import Foundation
import Testing

/// `queue --kind trend`: trends awaiting review as a queue kind, only when asked for.
@Suite struct QueueTrendTests {
    static func stubTrends(_ server: FakeServerAccount, host: String? = nil) {
        server.transport.stub(.get, "/api/v1/admin/trends/links", host: host, json: "[]")
        server.transport.stub(
            .get, "/api/v1/admin/trends/statuses", host: host,
            json:
                #"[{"id": "9", "content": "<p>buy now</p>", "account": {"id": "4", "username": "ann", "acct": "ann"}, "#
                + #""requires_review": true}]"#)
        server.transport.stub(.get, "/api/v1/admin/trends/tags", host: host, json: TrendsTests.three)
    }

    @Test func kindTrendListsWhatAwaitsReviewOfEveryKind() async throws {
        let server = FakeServerAccount()
        Self.stubTrends(server)
        let result = await server.run(["queue", "--kind", "trend", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["kind"] as? String } == ["trend", "trend"], "\(rows)")
        // Trends carry no date: they stand in the queue's order for undated items (server, kind, id).
        #expect(rows.map { $0["category"] as? String } == ["tag", "status"], "\(rows)")
        #expect(rows.map { $0["id"] as? String } == ["2", "9"], "\(rows)")
        #expect(rows.map { $0["comment"] as? String } == ["#spam", "buy now"], "\(rows)")
        #expect(rows.last?["from"] as? String == "@ann@fake.test", "\(rows)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func exitStatusSaysWhetherAnyTrendWaits() async throws {
        let server = FakeServerAccount()
        Self.stubTrends(server)
        let result = await server.run(["queue", "--kind", "trend", "--exit-status", "--fields", "category,id"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "tag\t2\nstatus\t9\n", "\(result)")
    }

    @Test func theDefaultQueueAsksForNoTrends() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[]")
        server.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: "[]")
        let result = await server.run(["queue", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(!server.transport.requests.contains { $0.url.path.contains("/trends/") })
    }

    @Test func otherSoftwareIsRefusedNamingIt() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["queue", "--kind", "trend"],
                startingWith: "fedictl: queue --kind trend is not available on GoToSocial 0.17.3")
    }

    /// (`triage --kind trend` decides them: TriageTrendCommandTests.)
    @Test func trendsAreNotWatchedNorSelected() async {
        for arguments in [
            ["queue", "--kind", "trend", "--watch"], ["queue", "--kind", "trend", "--domain", "spam.example"],
            ["triage", "--kind", "trend", "--domain", "spam.example"],
        ] {
            let result = await FakeServerAccount().run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
        }
    }
}
