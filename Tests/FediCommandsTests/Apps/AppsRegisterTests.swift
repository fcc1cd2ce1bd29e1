import FediCore
import FediTestSupport
import Foundation
import Testing

/// `apps register` in the fast tier.
@Suite struct AppsRegisterTests {
    static let app =
        #"{"id": "5", "name": "fedictl", "client_id": "cid-123", "client_secret": "csecret-456", "scopes": ["read", "write", "follow", "admin:read", "admin:write"]}"#

    @Test func mastodonRegistersAndKeepsTheSecretInTheKeyringOnly() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.post, "/api/v1/apps", json: Self.app)
        let result = await server.run(["apps", "register", "fake.test", "--admin", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["client_id"] as? String == "cid-123")
        #expect(!result.stdout.contains("csecret-456") && !result.stderr.contains("csecret-456"), "\(result)")
        let form = try #require(server.transport.requests.first?.formBody)
        #expect(form["client_name"] == "fedictl")
        #expect(form["scopes"] == "read write follow admin:read admin:write")
        #expect(form["redirect_uris"]?.contains("urn:ietf:wg:oauth:2.0:oob") == true, "\(form)")
        let secret = try await server.keyring.lookup(RegisteredClient.secretKey(for: try ServerAddress("fake.test")))
        #expect(secret == "csecret-456")
        #expect(try server.logins.load().clients?["fake.test"]?.clientID == "cid-123")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func sharkeyRegistersThroughItsMastodonAPIButMisskeyCannot() async throws {
        let sharkey = FakeServerAccount(software: "sharkey", version: "2024.9.1")
        sharkey.transport.stub(.post, "/api/v1/apps", json: Self.app)
        let registered = await sharkey.run(["apps", "register", "fake.test", "--scopes", "read"])
        #expect(registered.status == 0, "\(registered)")
        #expect(sharkey.transport.requests.first?.formBody["scopes"] == "read")
        #expect(sharkey.transport.unusedRoutes.isEmpty)

        let misskey = FakeServerAccount(software: "misskey", version: "2024.11.0")
        let refused = await misskey.run(["apps", "register", "fake.test"])
        #expect(refused.status == 69, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "fedictl: apps register is not available on Misskey 2024.11.0\nhint: Misskey has no API for it"),
            "\(refused)")
        #expect(misskey.transport.requests.isEmpty)
    }

    @Test func aRefusedRegistrationIsExit65AndNothingIsStored() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/apps", status: 422,
            json: #"{"error": "Validation failed: Redirect URI must be an absolute URI."}"#)
        let result = await server.run(["apps", "register", "fake.test"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("(HTTP 422): Validation failed: Redirect URI must be an absolute URI.\nhint: "),
            "\(result)")
        #expect(try server.logins.load().clients?["fake.test"] == nil)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
