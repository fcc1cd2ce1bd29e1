import FediCore
import FediTestSupport
import Foundation
import Testing

/// `email-blocks add` in the fast tier.
@Suite struct EmailBlocksAddTests {
    @Test func mastodonReadsTheListThenPostsTheDomain() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/email_domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/email_domain_blocks",
            json:
                #"{"id": "7", "domain": "spam-mail.example", "created_at": "2026-11-23T10:00:00.000Z", "history": []}"#)
        let result = await server.run(["email-blocks", "add", "Spam-Mail.Example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "7"
                && result.jsonObject?["domain"] as? String == "spam-mail.example", "\(result)")
        #expect(result.stderr == "Added spam-mail.example.\n", "\(result)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/email_domain_blocks")
        #expect(post.jsonBody?["domain"] as? String == "spam-mail.example")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aDomainAlreadyBlockedIsShownAndNothingIsSent() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/email_domain_blocks",
            json: #"[{"id": "1", "domain": "mailinator.example", "created_at": "2026-11-01T10:00:00Z"}]"#)
        let result = await server.run(["email-blocks", "add", "mailinator.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [String: Any])?["id"] as? String == "1", "\(result)")
        #expect(result.stderr == "mailinator.example is already blocked; nothing sent.\n", "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyAppendsToBannedEmailDomainsInUpdateMeta() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        try server.transport.stub(.post, "/api/admin/meta", fixture: "misskey/admin-meta.json")
        try server.transport.stub(.post, "/api/admin/meta", fixture: "misskey/admin-meta.json")
        server.transport.stub(.post, "/api/admin/update-meta", status: 204, json: "")
        let result = await server.run(["email-blocks", "add", "spam-mail.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["domain"] as? String == "spam-mail.example", "\(result)")
        let update = try #require(server.transport.requests.last)
        #expect(update.route == "POST /api/admin/update-meta")
        #expect(
            update.jsonBody?["bannedEmailDomains"] as? [String] == [
                "mailinator.example", "trashmail.example", "spam-mail.example",
            ])
        #expect(update.jsonBody?.keys.sorted() == ["bannedEmailDomains", "i"], "only the list that changed")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func pleromaHasNoEmailBlocks() async throws {
        await FakeServerAccount(software: "akkoma", version: "3.13.2")
            .expectRefused(
                ["email-blocks", "add", "spam-mail.example"],
                startingWith:
                    "fedictl: email-blocks add is not available on Akkoma 3.13.2\nhint: Akkoma has no API for it")
    }

    @Test func aRejectedDomainIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/email_domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/email_domain_blocks", status: 422,
            json: #"{"error": "Validation failed: Domain is invalid"}"#)
        let result = await server.run(["email-blocks", "add", "spam-mail.example"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains(
                "rejected the request (HTTP 422): Validation failed: Domain is invalid\nhint: check the values given"),
            "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
