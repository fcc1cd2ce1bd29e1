import FediCore
import FediTestSupport
import Foundation
import Testing

/// `blocks remove` in the fast tier.
@Suite struct BlocksRemoveTests {
    static let spammer =
        #"{"id": "9", "username": "spammer", "acct": "spammer@spam.example", "display_name": "Spam Bot"}"#

    @Test func mastodonUnblocksWithoutAskingAndPrintsTheAccount() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: Self.spammer)
        server.transport.stub(.post, "/api/v1/accounts/9/unblock", json: #"{"id": "9", "blocking": false}"#)
        let result = await server.run(["blocks", "remove", "9", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["acct"] as? String == "spammer@spam.example", "\(result)")
        #expect(result.stderr == "Unblocked @spammer@spam.example.\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == ["GET /api/v1/accounts/9", "POST /api/v1/accounts/9/unblock"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyDeletesTheBlockByUserId() async throws {
        let server = FakeServerAccount(software: "sharkey", version: "2024.9.1")
        server.transport.stub(
            .post, "/api/users/show", json: #"{"id": "9abc", "username": "spammer", "host": null, "name": null}"#)
        server.transport.stub(.post, "/api/blocking/delete", status: 204, json: "")
        let result = await server.run(["blocks", "remove", "@spammer", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "9abc" && result.jsonObject?["acct"] as? String == "spammer",
            "\(result)")
        let sent = server.transport.requests
        #expect(sent.first?.jsonBody?["username"] as? String == "spammer")
        #expect(sent.first?.jsonBody?["host"] == nil)
        #expect(sent.last?.route == "POST /api/blocking/delete")
        #expect(sent.last?.jsonBody?["userId"] as? String == "9abc")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func unknownSoftwareIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "lemmy", version: "0.19.5")
            .expectRefused(["blocks", "remove", "9"], startingWith: "fedictl: blocks is not available on lemmy 0.19.5")
    }

    @Test func aRefusedUnblockIsExit65WithTheServersReason() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: Self.spammer)
        server.transport.stub(
            .post, "/api/v1/accounts/9/unblock", status: 422, json: #"{"error": "Validation failed"}"#)
        let result = await server.run(["blocks", "remove", "9"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test rejected the request (HTTP 422): Validation failed
                hint: check the values given; the server's message says which

                """, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
