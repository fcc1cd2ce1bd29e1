import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance info` in the fast tier: the instance description, with the detected software.
@Suite struct InstanceInfoCommandTests {
    @Test func mastodonDescribesItselfThroughInstanceV2() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/.well-known/nodeinfo",
            json:
                #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "href": "https://fake.test/nodeinfo/2.0"}]}"#
        )
        try server.transport.stub(.get, "/nodeinfo/2.0", fixture: "mastodon/nodeinfo-2.0.json")
        try server.transport.stub(.get, "/api/v2/instance", fixture: "mastodon/instance-v2.json")
        // Detected afresh: the account's cached detection would ask for its documents only.
        let result = await server.run(["instance", "info", "--refresh", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.map(\.url.path).contains("/api/v2/instance"), "\(server.transport.requests)")
        let info = try #require(result.jsonObject, "\(result)")
        #expect(info["title"] as? String == "Fixture Social", "\(info)")
        #expect("\(info["version"] ?? "")".contains("4.3.2"), "\(info)")
        #expect(
            server.transport.requests.allSatisfy { $0.header("Authorization") == nil },
            "a public description needs no token")
    }

    @Test func aServerThatDescribesNothingIsExit69() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/.well-known/nodeinfo", status: 404, json: "{}")
        server.transport.stub(.get, "/api/v2/instance", status: 404, json: "{}")
        server.transport.stub(.get, "/api/v1/instance", status: 404, json: "{}")
        server.transport.stub(.post, "/api/meta", status: 404, json: "{}")
        let result = await server.run(["instance", "info", "--refresh"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: "), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
