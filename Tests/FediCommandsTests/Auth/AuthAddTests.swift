import FediCore
import FediTestSupport
import Foundation
import Testing

/// `auth add` in the fast tier: a token from stdin is checked, then stored in the keyring, never printed.
@Suite struct AuthAddTests {
    static let credentials = #"{"id": "5", "username": "carol", "acct": "carol", "display_name": "Carol"}"#

    @Test func aTokenFromStdinIsVerifiedAndStoredInTheKeyring() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: Self.credentials)
        // the server does not say the scopes
        transport.stub(.get, "/oauth/token/info", status: 404, json: #"{"error": "Not found"}"#)
        transport.stub(.get, "/api/v1/apps/verify_credentials", json: #"{"name": "some app"}"#)
        let keyring = InMemorySecretStore(storageName: "keyring")
        let logins = InMemoryLoginStore()
        let harness = CommandHarness(transport: transport, secrets: keyring, logins: logins)
        let result = await harness.run(
            ["auth", "add", "fake.test", "--token-stdin", "--scopes", "read write", "-o", "json"],
            input: "carol-token\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["account"] as? String == "carol@fake.test", "\(result)")
        #expect(!result.stdout.contains("carol-token") && !result.stderr.contains("carol-token"))
        #expect(
            result.stderr.contains(
                "fake.test does not say which scopes the token has; recorded the ones you gave (--scopes).\n"),
            "\(result)")
        let config = try logins.load()
        #expect(config.accounts.map(\.id) == ["carol@fake.test"])
        let stored = try #require(config.accounts.first)
        #expect(stored.scopes == ["read", "write"])
        #expect(try await keyring.lookup(stored.tokenKey) == "carol-token")
        #expect(transport.requests.first?.header("Authorization") == "Bearer carol-token")
        #expect(transport.unusedRoutes.isEmpty, "\(transport.unusedRoutes)")
    }

    @Test func scopesTheServerReportsWinOverClaimedOnes() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: Self.credentials)
        transport.stub(.get, "/oauth/token/info", json: #"{"scope": ["read"]}"#)
        let logins = InMemoryLoginStore()
        let result = await CommandHarness(
            transport: transport, secrets: InMemorySecretStore(storageName: "keyring"), logins: logins
        )
        .run(["auth", "add", "fake.test", "--token-stdin", "--scopes", "read write"], input: "carol-token\n")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("Note: fake.test says the token has read; recorded that instead of --scopes.\n"),
            "\(result)")
        #expect(try logins.load().accounts.first?.scopes == ["read"])
        #expect(transport.unusedRoutes.isEmpty, "\(transport.unusedRoutes)")
    }

    @Test func aRefusedTokenStoresNothing() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/accounts/verify_credentials", status: 401, json: #"{"error": "The access token is invalid"}"#
        )
        let keyring = InMemorySecretStore(storageName: "keyring")
        let logins = InMemoryLoginStore()
        let result = await CommandHarness(transport: transport, secrets: keyring, logins: logins)
            .run(["auth", "add", "fake.test", "--token-stdin"], input: "bad-token\n")
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result)")
        #expect(try logins.load().accounts.isEmpty)
        #expect(!result.stderr.contains("bad-token"))
    }
}
