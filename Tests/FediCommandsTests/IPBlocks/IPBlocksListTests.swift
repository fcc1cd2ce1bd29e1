import FediCore
import FediTestSupport
import Foundation
import Testing

/// `ip-blocks list` in the fast tier.
@Suite struct IPBlocksListTests {
    static let two =
        "[" + IPBlockStubs.block("1", "192.0.2.0/24", expiresAt: "2026-12-01T10:00:00.000Z") + ", "
        + IPBlockStubs.block("2", "2001:db8::/32", severity: "no_access", comment: "") + "]"

    @Test func mastodonListsTheBlocksAsTSV() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks", json: Self.two)
        let result = await server.run(["ip-blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                admin@fake.test\t1\t192.0.2.0/24\tsign_up_block\tspam wave\t2026-12-01T10:00:00Z
                admin@fake.test\t2\t2001:db8::/32\tno_access\t\t

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/ip_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func jsonKeepsEveryFieldAndLimitAsksForThatMany() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/ip_blocks?limit=1", json: "[" + IPBlockStubs.block("1", "192.0.2.0/24") + "]")
        let result = await server.run(["ip-blocks", "list", "--limit", "1", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.count == 1, "\(result)")
        #expect(rows.first?["ip"] as? String == "192.0.2.0/24" && rows.first?["comment"] as? String == "spam wave")
        #expect(rows.first?["created_at"] as? String == "2026-11-20T10:00:00Z", "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func anEmptyListSaysSoOnATerminal() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks", json: "[]")
        let result = await server.run(["ip-blocks", "list"], tty: true)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "No IP blocks.\n", "\(result)")
    }

    @Test func mastodonBefore4IsRefused() async throws {
        let server = FakeServerAccount(version: "3.5.3")
        let result = await server.run(["ip-blocks", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr
                == "fedictl: ip-blocks list is not available on Mastodon 3.5.3\n"
                + "hint: it needs Mastodon 4.0.0 or newer; "
                + "`fedictl instance features fake.test` lists what this server can do\n",
            "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func goToSocialIsRefused() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["ip-blocks", "list"], startingWith: "fedictl: ip-blocks list is not available on GoToSocial 0.17.3")
    }
}
