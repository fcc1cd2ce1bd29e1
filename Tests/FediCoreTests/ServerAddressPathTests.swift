import Foundation
import Testing

@testable import FediCore

/// Building a request URL never stops the process, whatever text reaches the path.
@Suite("ServerAddress paths")
struct ServerAddressPathTests {
    @Test func textAPathCannotHoldIsEscapedNotATrap() throws {
        let server = try ServerAddress("https://example.social/sub/")
        #expect(
            server.url("/api/v1/x y/50%/é/a?b#c").absoluteString
                == "https://example.social/sub/api/v1/x%20y/50%25/%C3%A9/a%3Fb%23c")
        #expect(
            server.url("/api/v2/filters/1%202", query: [URLQueryItem(name: "q", value: "a+b")]).absoluteString
                == "https://example.social/sub/api/v2/filters/1%202?q=a%2Bb", "escapes already made stay as they are")
    }

    @Test(arguments: [
        ("1 2", "1%202"), ("a/b", "a%2Fb"), ("50%", "50%25"), ("..", "%2E%2E"), (".", "%2E"),
        ("alice@host", "alice@host"),
    ])
    func aSegmentStaysOneSegment(text: String, segment: String) {
        #expect(ServerAddress.pathSegment(text) == segment)
    }
}
