import FediCore
import FediHTTPCurl
import FediTestSupport
import Foundation
import Testing

/// --verbose logs every request, and never a token.
struct VerboseRedactionTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var text: String { lock.withLock { lines.joined(separator: "\n") } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    @Test func authenticatedRequestLogsNoToken() async throws {
        let server = try await MockServer.start()
        let lines = Lines()
        let http = HTTPClient(transport: CurlTransport(), log: { lines.add($0) })
        let client = APIClient(server: try ServerAddress(server.base), token: MockServer.admin.token, http: http)
        let response = try await client.send(
            .get, "/api/v1/accounts/verify_credentials",
            query: [URLQueryItem(name: "access_token", value: MockServer.admin.token)])
        #expect(response.status == 200)
        let log = lines.text
        #expect(log.contains("> GET http://127.0.0.1:\(server.port)/api/v1/accounts/verify_credentials"))
        #expect(log.contains("Authorization: Bearer [REDACTED]"))
        #expect(log.contains("< 200"))
        #expect(!log.contains(MockServer.admin.token), "\(log)")
    }
}
