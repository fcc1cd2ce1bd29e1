import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts enable` in the fast tier (Mastodon, Pleroma, Akkoma).
@Suite struct AccountsEnableTests {
    @Test func mastodonEnablesTheLogin() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/9/enable",
            json: """
                {"id": "9", "username": "sam", "domain": null, "approved": true, "disabled": false, "account": {"id": "9", "username": "sam", "acct": "sam"}}
                """)
        let result = await server.run(["accounts", "enable", "9", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["status"] as? String == "active" && result.jsonObject?["disabled"] as? Bool == false,
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/accounts/9/enable"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaActivatesByNickname() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/users/ApvTxsbBU5LXb17rf3",
            json:
                #"{"id": "ApvTxsbBU5LXb17rf3", "nickname": "cheapwatches@spam.example", "is_active": false, "local": false, "tags": []}"#
        )
        try server.transport.stub(
            .patch, "/api/v1/pleroma/admin/users/activate", fixture: "akkoma/admin-users-activated.json")
        let result = await server.run(["accounts", "enable", "ApvTxsbBU5LXb17rf3", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "ApvTxsbBU5LXb17rf3"
                && result.jsonObject?["disabled"] as? Bool == false, "\(result)")
        #expect(server.transport.requests.last?.route == "PATCH /api/v1/pleroma/admin/users/activate")
        #expect(server.transport.requests.last?.jsonBody?["nicknames"] as? [String] == ["cheapwatches@spam.example"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialIsRefused() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["accounts", "enable", "01JH8ZQ3V5X7A9C1E3G5J7K9M1"],
                startingWith:
                    "fedictl: accounts enable is not available on GoToSocial 0.17.3\nhint: GoToSocial has no API for it"
            )
    }

    @Test func aModeratorWithoutTheRightIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/9/enable", status: 403, json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run(["accounts", "enable", "9"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: this needs an admin login: fedictl auth login fake.test --admin"), "\(result)"
        )
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
