import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-allows list` in the fast tier.
@Suite struct DomainAllowsListTests {
    @Test func mastodonListsTheAllowlist() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/domain_allows",
            json:
                #"[{"id": "1", "domain": "friend.example", "created_at": "2026-11-01T10:00:00Z"}, {"id": "2", "domain": "pal.example", "created_at": "2026-11-02T10:00:00Z"}]"#
        )
        let result = await server.run(["domain-allows", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["domain"] as? String } == ["friend.example", "pal.example"])
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_allows"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyReadsItsFederationHosts() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/admin/meta", json: #"{"federationHosts": ["friend.example"]}"#)
        let result = await server.run(["domain-allows", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("friend.example"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func aUserTokenOnlyServerIsRefused() async {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(["domain-allows", "list"], startingWith: "fedictl: ")
    }
}
