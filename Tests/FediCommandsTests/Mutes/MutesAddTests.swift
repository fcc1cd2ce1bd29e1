import FediCore
import FediTestSupport
import Foundation
import Testing

/// `mutes add` in the fast tier.
@Suite struct MutesAddTests {
    static let loud = #"{"id": "9", "username": "loud", "acct": "loud@big.example", "display_name": "Loud"}"#

    @Test func mastodonSendsTheDurationInSecondsAndShowsTheServersEnd() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/lookup?acct=loud@big.example", json: Self.loud)
        server.transport.stub(
            .post, "/api/v1/accounts/9/mute",
            json:
                #"{"id": "9", "muting": true, "muting_notifications": false, "muting_expires_at": "2026-11-24T10:00:00Z"}"#
        )
        let result = await server.run([
            "mutes", "add", "@loud@big.example", "--duration", "1d", "--no-notifications", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["acct"] as? String == "loud@big.example", "\(result)")
        #expect(shown["mute_expires_at"] as? String == "2026-11-24T10:00:00Z", "\(result)")
        #expect(shown["notifications"] as? Bool == false, "\(result)")
        #expect(result.stderr == "Muted @loud@big.example for 1d.\n", "\(result)")
        let mute = try #require(server.transport.requests.last)
        #expect(mute.route == "POST /api/v1/accounts/9/mute")
        #expect(mute.jsonBody?["duration"] as? Int == 86400)
        #expect(mute.jsonBody?["notifications"] as? Bool == false)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutADurationTheMuteHasNoEnd() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: Self.loud)
        server.transport.stub(.post, "/api/v1/accounts/9/mute", json: #"{"id": "9", "muting": true}"#)
        let result = await server.run(["mutes", "add", "9", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["id"] as? String == "9" && result.jsonObject?["mute_expires_at"] == nil, "\(result)")
        #expect(server.transport.requests.last?.jsonBody?["duration"] as? Int == 0)
        #expect(server.transport.requests.last?.jsonBody?["notifications"] as? Bool == true)
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyCreatesAMuteWithoutEndAndCannotSpareNotifications() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        let user = #"{"id": "9abc", "username": "loud", "host": "big.example", "name": "Loud"}"#
        server.transport.stub(.post, "/api/users/show", json: user)
        server.transport.stub(.post, "/api/mute/create", status: 204, json: "")
        let result = await server.run(["mutes", "add", "@loud@big.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["acct"] as? String == "loud@big.example" && result.jsonObject?["mute_expires_at"] == nil,
            "\(result)")
        let create = try #require(server.transport.requests.last?.jsonBody)
        #expect(create["userId"] as? String == "9abc")
        #expect(create["expiresAt"] is NSNull, "\(create)")
        #expect(
            server.transport.requests.map(\.bodyText) == [
                #"{"host":"big.example","i":"fake-admin-token","username":"loud"}"#,
                #"{"expiresAt":null,"i":"fake-admin-token","userId":"9abc"}"#,
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")

        server.transport.stub(.post, "/api/users/show", json: user)
        let spared = await server.run(["mutes", "add", "@loud@big.example", "--no-notifications"])
        #expect(spared.status == 69, "\(spared)")
        #expect(spared.stderr.contains("not available on the Misskey API"), "\(spared)")
        #expect(server.transport.requests.filter { $0.route == "POST /api/mute/create" }.count == 1)
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func unknownSoftwareIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "lemmy", version: "0.19.5")
            .expectRefused(["mutes", "add", "9"], startingWith: "fedictl: mutes is not available on lemmy 0.19.5")
    }

    @Test func aRejectedMuteIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: Self.loud)
        server.transport.stub(
            .post, "/api/v1/accounts/9/mute", status: 422, json: #"{"error": "Duration is too long"}"#)
        let result = await server.run(["mutes", "add", "9", "--duration", "2w"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("fedictl: fake.test rejected the request (HTTP 422): Duration is too long\nhint: "),
            "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
