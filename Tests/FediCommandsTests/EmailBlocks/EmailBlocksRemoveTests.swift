import FediCore
import FediTestSupport
import Foundation
import Testing

/// `email-blocks remove` in the fast tier.
@Suite struct EmailBlocksRemoveTests {
    static let one = #"[{"id": "1", "domain": "mailinator.example", "created_at": "2026-11-01T10:00:00Z"}]"#

    @Test func mastodonFindsTheRecordByDomainAndDeletesItsId() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/email_domain_blocks", json: Self.one)
        server.transport.stub(.delete, "/api/v1/admin/email_domain_blocks/1", json: "{}")
        let result = await server.run(["email-blocks", "remove", "mailinator.example", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "1"
                && result.jsonObject?["domain"] as? String == "mailinator.example", "\(result)")
        #expect(result.stderr == "Removed mailinator.example.\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/email_domain_blocks", "DELETE /api/v1/admin/email_domain_blocks/1",
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aDomainNotBlockedIsExit66AndNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/email_domain_blocks", json: Self.one)
        let result = await server.run(["email-blocks", "remove", "other.example", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: other.example is not a blocked e-mail domain on fake.test
                hint: `fedictl email-blocks list` shows what is

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/email_domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyWritesTheListBackWithoutTheDomain() async throws {
        let server = FakeServerAccount(software: "sharkey", version: "2024.9.1")
        try server.transport.stub(.post, "/api/admin/meta", fixture: "sharkey/admin-meta.json")
        try server.transport.stub(.post, "/api/admin/meta", fixture: "sharkey/admin-meta.json")
        server.transport.stub(.post, "/api/admin/update-meta", status: 204, json: "")
        let result = await server.run(["email-blocks", "remove", "trashmail.example", "-y"])
        #expect(result.status == 0, "\(result)")
        let update = try #require(server.transport.requests.last)
        #expect(update.route == "POST /api/admin/update-meta")
        #expect(update.jsonBody?["bannedEmailDomains"] as? [String] == ["mailinator.example"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["email-blocks", "remove", "mailinator.example", "--yes"],
                startingWith: "fedictl: email-blocks remove is not available on GoToSocial 0.17.3")
    }

    @Test func aForbiddenDeleteIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/email_domain_blocks", json: Self.one)
        server.transport.stub(
            .delete, "/api/v1/admin/email_domain_blocks/1", status: 403,
            json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run(["email-blocks", "remove", "1", "--yes"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: this needs an admin login: fedictl auth login fake.test --admin"), "\(result)"
        )
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
