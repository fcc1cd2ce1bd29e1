import FediCore
import FediTestSupport
import Foundation
import Testing

/// `user-domain-blocks remove` in the fast tier.
@Suite struct UserDomainBlocksRemoveTests {
    @Test func mastodonDeletesWithTheDomainInTheQuery() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.delete, "/api/v1/domain_blocks?domain=spam.example", json: "{}")
        let result = await server.run(["user-domain-blocks", "remove", "spam.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["domain"] as? String == "spam.example", "\(result)")
        #expect(result.stderr == "Unblocked spam.example.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["DELETE /api/v1/domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyDropsTheDomainFromTheListAndLeavesAnAbsentOneAlone() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/i", json: #"{"id": "9me", "mutedInstances": ["bad.example", "Spam.Example"]}"#)
        server.transport.stub(.post, "/api/i/update", json: "{}")
        let result = await server.run(["user-domain-blocks", "remove", "spam.example"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.last?.jsonBody?["mutedInstances"] as? [String] == ["bad.example"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")

        server.transport.stub(.post, "/api/i", json: #"{"id": "9me", "mutedInstances": ["bad.example"]}"#)
        let again = await server.run(["user-domain-blocks", "remove", "spam.example"])
        #expect(again.status == 0, "\(again)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/i", "POST /api/i/update", "POST /api/i"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func goToSocialIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["user-domain-blocks", "remove", "spam.example"],
                startingWith: "fedictl: user-domain-blocks is not available on GoToSocial 0.17.3")
    }

    @Test func aForbiddenRemoveIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .delete, "/api/v1/domain_blocks", status: 403,
            json: #"{"error": "This action is outside the authorized scopes"}"#)
        let result = await server.run(["user-domain-blocks", "remove", "spam.example"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: the account or token lacks permission for /api/v1/domain_blocks"), "\(result)"
        )
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
