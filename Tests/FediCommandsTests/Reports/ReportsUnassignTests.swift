import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports unassign` in the fast tier (Mastodon only).
@Suite struct ReportsUnassignTests {
    @Test func mastodonUnassignsAndShowsNobodyHasIt() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/reports/17/unassign",
            json: #"{"id": "17", "action_taken": false, "assigned_account": null}"#)
        let result = await server.run(["reports", "unassign", "17", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(
            shown["id"] as? String == "17" && (shown["assigned_to"] == nil || shown["assigned_to"] is NSNull),
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/reports/17/unassign"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonBefore291IsRefused() async throws {
        let server = FakeServerAccount(version: "2.8.4")
        let result = await server.run(["reports", "unassign", "17"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: reports unassign is not available on Mastodon 2.8.4
                hint: it needs Mastodon 2.9.1 or newer; `fedictl instance features fake.test` lists what this server can do

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func goToSocialIsRefused() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["reports", "unassign", "17"],
                startingWith: "fedictl: reports unassign is not available on GoToSocial 0.17.3")
    }

    @Test func aModeratorWithoutTheRightIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/reports/17/unassign", status: 403, json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run(["reports", "unassign", "17"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: this needs an admin login: fedictl auth login fake.test --admin"), "\(result)"
        )
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
