import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance blocks` in the fast tier: the server's public list of limited domains.
@Suite struct InstanceBlocksTests {
    @Test func mastodonListsThePublicBlocksWithTheirComments() async throws {
        let server = FakeServerAccount()
        try server.transport.stub(
            .get, "/api/v1/instance/domain_blocks", fixture: "mastodon/instance-domain-blocks.json")
        let result = await server.run(["instance", "blocks", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.first?["domain"] as? String == "spam.example")
        #expect(rows.first?["severity"] as? String == "suspend")
        #expect(
            rows.contains { $0["domain"] as? String == "bad*****.example" },
            "obfuscated domains stay as the server shows them")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }
}
