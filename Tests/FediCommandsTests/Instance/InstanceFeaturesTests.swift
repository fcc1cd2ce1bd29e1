import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance features` in the fast tier: the support matrix from the detected software, no request.
@Suite struct InstanceFeaturesCommandTests {
    @Test(arguments: [("mastodon", "4.3.0"), ("gotosocial", "0.17.3"), ("misskey", "2024.11.0")])
    func theMatrixComesFromTheCachedDetectionWithoutARequest(software: String, version: String) async throws {
        let server = FakeServerAccount(software: software, version: version)
        let result = await server.run(["instance", "features", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.count > 10)
        #expect(server.transport.requests.isEmpty, "\(server.transport.requests.map(\.route))")
    }

    @Test func theMatrixDiffersPerSoftware() async throws {
        func supported(_ software: String, _ version: String) async throws -> String {
            let result = await FakeServerAccount(software: software, version: version).run([
                "instance", "features", "-o", "json",
            ])
            return "\(try #require(try result.json() as? [[String: Any]]))"
        }
        #expect(try await supported("mastodon", "4.3.0") != (try await supported("gotosocial", "0.17.3")))
    }
}
