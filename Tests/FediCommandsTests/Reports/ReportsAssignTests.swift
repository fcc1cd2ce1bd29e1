import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports assign` in the fast tier (Mastodon only).
@Suite struct ReportsAssignTests {
    @Test func mastodonAssignsToSelfAndShowsWhoHasIt() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/reports/17/assign_to_self",
            json: """
                {"id": "17", "action_taken": false, "category": "spam", "comment": "",
                 "assigned_account": {"id": "2", "username": "admin", "account": {"id": "2", "username": "admin", "acct": "admin"}}}
                """)
        let result = await server.run(["reports", "assign", "17", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["assigned_to"] as? String == "@admin@fake.test", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/reports/17/assign_to_self"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func everyOtherSoftwareIsRefusedWithoutARequest() async throws {
        for (software, version, label) in [
            ("gotosocial", "0.17.3", "GoToSocial 0.17.3"), ("akkoma", "3.13.2", "Akkoma 3.13.2"),
            ("misskey", "2024.11.0", "Misskey 2024.11.0"),
        ] {
            await FakeServerAccount(software: software, version: version)
                .expectRefused(
                    ["reports", "assign", "17"],
                    startingWith: "fedictl: reports assign is not available on \(label)\nhint: ")
        }
    }

    @Test func anUnknownReportIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/reports/99/assign_to_self", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["reports", "assign", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: no report 99 on fake.test\nhint: `fedictl reports list` shows the open reports"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
