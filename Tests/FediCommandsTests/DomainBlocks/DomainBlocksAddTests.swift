import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks add` in the fast tier: the list is read first, then one write or none.
@Suite struct DomainBlocksAddTests {
    @Test func mastodonCreatesANewBlockAfterReadingTheList() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.block("7", "new.example", severity: "silence"))
        let result = await server.run([
            "domain-blocks", "add", "New.Example", "--severity", "silence", "--yes", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Blocked new.example (silence).\n", "\(result)")
        #expect(result.jsonObject?["id"] as? String == "7")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/domain_blocks", "POST /api/v1/admin/domain_blocks",
            ])
        let sent = try #require(server.transport.requests.last)
        let fields = sent.jsonBody ?? sent.formBody.mapValues { $0 as Any }
        #expect(fields["domain"] as? String == "new.example", "\(fields)")
        #expect(fields["severity"] as? String == "silence", "\(fields)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aMatchingBlockSendsNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "add", "spam.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "spam.example is already blocked with these settings; nothing sent.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func aDifferentSeverityUpdatesTheExistingBlock() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        server.transport.stub(
            .put, "/api/v1/admin/domain_blocks/2", json: DomainBlockStubs.block("2", "noisy.example", media: true))
        let result = await server.run(["domain-blocks", "add", "noisy.example", "--severity", "suspend", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("Updated the block on noisy.example: "), "\(result)")
        #expect(server.transport.requests.last?.route == "PUT /api/v1/admin/domain_blocks/2")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aParentBlockCoversASubdomainAndNothingIsSent() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "add", "eu.spam.example", "--severity", "silence", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "eu.spam.example is already covered by the suspend block on spam.example, id 1; nothing sent.\n",
            "\(result)")
        #expect(server.transport.requests.count == 1)
    }

    @Test func goToSocialRefusesASilenceItCannotKeep() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let result = await server.run(["domain-blocks", "add", "noisy.example", "--severity", "silence", "--yes"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(!server.transport.requests.contains { $0.method != .get }, "\(server.transport.requests.map(\.route))")
    }
}
