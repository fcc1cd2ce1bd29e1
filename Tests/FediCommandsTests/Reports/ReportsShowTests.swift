import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports show` in the fast tier.
@Suite struct ReportsShowTests {
    static let report = """
        {"id": "17", "action_taken": false, "category": "spam", "comment": "link farm", "created_at": "2026-11-20T10:00:00Z",
         "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
         "target_account": {"id": "9", "username": "spammer", "domain": "spam.example",
                            "account": {"id": "9", "username": "spammer", "acct": "spammer@spam.example"}},
         "statuses": [{"id": "100", "content": "<p>buy now</p>", "created_at": "2026-11-19T10:00:00Z"}]}
        """

    @Test func mastodonShowsTheReportWithItsPosts() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/17", json: Self.report)
        let result = await server.run(["reports", "show", "17", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["state"] as? String == "open")
        #expect(shown["target"] as? String == "@spammer@spam.example")
        #expect(shown["reporter"] as? String == "@ann@fake.test")
        #expect((shown["posts"] as? [Any])?.count == 1)
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/reports/17"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func thePostsTextIsPlainOnTheTerminalAfterTheReport() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/17", json: Self.report)
        let result = await server.run(["reports", "show", "17"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("buy now") && !result.stdout.contains("<p>"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func akkomaReadsThePleromaReportWithItsNotes() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        try server.transport.stub(
            .get, "/api/v1/pleroma/admin/reports/Aq0e8GNBL9JsFHK97S", fixture: "akkoma/admin-report.json")
        let result = await server.run(["reports", "show", "Aq0e8GNBL9JsFHK97S", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["target"] as? String == "@cheapwatches@spam.example")
        let notes = try #require(shown["notes"] as? [[String: Any]])
        #expect(notes.first?["content"] as? String == "Looks like the usual watch spam.")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyCannotShowOneReport() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["reports", "show", "9r1"],
                startingWith:
                    "fedictl: reports show is not available on Misskey 2024.11.0\nhint: Misskey has no API for it")
    }

    @Test func goToSocialsNotFoundIsExit66NamingTheReport() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(
            .get, "/api/v1/admin/reports/01JH00000000000000000000XX", status: 404,
            json: #"{"error": "Not Found: report not found"}"#)
        let result = await server.run(["reports", "show", "01JH00000000000000000000XX"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no report 01JH00000000000000000000XX on fake.test
                hint: `fedictl reports list` shows the open reports, `--resolved` the others

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
