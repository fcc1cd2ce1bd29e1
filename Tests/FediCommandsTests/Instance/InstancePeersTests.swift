import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance peers` in the fast tier: a count by default, every domain with --all.
@Suite struct InstancePeersTests {
    @Test func countsThePeersByDefaultAndListsThemWithAll() async throws {
        let server = FakeServerAccount()
        try server.transport.stub(.get, "/api/v1/instance/peers", fixture: "mastodon/instance-peers.json")
        let count = await server.run(["instance", "peers", "-o", "json"])
        #expect(count.status == 0, "\(count)")
        #expect(count.jsonObject?["peers"] as? Int == 6, "\(count)")

        try server.transport.stub(.get, "/api/v1/instance/peers", fixture: "mastodon/instance-peers.json")
        let all = await server.run(["instance", "peers", "--all"])
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout.split(separator: "\n").first == "admin@fake.test\tmastodon.social", "\(all)")
        #expect(all.stdout.split(separator: "\n").count == 6, "\(all)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aHiddenListIsSaidSo() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/instance/peers", status: 401, json: #"{"error": "This API requires an authenticated user"}"#)
        let result = await server.run(["instance", "peers"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
