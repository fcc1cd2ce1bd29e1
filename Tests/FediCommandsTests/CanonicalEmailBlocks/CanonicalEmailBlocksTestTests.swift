import FediCore
import FediTestSupport
import Foundation
import Testing

/// `canonical-email-blocks test` in the fast tier (Mastodon 4.0+ only).
@Suite struct CanonicalEmailBlocksTestTests {
    static let hash = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"

    @Test func theMatchingBlocksArePrinted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/canonical_email_blocks/test",
            json: #"[{"id": "3", "canonical_email_hash": "\#(Self.hash)"}]"#)
        let result = await server.run(["canonical-email-blocks", "test", "j.doe+x@mail.example"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\t3\t\(Self.hash)\n", "\(result)")
        let sent = try #require(server.transport.requests.first)
        #expect(sent.jsonBody as? [String: String] == ["email": "j.doe+x@mail.example"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func noMatchIsAnEmptyListAndExit0() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.post, "/api/v1/admin/canonical_email_blocks/test", json: "[]")
        let result = await server.run(["canonical-email-blocks", "test", "someone@mail.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(try result.json() as? [Any] != nil && (try result.json() as? [Any])?.isEmpty == true, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func oldMastodonIsRefusedWithoutARequest() async throws {
        let server = FakeServerAccount(version: "3.5.3")
        let result = await server.run(["canonical-email-blocks", "test", "a@b.example"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: canonical-email-blocks test is not available on Mastodon 3.5.3
                hint: it needs Mastodon 4.0.0 or newer; `fedictl instance features fake.test` lists what this server can do

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func anAddressTheServerCannotReadIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/canonical_email_blocks/test", status: 400,
            json: #"{"error": "Missing parameter email"}"#)
        let result = await server.run(["canonical-email-blocks", "test", "a@b.example"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("fake.test rejected the request (HTTP 400): Missing parameter email\nhint: "),
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
