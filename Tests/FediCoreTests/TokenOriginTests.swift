import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// The token goes to its own server only. A pagination link that points at another host, or at the
/// same host over plain http, is the same list behind a proxy when its path is the list's: it is
/// asked at the account's origin, with the token. Any other is refused (exit 76); a URL on another
/// origin that is fetched all the same gets no token.
struct TokenOriginTests {
    struct Item: Decodable, Sendable { var id: String }

    @Test(arguments: [
        "http://elsewhere.example/api/v1/blocks?max_id=1", "http://social.example/api/v1/blocks?max_id=1",
    ])
    func aNextLinkToAnotherOriginWithTheListsPathIsAskedAtTheAccountsOrigin(next: String) async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/blocks", json: #"[{"id": "1"}]"#, headers: ["Link": "<\(next)>; rel=\"next\""])
        transport.stub(.get, "/api/v1/blocks", json: "[]")
        let client = APIClient(
            server: try ServerAddress("social.example"), token: "secret-token",
            http: HTTPClient(transport: transport))
        let first = try await client.page(Item.self, url: client.server.url("/api/v1/blocks"))
        _ = try await client.page(Item.self, url: try #require(first.next))
        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(sent.allSatisfy { $0.header("Authorization") == "Bearer secret-token" })
        #expect(sent[1].url.absoluteString == "https://social.example/api/v1/blocks?max_id=1")
    }

    @Test func aNextLinkElsewhereIsRefusedAndAForeignURLGetsNoToken() async throws {
        let transport = FakeTransport()
        let next = "http://elsewhere.example/other/blocks?max_id=1"
        transport.stub(.get, "/api/v1/blocks", json: #"[{"id": "1"}]"#, headers: ["Link": "<\(next)>; rel=\"next\""])
        transport.stub(.get, "/other/blocks", json: "[]")
        let client = APIClient(
            server: try ServerAddress("social.example"), token: "secret-token",
            http: HTTPClient(transport: transport))
        let first = try await client.page(Item.self, url: client.server.url("/api/v1/blocks"))
        #expect(first.next == nil)
        #expect(first.nextRefused?.status == .protocol)
        let refusal = first.nextRefused?.message ?? ""
        #expect(refusal.contains("elsewhere.example") && refusal.contains("/other/blocks)"), "\(refusal)")
        _ = try await client.page(Item.self, url: try #require(URL(string: next)))
        #expect(transport.requests.last?.header("Authorization") == nil)
    }
}
