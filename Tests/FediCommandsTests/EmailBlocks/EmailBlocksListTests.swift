import FediCore
import FediTestSupport
import Foundation
import Testing

/// `email-blocks list` in the fast tier.
@Suite struct EmailBlocksListTests {
    static let two = """
        [{"id": "1", "domain": "mailinator.example", "created_at": "2026-11-01T10:00:00.000Z",
          "history": [{"day": "1763971200", "accounts": "2", "uses": "5"}]},
         {"id": "2", "domain": "trashmail.example", "created_at": "2026-11-02T10:00:00.000Z", "history": []}]
        """

    @Test func mastodonListsIdDomainAndDateAsTSV() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/email_domain_blocks?limit=40", json: Self.two)
        let result = await server.run(["email-blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout
                == "admin@fake.test\t1\tmailinator.example\t2026-11-01T10:00:00Z\nadmin@fake.test\t2\ttrashmail.example\t2026-11-02T10:00:00Z\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/email_domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyReadsBannedEmailDomainsFromTheAdminMeta() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        try server.transport.stub(.post, "/api/admin/meta", fixture: "misskey/admin-meta.json")
        let result = await server.run(["email-blocks", "list", "--fields", "domain"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "admin@fake.test\tmailinator.example\nadmin@fake.test\ttrashmail.example\n", "\(result)")
        #expect(server.transport.requests.first?.jsonBody?["i"] as? String == FakeServerAccount.token)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialAndOldMastodonAreRefusedWithoutARequest() async throws {
        let gts = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        let refused = await gts.run(["email-blocks", "list"])
        #expect(refused.status == 69, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "fedictl: email-blocks list is not available on GoToSocial 0.17.3\nhint: GoToSocial has no API for it"),
            "\(refused)")
        #expect(gts.transport.requests.isEmpty)

        let old = FakeServerAccount(version: "3.5.3")
        let tooOld = await old.run(["email-blocks", "list"])
        #expect(tooOld.status == 69, "\(tooOld)")
        #expect(tooOld.stderr.contains("hint: it needs Mastodon 4.0.0 or newer"), "\(tooOld)")
        #expect(old.transport.requests.isEmpty)
    }

    @Test func aModeratorTokenWithoutAdminRightsIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/email_domain_blocks", status: 403, json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run(["email-blocks", "list"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test does not allow this (HTTP 403): This action is not allowed
                hint: this needs an admin login: fedictl auth login fake.test --admin

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
