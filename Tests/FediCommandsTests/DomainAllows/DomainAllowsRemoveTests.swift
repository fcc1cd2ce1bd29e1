import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-allows remove` in the fast tier.
@Suite struct DomainAllowsRemoveTests {
    @Test func mastodonFindsTheDomainAndDeletesIt() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/domain_allows",
            json: #"[{"id": "4", "domain": "friend.example", "created_at": "2026-11-01T10:00:00Z"}]"#)
        server.transport.stub(.delete, "/api/v1/admin/domain_allows/4", json: "{}")
        let result = await server.run(["domain-allows", "remove", "friend.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.last?.route == "DELETE /api/v1/admin/domain_allows/4")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aDomainNotAllowedIsExit66AndSendsNoDelete() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_allows", json: "[]")
        let result = await server.run(["domain-allows", "remove", "friend.example", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr
                == "fedictl: friend.example is not allowed on fake.test\nhint: `fedictl domain-allows list` shows what is\n",
            "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .delete })
    }
}
