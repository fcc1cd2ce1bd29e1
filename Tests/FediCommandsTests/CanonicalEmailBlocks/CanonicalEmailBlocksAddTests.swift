import FediCore
import FediTestSupport
import Foundation
import Testing

/// `canonical-email-blocks add` in the fast tier (Mastodon 4.0+ only).
@Suite struct CanonicalEmailBlocksAddTests {
    static let hash = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"

    @Test func anAddressIsSentForTheServerToHash() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/canonical_email_blocks",
            json: #"{"id": "3", "canonical_email_hash": "\#(Self.hash)"}"#)
        let result = await server.run(["canonical-email-blocks", "add", "j.doe+x@mail.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject as? [String: String] == ["id": "3", "canonical_email_hash": Self.hash], "\(result)")
        #expect(result.stderr == "Blocked j.doe+x@mail.example (canonical hash 0f1e2d3c4b5a…).\n", "\(result)")
        let sent = try #require(server.transport.requests.first)
        #expect(sent.route == "POST /api/v1/admin/canonical_email_blocks")
        #expect(sent.jsonBody as? [String: String] == ["email": "j.doe+x@mail.example"], "\(sent.jsonBody ?? [:])")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aHashIsSentLowerCasedInsteadOfAnAddress() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/canonical_email_blocks",
            json: #"{"id": "4", "canonical_email_hash": "\#(Self.hash)"}"#)
        let result = await server.run(["canonical-email-blocks", "add", "--hash", Self.hash.uppercased(), "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [String: Any])?["id"] as? String == "4", "\(result)")
        #expect(server.transport.requests.first?.jsonBody as? [String: String] == ["canonical_email_hash": Self.hash])
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func goToSocialIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["canonical-email-blocks", "add", "a@b.example"],
                startingWith:
                    "fedictl: canonical-email-blocks add is not available on GoToSocial 0.17.3\nhint: GoToSocial has no API for it"
            )
    }

    @Test func aRejectedAddressIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/canonical_email_blocks", status: 422,
            json: #"{"error": "Validation failed: Canonical email hash has already been taken"}"#)
        let result = await server.run(["canonical-email-blocks", "add", "a@b.example"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test rejected the request (HTTP 422): Validation failed: Canonical email hash has already been taken
                hint: check the values given; the server's message says which

                """, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
