import FediCore
import FediTestSupport
import Foundation
import Testing

/// `user-domain-blocks list` in the fast tier.
@Suite struct UserDomainBlocksListTests {
    @Test func mastodonListsTheDomainsOnePerLine() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/domain_blocks?limit=40", json: #"["spam.example", "bad.example"]"#)
        let result = await server.run(["user-domain-blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\tspam.example\nadmin@fake.test\tbad.example\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyReadsTheMutedInstancesOfTheAccount() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/i",
            json: #"{"id": "9me", "username": "admin", "mutedInstances": ["spam.example", "bad.example"]}"#)
        let result = await server.run(["user-domain-blocks", "list", "--limit", "1", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["domain"] as? String } == ["spam.example"], "\(result)")
        #expect(server.transport.requests.first?.jsonBody?["i"] as? String == FakeServerAccount.token)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialHasNoUserDomainBlocks() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        let result = await server.run(["user-domain-blocks", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: user-domain-blocks is not available on GoToSocial 0.17.3
                hint: GoToSocial has no API for it; `fedictl instance features fake.test` lists what this server can do

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aServerThatKeepsFailingIsTemporaryAfterThreeRetries() async throws {
        let server = FakeServerAccount()
        for _ in 0..<4 {
            server.transport.stub(.get, "/api/v1/domain_blocks", status: 503, json: #"{"error": "down"}"#)
        }
        let result = await server.run(["user-domain-blocks", "list"])
        #expect(result.status == 75, "\(result)")
        #expect(
            result.stderr.contains(
                "fake.test failed with HTTP 503: down\nhint: the server is having trouble; try again later"),
            "\(result)")
        #expect(server.sleeps.all.count == 3)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
