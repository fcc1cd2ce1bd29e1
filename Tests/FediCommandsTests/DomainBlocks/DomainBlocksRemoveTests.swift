import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks remove` in the fast tier.
@Suite struct DomainBlocksRemoveTests {
    @Test func byDomainFindsTheBlockAndDeletesIt() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/2", json: "{}")
        let result = await server.run(["domain-blocks", "remove", "noisy.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Lifted the block on noisy.example.\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/domain_blocks", "DELETE /api/v1/admin/domain_blocks/2",
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aDomainNotBlockedIsExit0AndNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "remove", "fine.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "fine.example is not blocked on fake.test; nothing sent.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func withoutYesOffATerminalNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "remove", "spam.example"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("pass --yes"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .delete })
    }

    @Test func misskeyWritesBackTheHostListWithoutTheDomain() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/admin/meta", json: #"{"blockedHosts": ["spam.example", "other.example"], "silencedHosts": []}"#
        )
        server.transport.stub(
            .post, "/api/admin/meta", json: #"{"blockedHosts": ["spam.example", "other.example"], "silencedHosts": []}"#
        )
        server.transport.stub(.post, "/api/admin/update-meta", json: "{}")
        let result = await server.run(["domain-blocks", "remove", "spam.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        let update = try #require(
            server.transport.requests.first { $0.url.path == "/api/admin/update-meta" },
            "\(server.transport.requests.map(\.route))")
        #expect(update.jsonBody?["blockedHosts"] as? [String] == ["other.example"])
    }
}
