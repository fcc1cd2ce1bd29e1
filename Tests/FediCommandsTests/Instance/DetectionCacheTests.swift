import FediCore
import FediTestSupport
import Foundation
import Testing

/// A detection that finds nothing (a maintenance page, 404 everywhere) or a nodeinfo whose software
/// name is no name is never stored: one odd answer must not make a server "unknown software" for a day.
@Suite struct DetectionCacheTests {
    static let maintenance = Data("<html><body><h1>Down for maintenance</h1></body></html>".utf8)

    static func account(cached: ServerInfo?) -> (InMemoryLoginStore, CommandHarness, FakeTransport) {
        let login = Login(
            id: "admin@fake.test", username: "admin", baseURL: "https://fake.test",
            scopes: ["read", "write", "admin:read", "admin:write"], tokenStorage: .keyring,
            scopesSource: .granted, serverInfo: cached)
        let logins = InMemoryLoginStore(LoginConfig(defaultAccount: login.id, accounts: [login]))
        let transport = FakeTransport()
        let keyring = InMemorySecretStore(storageName: "keyring", secrets: [login.tokenKey: "token"])
        let harness = CommandHarness(transport: transport, secrets: keyring, logins: logins, sleep: { _ in })
        return (logins, harness, transport)
    }

    /// Every detection probe answers the same web page with 200.
    static func stubMaintenance(_ transport: FakeTransport) {
        let probes: [(HTTPMethod, String)] = [
            (.get, "/.well-known/nodeinfo"), (.get, "/api/v2/instance"),
            (.get, "/api/v1/instance"), (.post, "/api/meta"),
        ]
        for (method, path) in probes {
            transport.stub(method, path, body: maintenance, headers: ["content-type": "text/html"])
        }
    }

    static func available(_ capability: String, in rows: [[String: Any]]) -> Bool? {
        rows.first { $0["capability"] as? String == capability }?["available"] as? Bool
    }

    @Test func aMaintenancePageDoesNotReplaceAKnownDetection() async throws {
        let old = ServerInfo(
            flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", instanceAPI: "v2",
            detectedAt: Date(timeIntervalSinceNow: -2 * ServerInfo.defaultTimeToLive))
        let (logins, harness, transport) = Self.account(cached: old)
        Self.stubMaintenance(transport)
        let result = await harness.run(["instance", "features", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(Self.available("domain-blocks list", in: rows) == true, "\(rows)")
        #expect(try logins.load().accounts.first?.serverInfo == old)

        // --refresh shows what the server says now, and still stores nothing.
        Self.stubMaintenance(transport)
        let refreshed = await harness.run(["instance", "features", "--refresh", "-o", "json"])
        let now = try #require(try refreshed.json() as? [[String: Any]], "\(refreshed)")
        #expect(Self.available("domain-blocks list", in: now) == false, "\(now)")
        #expect(try logins.load().accounts.first?.serverInfo == old)
        #expect(transport.unusedRoutes.isEmpty, "\(transport.unusedRoutes)")
    }

    @Test func aSoftwareNameThatIsNoNameIsNotCachedAndTheHintNamesRefresh() async throws {
        let (logins, harness, transport) = Self.account(cached: nil)
        transport.stub(
            .get, "/.well-known/nodeinfo",
            json: #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "#
                + #""href": "https://fake.test/nodeinfo/2.0"}]}"#)
        transport.stub(
            .get, "/nodeinfo/2.0",
            json: #"{"version": "2.0", "software": {"name": "https://", "version": "1.0"}}"#)
        transport.stub(.get, "/api/v2/instance", status: 404, json: #"{"error": "Not found"}"#)
        transport.stub(.get, "/api/v1/instance", status: 404, json: #"{"error": "Not found"}"#)
        transport.stub(.post, "/api/meta", status: 404, json: #"{"error": "Not found"}"#)
        let result = await harness.run(["domain-blocks", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: domain-blocks list is not available on unknown software\n"),
            "\(result)")
        #expect(result.stderr.contains("`fedictl instance info fake.test --refresh` detects it again"), "\(result)")
        #expect(!result.stderr.contains("https://\n"), "\(result)")
        #expect(try logins.load().accounts.first?.serverInfo == nil)
    }
}
