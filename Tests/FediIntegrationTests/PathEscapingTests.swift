import FediCore
import FediTestSupport
import Foundation
import Testing

/// Ids a user types, or a server sends, become one escaped path segment: never a crash, never
/// another endpoint.
struct PathEscapingTests {
    @Test(arguments: [
        ("1 2", "1%202"), ("50%", "50%25"), ("a/../../admin", "a%2F..%2F..%2Fadmin"), ("7?x#y", "7%3Fx%23y"),
        ("..", "%2E%2E"),
    ])
    func aFilterIdIsOneEscapedSegment(id: String, escaped: String) async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        try await server.addRoutes([
            "GET /api/v2/filters/\(escaped)": ["status": 404, "json": ["error": "Record not found"]]
        ])
        let result = await UserSide(fixture: server).run(["filters", "show", id])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n").count == 2, "one line and a hint, no stack trace: \(result.stderr)")
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }.filter {
            $0.contains("/filters")
        }
        #expect(paths == ["/api/v2/filters/\(escaped)"])
    }

    @Test func aBlockByIdEscapesTheId() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let result = await UserSide(fixture: server).run(["blocks", "add", "9 9/x", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result.stderr)")
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }.filter {
            $0.hasPrefix("/api/v1/accounts/") && $0 != "/api/v1/accounts/verify_credentials"
        }
        #expect(paths == ["/api/v1/accounts/9%209%2Fx"], "looked up as one id, never blocked elsewhere")
    }
}
