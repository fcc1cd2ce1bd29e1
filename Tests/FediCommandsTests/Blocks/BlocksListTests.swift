import FediCore
import FediTestSupport
import Foundation
import Testing

/// `blocks list` in the fast tier.
@Suite struct BlocksListTests {
    static let blocked = """
        [{"id": "9", "username": "spammer", "acct": "spammer@spam.example", "display_name": "Spam Bot"},
         {"id": "12", "username": "troll", "acct": "troll", "display_name": ""}]
        """

    @Test func mastodonListsTheBlockedAccountsAsTSV() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/blocks?limit=40", json: Self.blocked)
        let result = await server.run(["blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "admin@fake.test\t9\t@spammer@spam.example\tSpam Bot\nadmin@fake.test\t12\t@troll\t\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func limitAsksForThatManyAndJSONKeepsTheFields() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/blocks?limit=1",
            json: "[" + Self.blocked.split(separator: "\n")[0].dropFirst().dropLast() + "]")
        let result = await server.run(["blocks", "list", "--limit", "1", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["acct"] as? String } == ["spammer@spam.example"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// `--all` with `--limit` is refused before any request: one of them would otherwise be
    /// dropped without a word. Either alone is taken.
    @Test func allWithALimitIsAUsageErrorBeforeAnyRequest() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["blocks", "list", "--all", "--limit", "5"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("fedictl: --all and --limit cannot be used together: --all shows every one\n"),
            "\(result)")
        #expect(server.transport.requests.isEmpty)

        let zero = await server.run(["blocks", "list", "--limit", "0"])
        #expect(zero.status == 64, "\(zero)")
        #expect(zero.stderr.hasPrefix("fedictl: --limit must be at least 1\n"), "\(zero)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyReadsBlockingListWithTheTokenInTheBody() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/blocking/list",
            json: """
                [{"id": "9y1", "createdAt": "2026-11-01T10:00:00.000Z", "blockeeId": "9abc",
                  "blockee": {"id": "9abc", "username": "spammer", "host": "spam.example", "name": "Spam Bot"}}]
                """)
        let result = await server.run(["blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\t9abc\t@spammer@spam.example\tSpam Bot\n", "\(result)")
        let body = try #require(server.transport.requests.first?.jsonBody)
        #expect(body["limit"] as? Int == 40)
        #expect(body["i"] as? String == FakeServerAccount.token)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func softwareWithoutAKnownAPIIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "lemmy", version: "0.19.5")
            .expectRefused(["blocks", "list"], startingWith: "fedictl: blocks is not available on lemmy 0.19.5")
    }

    @Test func aTokenWithoutTheScopeIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/blocks", status: 403, json: #"{"error": "This action is outside the authorized scopes"}"#)
        let result = await server.run(["blocks", "list"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains(
                "fake.test does not allow this (HTTP 403): This action is outside the authorized scopes"), "\(result)")
        #expect(result.stderr.contains("hint: the account or token lacks permission for /api/v1/blocks"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
