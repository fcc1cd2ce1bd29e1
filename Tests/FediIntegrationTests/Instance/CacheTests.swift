import FediCore
import FediTestSupport
import Foundation
import Testing

/// The per-account cache of detected server software (and the per-host one for servers without a
/// login): written with its time, reused within the time-to-live, renewed by --refresh, by age, by a
/// 404 where the table expected an API, and (instance info) by a changed version.
struct CacheTests {
    /// A clock tests can move.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_767_000_000)
        var now: Date { lock.withLock { current } }
        func advance(hours: Double) { lock.withLock { current += hours * 3600 } }
    }

    static func config(for server: ServerProcess, cached: ServerInfo? = nil) -> LoginConfig {
        let login = Login(
            id: "admin@\(server.base)", username: "admin", baseURL: server.baseURL.absoluteString, serverInfo: cached)
        return LoginConfig(defaultAccount: login.id, accounts: [login])
    }

    static func nodeinfoRequests(_ server: ServerProcess) async throws -> Int {
        try await server.receivedRequests().filter { $0["path"] as? String == "/.well-known/nodeinfo" }.count
    }

    @Test func detectionIsStoredAndReusedWithinItsTimeToLive() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let clock = Clock()
        let store = InMemoryLoginStore(Self.config(for: server))
        let harness = CommandHarness(logins: store, now: { clock.now })

        let first = await harness.run(["instance", "features", "-o", "json"])
        #expect(first.status == 0, "\(first)")
        let cached = try #require(try store.load().accounts.first?.serverInfo)
        #expect(cached.flavour == .gotosocial)
        #expect(cached.version == "0.20.0-rc1")
        #expect(cached.detectedAt == clock.now)
        #expect(cached.nodeinfoSchema == "2.1")
        #expect(cached.instanceAPI == "v2")

        clock.advance(hours: 23)
        let second = await harness.run(["instance", "features", "-o", "json"])
        #expect(second.stdout == first.stdout)
        #expect(try await Self.nodeinfoRequests(server) == 1)

        let refreshed = await harness.run(["instance", "features", "--refresh", "-o", "json"])
        #expect(refreshed.stdout == first.stdout)
        #expect(try await Self.nodeinfoRequests(server) == 2)
        #expect(try store.load().accounts.first?.serverInfo?.detectedAt == clock.now)

        clock.advance(hours: 25)
        _ = await harness.run(["instance", "features", "-o", "json"])
        #expect(try await Self.nodeinfoRequests(server) == 3)
    }

    @Test func theStoredCacheIsInTheConfigFileShape() async throws {
        let server = try await FixtureServer.start(flavour: "glitch")
        let store = InMemoryLoginStore(Self.config(for: server))
        let result = await CommandHarness(logins: store).run(["instance", "info"])
        #expect(result.status == 0, "\(result)")
        let data = try JSONCoding.encoder().encode(try store.load())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let account = try #require((object["accounts"] as? [[String: Any]])?.first)
        let server_ = try #require(account["server"] as? [String: Any])
        #expect(server_["flavour"] as? String == "mastodon")
        #expect(server_["variant"] as? String == "glitch-soc")
        #expect(server_["version"] as? String == "4.3.2+glitch")
        #expect(server_["mastodon_api_version"] as? Int == 2)
        #expect(server_["software_name"] as? String == "mastodon")
        #expect(server_["display_version"] as? String == "4.3.2+glitch")
        #expect(server_["detected_at"] is String)
    }

    @Test func infoFromTheCacheShowsWhatFreshDetectionShowed() async throws {
        for flavour in ["mastodon", "sharkey", "misskey", "unknown"] {
            let server = try await FixtureServer.start(flavour: flavour)
            let harness = CommandHarness(logins: InMemoryLoginStore(Self.config(for: server)))
            let fresh = await harness.run(["instance", "info", "-o", "json"])
            let cached = await harness.run(["instance", "info", "-o", "json"])
            #expect(fresh.status == 0, "\(fresh)")
            #expect(cached.stdout == fresh.stdout, "\(flavour)")
            #expect(
                try await Self.nodeinfoRequests(server) == (flavour == "unknown" || flavour == "misskey" ? 2 : 1),
                "\(flavour)")
        }
    }

    @Test func aHostWithoutAStoredAccountIsCachedByHostOutsideTheConfig() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let store = InMemoryLoginStore()
        let cache = InMemoryServerInfoCache()
        let harness = CommandHarness(logins: store, serverCache: cache)
        let first = await harness.run(["instance", "features", server.base, "-o", "json"])
        let second = await harness.run(["instance", "features", server.base, "-o", "json"])
        #expect(first.status == 0, "\(first)")
        #expect(second.stdout == first.stdout)
        #expect(try await Self.nodeinfoRequests(server) == 1)
        #expect(cache.serverInfo(for: server.base)?.flavour == .pleroma)
        #expect(try store.load() == LoginConfig())

        _ = await harness.run(["instance", "features", server.base, "--refresh"])
        #expect(try await Self.nodeinfoRequests(server) == 2)
    }

    @Test func infoOnACachedHostIsOneRequest() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let harness = CommandHarness()
        let fresh = await harness.run(["instance", "info", server.base, "-o", "json"])
        let before = try await server.receivedRequests().count
        let cached = await harness.run(["instance", "info", server.base, "-o", "json"])
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.stdout == fresh.stdout)
        let paths = try await server.receivedRequests().dropFirst(before).compactMap { $0["path"] as? String }
        #expect(paths == ["/api/v2/instance"])
    }

    @Test func infoDetectsAgainWhenTheServerShowsAnotherVersionThanItsCachedOne() async throws {
        // Cached as Mastodon 4.2.0 (say, before an upgrade); the server now shows 4.3.2+glitch.
        let server = try await FixtureServer.start(flavour: "glitch")
        let cache = InMemoryServerInfoCache()
        cache.remember(
            ServerInfo(
                flavour: .mastodon, softwareName: "mastodon", version: "4.2.0", displayVersion: "4.2.0",
                instanceAPI: "v2", detectedAt: Date()), for: server.base)
        let result = await CommandHarness(serverCache: cache).run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let info = try #require(try result.json() as? [String: Any])
        #expect(info["variant"] as? String == "glitch-soc")
        #expect(info["software_version"] as? String == "4.3.2+glitch")
        #expect(cache.serverInfo(for: server.base)?.version == "4.3.2+glitch")
        #expect(try await Self.nodeinfoRequests(server) == 1)
    }

    @Test func aHostWithAStoredAccountUsesItsCache() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let store = InMemoryLoginStore(Self.config(for: server))
        let harness = CommandHarness(logins: store)
        _ = await harness.run(["instance", "features", server.base])
        _ = await harness.run(["instance", "features", "http://\(server.base)/"])
        #expect(try await Self.nodeinfoRequests(server) == 1)
        #expect(try store.load().accounts.first?.serverInfo?.flavour == .pleroma)
    }

    @Test func aStaleCacheThatMeetsA404IsRenewedOnceAndTheTableApplied() async throws {
        // The cache says Mastodon; the server is really Akkoma, which has no /api/v1/instance/rules.
        let server = try await FixtureServer.start(flavour: "akkoma")
        let wrong = ServerInfo(
            flavour: .mastodon, softwareName: "mastodon", version: "4.3.2", instanceAPI: "v2", detectedAt: Date())
        let store = InMemoryLoginStore(Self.config(for: server, cached: wrong))
        let result = await CommandHarness(logins: store).run(["instance", "rules"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: instance rules is not available on Akkoma 3.13.2\n"))
        #expect(try store.load().accounts.first?.serverInfo?.flavour == .akkoma)
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }
        #expect(paths.filter { $0 == "/api/v1/instance/rules" }.count == 1)
        #expect(paths.filter { $0 == "/.well-known/nodeinfo" }.count == 1)
    }

    @Test func aStaleCacheNamingTheWrongAPIIsRenewedAndTheCommandSucceeds() async throws {
        // The cache says Misskey (rules from /api/meta); the server is Mastodon, which 404s there.
        let server = try await FixtureServer.start(flavour: "mastodon")
        let wrong = ServerInfo(flavour: .misskey, softwareName: "misskey", version: "2024.11.0", detectedAt: Date())
        let store = InMemoryLoginStore(Self.config(for: server, cached: wrong))
        let result = await CommandHarness(logins: store).run(["instance", "rules", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rules = try #require(try result.json() as? [[String: Any]])
        #expect(rules.first?["text"] as? String == "Be kind. No harassment, hate speech or targeted abuse.")
        #expect(try store.load().accounts.first?.serverInfo?.flavour == .mastodon)
    }

    @Test func aFreshDetectionIsNotRepeatedOnA404() async throws {
        // A 404 right after detecting is the server's answer, not a stale cache.
        let server = try await FixtureServer.start(flavour: "mastodon")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: ["GET /api/v1/instance/rules": ["status": 404, "json": ["error": "Not Found"]]])
        let result = await CommandHarness(logins: InMemoryLoginStore(Self.config(for: server))).run([
            "instance", "rules",
        ])
        #expect(result.status == 66, "\(result)")
        #expect(try await Self.nodeinfoRequests(server) == 1)
    }
}
