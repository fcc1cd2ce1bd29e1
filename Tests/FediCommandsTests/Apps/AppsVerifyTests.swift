import FediCore
import FediTestSupport
import Foundation
import Testing

/// `apps verify` in the fast tier.
@Suite struct AppsVerifyTests {
    @Test func theSelectedAccountsTokenNamesItsApp() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/apps/verify_credentials",
            json: #"{"name": "fedictl", "website": null, "scopes": ["read", "write"]}"#)
        let result = await server.run(["apps", "verify", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["instance"] as? String == "fake.test")
        #expect(shown["name"] as? String == "fedictl")
        #expect(shown["scopes"] as? [String] == ["read", "write"])
        #expect(server.transport.requests.first?.header("Authorization") == "Bearer \(FakeServerAccount.token)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// GoToSocial has no GET /api/v1/apps/verify_credentials (404; 401 without a user token).
    @Test func goToSocialHasNoAppVerification() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0-rc1")
        let result = await server.run(["apps", "verify", "--fields", "name"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("apps verify is not available on GoToSocial 0.20.0-rc1"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyIsRefused() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["apps", "verify"], startingWith: "fedictl: apps verify is not available on Misskey 2024.11.0")
    }

    @Test func anInstanceWithoutARegisteredAppIsExit66() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["apps", "verify", "fake.test"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fedictl has no app registered on fake.test
                hint: register one: fedictl apps register fake.test

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aRevokedTokenIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/apps/verify_credentials", status: 401, json: #"{"error": "The access token is invalid"}"#)
        let result = await server.run(["apps", "verify"])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("hint: log in again: fedictl auth login fake.test"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
