import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports resolve` in the fast tier.
@Suite struct ReportsResolveTests {
    @Test func mastodonResolvesAndShowsTheReportResolved() async throws {
        let server = FakeServerAccount()
        // Read first: on Mastodon a report may be another moderator's (claims, ReportsClaimTests).
        server.transport.stub(.get, "/api/v1/admin/reports/17", json: #"{"id": "17", "action_taken": false}"#)
        server.transport.stub(
            .post, "/api/v1/admin/reports/17/resolve", json: #"{"id": "17", "action_taken": true, "category": "spam"}"#)
        let result = await server.run(["reports", "resolve", "17", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["state"] as? String == "resolved", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/reports/17", "POST /api/v1/admin/reports/17/resolve",
            ])
        #expect(server.transport.requests.last?.body?.isEmpty ?? true)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonCannotKeepAComment() async throws {
        await FakeServerAccount()
            .expectRefused(
                ["reports", "resolve", "17", "--comment", "done"],
                startingWith: "fedictl: reports resolve --comment is not available through the Mastodon admin API")
    }

    @Test func goToSocialSendsTheCommentAsAForm() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0-rc1")
        let id = "01JH6A8C0E2G4J6M8P0R2T4W6Y"
        try server.transport.stub(
            .post, "/api/v1/admin/reports/\(id)/resolve", fixture: "gotosocial/admin-report-resolved.json")
        let result = await server.run([
            "reports", "resolve", id, "--comment", "Account suspended, thanks for the report.", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["state"] as? String == "resolved", "\(result)")
        #expect(
            result.jsonObject?["action_comment"] as? String == "Account suspended, thanks for the report.", "\(result)")
        #expect(
            server.transport.requests.first?.formBody == [
                "action_taken_comment": "Account suspended, thanks for the report."
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyResolvesAndSaysSoForItAnswersNothing() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/admin/resolve-abuse-user-report", status: 204, json: "")
        let result = await server.run(["reports", "resolve", "9r1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "Resolved report 9r1 on fake.test.\n", "\(result)")
        #expect(server.transport.requests.first?.jsonBody?["reportId"] as? String == "9r1")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func pixelfedIsRefused() async throws {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(
                ["reports", "resolve", "17"],
                startingWith:
                    "fedictl: reports resolve is not available on Pixelfed 0.12.4\nhint: Pixelfed has no API for it")
    }

    @Test func anUnknownReportIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/reports/99/resolve", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["reports", "resolve", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no report 99 on fake.test\nhint: "), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
