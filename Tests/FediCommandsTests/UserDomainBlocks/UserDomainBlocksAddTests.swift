import FediCore
import FediTestSupport
import Foundation
import Testing

/// `user-domain-blocks add` in the fast tier.
@Suite struct UserDomainBlocksAddTests {
    @Test func mastodonPostsTheDomainAsAFormField() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.post, "/api/v1/domain_blocks", json: "{}")
        let result = await server.run(["user-domain-blocks", "add", "Spam.Example", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject as? [String: String] == ["domain": "spam.example"], "\(result)")
        #expect(result.stderr == "Blocked spam.example for yourself.\n", "\(result)")
        let sent = try #require(server.transport.requests.first)
        #expect(sent.route == "POST /api/v1/domain_blocks")
        #expect(sent.formBody == ["domain": "spam.example"], "\(String(decoding: sent.body ?? Data(), as: UTF8.self))")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsSent() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["user-domain-blocks", "add", "spam.example"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasSuffix("; not on a terminal: pass --yes to confirm\n"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyWritesBackTheWholeListWithTheNewDomain() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/i", json: #"{"id": "9me", "mutedInstances": ["bad.example"]}"#)
        server.transport.stub(
            .post, "/api/i/update", json: #"{"id": "9me", "mutedInstances": ["bad.example", "spam.example"]}"#)
        let result = await server.run(["user-domain-blocks", "add", "spam.example", "-y"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Blocked spam.example for yourself.\n", "\(result)")
        let update = try #require(server.transport.requests.last)
        #expect(update.route == "POST /api/i/update")
        #expect(update.jsonBody?["mutedInstances"] as? [String] == ["bad.example", "spam.example"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["user-domain-blocks", "add", "spam.example", "--yes"],
                startingWith: "fedictl: user-domain-blocks is not available on GoToSocial 0.17.3\nhint: ")
    }

    @Test func aRejectedDomainIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/domain_blocks", status: 422, json: #"{"error": "Validation failed: Domain is invalid"}"#)
        let result = await server.run(["user-domain-blocks", "add", "spam.example", "--yes"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test rejected the request (HTTP 422): Validation failed: Domain is invalid
                hint: check the values given; the server's message says which

                """, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
