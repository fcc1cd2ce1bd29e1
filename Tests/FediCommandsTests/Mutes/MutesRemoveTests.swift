import FediCore
import FediTestSupport
import Foundation
import Testing

/// `mutes remove` in the fast tier.
@Suite struct MutesRemoveTests {
    @Test func mastodonUnmutesAndPrintsTheAccount() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/accounts/lookup?acct=loud",
            json: #"{"id": "9", "username": "loud", "acct": "loud", "display_name": "Loud"}"#)
        server.transport.stub(.post, "/api/v1/accounts/9/unmute", json: #"{"id": "9", "muting": false}"#)
        let result = await server.run(["mutes", "remove", "@loud@fake.test", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "9" && result.jsonObject?["acct"] as? String == "loud", "\(result)")
        #expect(result.stderr == "Unmuted @loud.\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == ["GET /api/v1/accounts/lookup", "POST /api/v1/accounts/9/unmute"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyDeletesTheMuteByUserId() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/users/show",
            json: #"{"id": "9abc", "username": "loud", "host": "big.example", "name": "Loud"}"#)
        server.transport.stub(.post, "/api/mute/delete", status: 204, json: "")
        let result = await server.run(["mutes", "remove", "9abc"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.first?.jsonBody?["userId"] as? String == "9abc")
        #expect(server.transport.requests.last?.route == "POST /api/mute/delete")
        #expect(server.transport.requests.last?.jsonBody?["userId"] as? String == "9abc")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func unknownSoftwareIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "lemmy", version: "0.19.5")
            .expectRefused(["mutes", "remove", "9"], startingWith: "fedictl: mutes is not available on lemmy 0.19.5")
    }

    @Test func aForbiddenUnmuteIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: #"{"id": "9", "username": "loud", "acct": "loud"}"#)
        server.transport.stub(
            .post, "/api/v1/accounts/9/unmute", status: 403,
            json: #"{"error": "This action is outside the authorized scopes"}"#)
        let result = await server.run(["mutes", "remove", "9"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: the account or token lacks permission for /api/v1/accounts/9/unmute"),
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
