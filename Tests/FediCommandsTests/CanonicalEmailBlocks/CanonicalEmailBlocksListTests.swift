import FediCore
import FediTestSupport
import Foundation
import Testing

/// `canonical-email-blocks list` in the fast tier (Mastodon 4.0+ only).
@Suite struct CanonicalEmailBlocksListTests {
    static let hash = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"

    @Test func mastodonListsIdAndHashAsTSV() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/canonical_email_blocks?limit=40",
            json: #"[{"id": "3", "canonical_email_hash": "\#(Self.hash)"}]"#)
        let result = await server.run(["canonical-email-blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\t3\t\(Self.hash)\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/canonical_email_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func limitAsksForThatManyAndJSONKeepsTheHash() async throws {
        let server = FakeServerAccount(software: "glitch-soc", version: "4.3.2+glitch")
        server.transport.stub(
            .get, "/api/v1/admin/canonical_email_blocks?limit=5",
            json: #"[{"id": "3", "canonical_email_hash": "\#(Self.hash)"}]"#)
        let result = await server.run(["canonical-email-blocks", "list", "--limit", "5", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["canonical_email_hash"] as? String } == [Self.hash], "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func everySoftwareButMastodon4IsRefusedWithoutARequest() async throws {
        for (software, version, label) in [
            ("gotosocial", "0.17.3", "GoToSocial 0.17.3"), ("misskey", "2024.11.0", "Misskey 2024.11.0"),
            ("mastodon", "3.5.3", "Mastodon 3.5.3"),
        ] {
            await FakeServerAccount(software: software, version: version)
                .expectRefused(
                    ["canonical-email-blocks", "list"],
                    startingWith: "fedictl: canonical-email-blocks list is not available on \(label)\nhint: ")
        }
    }

    @Test func aModeratorWithoutTheRightIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/canonical_email_blocks", status: 403, json: #"{"error": "This action is not allowed"}"#
        )
        let result = await server.run(["canonical-email-blocks", "list"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: this needs an admin login: fedictl auth login fake.test --admin"), "\(result)"
        )
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
