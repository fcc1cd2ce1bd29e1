import FediCore
import FediTestSupport
import Foundation
import Testing

/// `mutes list` in the fast tier.
@Suite struct MutesListTests {
    @Test func mastodonListsEachMuteWithItsEnd() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/mutes?limit=40",
            json: """
                [{"id": "9", "username": "loud", "acct": "loud@big.example", "display_name": "Loud", "mute_expires_at": "2026-12-01T10:00:00.000Z"},
                 {"id": "12", "username": "quiet", "acct": "quiet", "display_name": "Quiet", "mute_expires_at": null}]
                """)
        let result = await server.run(["mutes", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout
                == "admin@fake.test\t9\t@loud@big.example\tLoud\t2026-12-01T10:00:00Z\nadmin@fake.test\t12\t@quiet\tQuiet\t\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/mutes"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyReadsMuteListWithItsExpiry() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/mute/list",
            json: """
                [{"id": "9m1", "createdAt": "2026-11-01T10:00:00.000Z", "expiresAt": "2026-12-01T10:00:00.000Z", "muteeId": "9abc",
                  "mutee": {"id": "9abc", "username": "loud", "host": "big.example", "name": "Loud"}}]
                """)
        let result = await server.run(["mutes", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["acct"] as? String } == ["loud@big.example"], "\(result)")
        #expect(rows.first?["mute_expires_at"] as? String == "2026-12-01T10:00:00Z", "\(result)")
        #expect(server.transport.requests.first?.jsonBody?["limit"] as? Int == 40)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func unknownSoftwareIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "lemmy", version: "0.19.5")
            .expectRefused(["mutes", "list"], startingWith: "fedictl: mutes is not available on lemmy 0.19.5")
    }

    @Test func aRevokedTokenIsExit77AndSaysToLogInAgain() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/mutes", status: 401, json: #"{"error": "The access token was revoked"}"#)
        let result = await server.run(["mutes", "list"])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("fake.test refused the credentials (HTTP 401)"), "\(result)")
        #expect(result.stderr.contains("hint: log in again: fedictl auth login fake.test"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
