import Foundation
import FediTestSupport
import Testing

/// `--dry-run` prints the write a command would send and sends nothing; reads still happen.
struct DryRunTests {
    @Test func mastodonWriteIsPrintedNotSent() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let bob = try #require(try await server.json(.get, "/api/v1/accounts/verify_credentials", token: MockServer.bob.token) as? [String: Any])
        let bobID = try #require(bob["id"] as? String)

        let result = await alice.run(["blocks", "add", bobID, "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("dry run: would send POST http://127.0.0.1:\(server.port)/api/v1/accounts/\(bobID)/block"), "\(result.stdout)")
        let blocks = try #require(try await server.json(.get, "/api/v1/blocks", token: MockServer.alice.token) as? [Any])
        #expect(blocks.isEmpty)
        #expect(!result.stdout.contains(MockServer.alice.token))
    }

    @Test func misskeyReadsGoThroughAndTheWriteIsPrinted() async throws {
        // Misskey reads with POST too (meta, admin/meta): those are not writes.
        let server = try await FixtureServer.start(flavour: "misskey")
        let admin = UserSide(fixture: server, username: "admin")
        let result = await admin.run(["domain-blocks", "add", "evil.example", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("dry run: would send POST http://127.0.0.1:\(server.port)/api/admin/update-meta\n"), "\(result.stdout)")
        #expect(result.stdout.contains("evil.example"))
        #expect(result.stdout.contains(#""i":"[REDACTED]""#), "the token in the body is masked: \(result.stdout)")
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }
        #expect(paths.contains("/api/admin/meta"))
        #expect(!paths.contains("/api/admin/update-meta"))
    }
}
