import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance nodeinfo` in the fast tier: the document the index links to, as the server sent it.
@Suite struct InstanceNodeinfoTests {
    @Test func followsTheWellKnownIndexAndPrintsTheDocument() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/.well-known/nodeinfo",
            json:
                #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "href": "https://fake.test/nodeinfo/2.0"}]}"#
        )
        try server.transport.stub(.get, "/nodeinfo/2.0", fixture: "mastodon/nodeinfo-2.0.json")
        let result = await server.run(["instance", "nodeinfo"])
        #expect(result.status == 0, "\(result)")
        let document = try #require(result.jsonObject, "\(result)")
        #expect((document["software"] as? [String: Any])?["version"] as? String == "4.3.2")
        #expect(server.transport.requests.map(\.route) == ["GET /.well-known/nodeinfo", "GET /nodeinfo/2.0"])
    }

    @Test func noIndexIsExit69() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/.well-known/nodeinfo", status: 404, json: #"{"error": "not found"}"#)
        let result = await server.run(["instance", "nodeinfo"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: fake.test publishes no nodeinfo\nhint: "), "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
