import Foundation
import FediTestSupport
import Testing

@testable import FediCore

/// The token goes to its own server only: a pagination link that points at another host, or at
/// the same host over plain http, is followed without it.
struct TokenOriginTests {
    @Test(arguments: ["http://elsewhere.example/api/v1/blocks?max_id=1", "http://social.example/api/v1/blocks?max_id=1"])
    func aNextLinkToAnotherOriginGetsNoToken(next: String) async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/blocks", json: #"[{"id": "1"}]"#, headers: ["Link": "<\(next)>; rel=\"next\""])
        transport.stub(.get, "/api/v1/blocks", json: "[]")
        let client = APIClient(server: try ServerAddress("social.example"), token: "secret-token", http: HTTPClient(transport: transport))
        struct Item: Decodable, Sendable { var id: String }
        let first = try await client.page(Item.self, url: client.server.url("/api/v1/blocks"))
        _ = try await client.page(Item.self, url: try #require(first.next))
        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(sent[0].header("Authorization") == "Bearer secret-token")
        #expect(sent[1].url.absoluteString == next)
        #expect(sent[1].header("Authorization") == nil)
    }
}
