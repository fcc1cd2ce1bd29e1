import FediTestSupport
import Foundation
import Testing

/// Redirects over libcurl: a read follows one; a write is never resent elsewhere (its body can
/// carry tokens and passwords), it fails with the status the server gave.
struct RedirectTests {
    @Test func aRedirectedReadIsFollowed() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let elsewhere = try await FixtureServer.start(flavour: "mastodon")
        try await server.addRoutes([
            "GET /api/v1/instance/rules": [
                "status": 302, "headers": ["Location": "http://\(elsewhere.base)/api/v1/instance/rules"], "json": [:],
            ]
        ])
        let result = await CommandHarness().run(["instance", "rules", server.base, "--fields", "id"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1\n2\n4\n")
        #expect(
            try await elsewhere.receivedRequests().compactMap { $0["path"] as? String } == ["/api/v1/instance/rules"])
    }

    @Test func aRedirectedWriteIsNotFollowed() async throws {
        let moderator = try await FixtureModerator.start("gotosocial")
        let elsewhere = try await FixtureServer.start(flavour: "gotosocial")
        try await moderator.server.addRoutes([
            "POST /api/v1/admin/domain_blocks": [
                "status": 307, "headers": ["Location": "http://\(elsewhere.base)/api/v1/admin/domain_blocks"],
                "json": [:],
            ]
        ])
        let result = await moderator.run(["domain-blocks", "add", "evil.example"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("HTTP 307"), "\(result)")
        #expect(try await elsewhere.receivedRequests().isEmpty)
    }
}
