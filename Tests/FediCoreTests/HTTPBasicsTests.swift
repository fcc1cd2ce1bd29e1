import Foundation
import Testing

@testable import FediCore

struct LinkHeaderTests {
    @Test func nextAndPrev() {
        let link = LinkHeader(
            #"<https://m.example/api/v1/admin/reports?max_id=10>; rel="next", <https://m.example/api/v1/admin/reports?min_id=20>; rel="prev""#
        )
        #expect(link.next?.absoluteString == "https://m.example/api/v1/admin/reports?max_id=10")
        #expect(link.prev?.absoluteString == "https://m.example/api/v1/admin/reports?min_id=20")
    }

    @Test func shortPageWithOnlyPrevHasNoNext() {
        let link = LinkHeader(#"<https://m.example/api/v1/blocks?since_id=5>; rel="prev""#)
        #expect(link.next == nil)
        #expect(link.prev != nil)
    }

    @Test func relativeTargetsAndCommasInsideURLs() {
        let base = URL(string: "http://127.0.0.1:3000/api/v1/blocks")!
        let link = LinkHeader(#"</api/v1/blocks?max_id=1,2>; rel="next""#, relativeTo: base)
        #expect(link.next?.absoluteString == "http://127.0.0.1:3000/api/v1/blocks?max_id=1,2")
    }

    @Test func missingOrGarbage() {
        #expect(LinkHeader(nil).links.isEmpty)
        #expect(LinkHeader("nonsense; rel=next").links.isEmpty)
    }
}

struct ServerAddressTests {
    @Test(arguments: [
        ("mastodon.social", "https://mastodon.social"),
        ("Mastodon.Social", "https://mastodon.social"),
        ("https://mastodon.social/", "https://mastodon.social"),
        ("localhost:3000", "http://localhost:3000"),
        ("127.0.0.1:3000", "http://127.0.0.1:3000"),
        ("127.4.5.6", "http://127.4.5.6"),
        ("[::1]:8080", "http://[::1]:8080"),
        ("https://127.0.0.1:8443", "https://127.0.0.1:8443"),
        ("@alice@example.social", "https://example.social"),
        ("alice@example.social", "https://example.social"),
        ("bücher.example", "https://xn--bcher-kva.example"),
        ("例え.テスト", "https://xn--r8jz45g.xn--zckzah"),
    ])
    func bareHostsAndLoopback(input: String, expected: String) throws {
        #expect(try ServerAddress(input).baseURL.absoluteString == expected)
    }

    @Test func plainHTTPToTheNetworkIsRefused() throws {
        let error = #expect(throws: FediError.self) { try ServerAddress("http://example.social") }
        #expect(error?.status == .usage)
        #expect(error?.hint?.contains("--insecure-http") == true)
        #expect(
            try ServerAddress("http://example.social", allowInsecureHTTP: true).baseURL.absoluteString
                == "http://example.social")
    }

    @Test func authorityKeepsThePort() throws {
        #expect(try ServerAddress("127.0.0.1:3000").authority == "127.0.0.1:3000")
        #expect(try ServerAddress("Example.Social").authority == "example.social")
    }

    @Test func otherSchemesAndEmptyInputAreUsageErrors() {
        #expect(throws: FediError.self) { try ServerAddress("ftp://example.social") }
        #expect(throws: FediError.self) { try ServerAddress("  ") }
    }
}

struct RedactionTests {
    @Test func secretsInQueryStringsAreMasked() {
        let url = URL(
            string: "https://m.example/oauth/token?client_id=abc&client_secret=s3cr3t&code=xyz&access_token=T0K3N")!
        let shown = Redaction.url(url)
        #expect(!shown.contains("s3cr3t"))
        #expect(!shown.contains("xyz"))
        #expect(!shown.contains("T0K3N"))
        #expect(shown.contains("client_id=abc"))
    }

    @Test func authorizationHeaderKeepsOnlyTheScheme() {
        #expect(Redaction.header("Authorization", "Bearer abc.def") == "Bearer [REDACTED]")
        #expect(Redaction.header("Accept", "application/json") == "application/json")
    }
}

struct BodyRedactionTests {
    @Test func jsonAndFormSecretsAreMasked() {
        let json = Redaction.body(Data(#"{"username":"ann","password":"hunter2","client_secret":"cs"}"#.utf8))
        #expect(json == #"{"client_secret":"[REDACTED]","password":"[REDACTED]","username":"ann"}"#)
        let form = Redaction.body(Data("grant_type=authorization_code&code=abc123&client_id=x".utf8))
        #expect(form == "grant_type=authorization_code&code=[REDACTED]&client_id=x")
    }
}
