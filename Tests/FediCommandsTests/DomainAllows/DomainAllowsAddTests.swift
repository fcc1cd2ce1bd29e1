import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-allows add` in the fast tier.
@Suite struct DomainAllowsAddTests {
    @Test func mastodonReadsTheListThenPostsTheDomain() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_allows", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_allows",
            json: #"{"id": "4", "domain": "friend.example", "created_at": "2026-11-23T10:00:00.000Z"}"#)
        let result = await server.run(["domain-allows", "add", "Friend.Example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["domain"] as? String == "friend.example", "\(result)")
        #expect(result.stderr == "Added friend.example.\n", "\(result)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/domain_allows")
        #expect(
            post.jsonBody?["domain"] as? String == "friend.example",
            "\(String(decoding: post.body ?? Data(), as: UTF8.self))")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func anAllowedDomainIsShownAndNothingIsSent() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/domain_allows",
            json: #"[{"id": "1", "domain": "friend.example", "created_at": "2026-11-01T10:00:00Z"}]"#)
        let result = await server.run(["domain-allows", "add", "friend.example"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "friend.example is already allowed; nothing sent.\n", "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
    }

    @Test func goToSocialSendsTheComment() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/admin/domain_allows", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_allows",
            json: #"{"id": "01J", "domain": "friend.example", "public_comment": "partners"}"#)
        let result = await server.run(["domain-allows", "add", "friend.example", "--comment", "partners"])
        #expect(result.status == 0, "\(result)")
        let post = try #require(server.transport.requests.last)
        let fields = post.jsonBody ?? post.formBody.mapValues { $0 as Any }
        #expect(fields["domain"] as? String == "friend.example", "\(fields)")
        #expect(fields.values.contains { $0 as? String == "partners" }, "\(fields)")
    }

    @Test func aUserTokenOnlyServerIsRefused() async {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(["domain-allows", "add", "friend.example"], startingWith: "fedictl: ")
    }
}
