import FediCore
import FediTestSupport
import Foundation
import Testing

/// `blocks add` in the fast tier.
@Suite struct BlocksAddTests {
    static let spammer =
        #"{"id": "9", "username": "spammer", "acct": "spammer@spam.example", "display_name": "Spam Bot"}"#

    @Test func mastodonLooksTheHandleUpThenBlocksThatId() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/lookup?acct=spammer@spam.example", json: Self.spammer)
        server.transport.stub(.post, "/api/v1/accounts/9/block", json: #"{"id": "9", "blocking": true}"#)
        let result = await server.run(["blocks", "add", "@spammer@spam.example", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "9" && result.jsonObject?["display_name"] as? String == "Spam Bot",
            "\(result)")
        #expect(result.stderr == "Blocked @spammer@spam.example.\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == ["GET /api/v1/accounts/lookup", "POST /api/v1/accounts/9/block"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsBlocked() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: Self.spammer)
        let result = await server.run(["blocks", "add", "9"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr
                == "fedictl: Block @spammer@spam.example: confirmation needed\nhint: Follows between you end; not on a terminal: pass --yes to confirm\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/accounts/9"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyFindsTheUserByUsernameAndHostAndCreatesABlock() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/users/show",
            json: #"{"id": "9abc", "username": "spammer", "host": "spam.example", "name": "Spam Bot"}"#)
        server.transport.stub(.post, "/api/blocking/create", status: 204, json: "")
        let result = await server.run(["blocks", "add", "@spammer@spam.example", "-y", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["id"] as? String == "9abc" && shown["acct"] as? String == "spammer@spam.example", "\(result)")
        let sent = server.transport.requests
        #expect(sent.map(\.route) == ["POST /api/users/show", "POST /api/blocking/create"])
        #expect(sent.first?.jsonBody?["username"] as? String == "spammer")
        #expect(sent.first?.jsonBody?["host"] as? String == "spam.example")
        #expect(sent.last?.jsonBody?["userId"] as? String == "9abc")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func unknownSoftwareIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "lemmy", version: "0.19.5")
            .expectRefused(
                ["blocks", "add", "@x@y.example", "--yes"],
                startingWith: "fedictl: blocks is not available on lemmy 0.19.5")
    }

    @Test func aHandleNobodyHasIsExit66AndTheHintOffersTheClosestOne() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/lookup", status: 404, json: #"{"error": "Record not found"}"#)
        server.transport.stub(
            .get, "/api/v2/search?q=@spamer@spam.example&type=accounts&resolve=true",
            json: #"{"accounts": [\#(Self.spammer)]}"#)
        let result = await server.run(["blocks", "add", "@spamer@spam.example", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no account @spamer@spam.example found on fake.test
                hint: did you mean @spammer@spam.example? Give the exact handle

                """, "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }
}
