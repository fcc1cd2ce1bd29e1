import FediCore
import FediTestSupport
import Foundation
import Testing

/// `auth status` in the fast tier: the stored token checked against the server.
@Suite struct AuthStatusTests {
    static let credentials =
        #"{"id": "1", "username": "admin", "acct": "admin", "display_name": "Admin", "role": {"id": "3", "name": "Admin"}}"#

    @Test func checksTheTokenAndShowsWhoItIs() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/verify_credentials", json: Self.credentials)
        let result = await server.run(["auth", "status", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let status = try #require(result.jsonObject, "\(result)")
        #expect(status["account"] as? String == "admin@fake.test")
        #expect(status["username"] as? String == "admin")
        #expect(status["instance"] as? String == "https://fake.test")
        let sent = try #require(server.transport.requests.first)
        #expect(sent.header("Authorization") == "Bearer \(FakeServerAccount.token)")
        #expect(!result.stdout.contains(FakeServerAccount.token) && !result.stderr.contains(FakeServerAccount.token))
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func aRefusedTokenIsExit77WithTheLoginHint() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/accounts/verify_credentials", status: 401, json: #"{"error": "The access token is invalid"}"#
        )
        let result = await server.run(["auth", "status"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr == """
                fedictl: the token for admin@fake.test no longer works: fake.test refused it (HTTP 401)
                hint: log in again: fedictl auth login fake.test

                """, "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func noAccountsWithAllSaysHowToAddOne() async throws {
        let harness = CommandHarness(
            transport: FakeTransport(), secrets: InMemorySecretStore(), logins: InMemoryLoginStore())
        let result = await harness.run(["auth", "status", "--all"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "No accounts yet. Add one: fedictl auth login INSTANCE\n", "\(result)")
    }
}
