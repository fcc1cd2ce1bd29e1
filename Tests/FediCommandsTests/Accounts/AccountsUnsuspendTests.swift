import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts unsuspend` in the fast tier (Mastodon, Pleroma, Akkoma, the Misskey family).
@Suite struct AccountsUnsuspendTests {
    @Test func mastodonUnsuspends() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/9/unsuspend",
            json: """
                {"id": "9", "username": "sam", "domain": null, "suspended": false, "account": {"id": "9", "username": "sam", "acct": "sam"}}
                """)
        let result = await server.run(["accounts", "unsuspend", "9", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["suspended"] as? Bool == false, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/accounts/9/unsuspend"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyUnsuspendsThenReadsTheUserAndItsAdminDetails() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/admin/unsuspend-user", status: 204, json: "")
        server.transport.stub(
            .post, "/api/users/show",
            json: #"{"id": "a2tqzl20b2", "username": "spammer", "host": null, "name": "Spam", "isSuspended": false, "#
                + #""notesCount": 41, "followersCount": "7"}"#)
        try server.transport.stub(.post, "/api/admin/show-user", fixture: "misskey/admin-show-user.json")
        let result = await server.run(["accounts", "unsuspend", "a2tqzl20b2", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["id"] as? String == "a2tqzl20b2", "\(result)")
        // Misskey's user counts its notes and followers (a count sent as a string is read too).
        #expect(result.jsonObject?["posts"] as? Int == 41, "\(result)")
        #expect(result.jsonObject?["followers"] as? Int == 7, "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "POST /api/admin/unsuspend-user", "POST /api/users/show", "POST /api/admin/show-user",
            ])
        #expect(server.transport.requests.first?.jsonBody?["userId"] as? String == "a2tqzl20b2")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialIsRefused() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["accounts", "unsuspend", "01JH8ZQ3V5X7A9C1E3G5J7K9M1"],
                startingWith:
                    "fedictl: accounts unsuspend is not available on GoToSocial 0.17.3\nhint: GoToSocial has no API for it"
            )
    }

    @Test func aModeratorWithoutTheRightIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/9/unsuspend", status: 403, json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run(["accounts", "unsuspend", "9"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains(
                "fake.test does not allow this (HTTP 403): This action is not allowed\nhint: this needs an admin login"),
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
