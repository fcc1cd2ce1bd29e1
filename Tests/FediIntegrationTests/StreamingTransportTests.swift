import FediCore
import FediHTTPCurl
import FediTestSupport
import Foundation
import Testing

/// CurlTransport's streams over a real socket: chunks as they come, and a silent stream ends with
/// the idle timeout, not a total one.
struct StreamingTransportTests {
    @Test func aSilentStreamEndsWithTheIdleTimeoutAfterItsHeadersAndFirstBytes() async throws {
        let server = try await SSETestServer.start(["--heartbeat", "600"])
        let url = server.baseURL.appendingPathComponent("api/v1/streaming/user/notification")
        let request = HTTPRequest(method: .get, url: url, headers: [("Authorization", "Bearer x")])
        // --timeout 0.5 s would have ended any ordinary request long before the stream falls silent.
        let options = TransportOptions(connectTimeout: 5, totalTimeout: 0.5)
        let response = try await CurlTransport().stream(request, options: options, idleTimeout: 2)
        #expect(response.head.status == 200 && response.head.contentType == "text/event-stream")
        var received = Data()
        do {
            for try await chunk in response.body { received += chunk }
            Issue.record("the stream ended without an error")
        } catch let error as TransportError {
            #expect(error == .timedOut(seconds: 2))
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix(":connected\n\n"))
    }
}
