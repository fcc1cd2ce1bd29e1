import FediCore
import FediTestSupport
import Foundation
import Testing

/// What a server sends is bounded: one answer by its decoded size (--max-response-size), a list by
/// its pages (--max-pages, and no page read twice), a printed list by --limit, a body by --timeout.
/// The hostile answers come from Tests/Fixtures/hostile_proxy.py in front of a fixture server,
/// through the built binary.
struct BoundedAnswerTests {
    /// A fixture server and the proxy in front of it; keep the server alive as long as the proxy.
    static func proxied(_ flavour: String) async throws -> (server: ServerProcess, proxy: ServerProcess) {
        let server = try await FixtureServer.start(flavour: flavour)
        return (server, try await HostileProxy.start(upstream: server))
    }

    @Test func aGzipBombStopsAtTheCapWithExit76() async throws {
        let (server, proxy) = try await Self.proxied("mastodon")
        defer { withExtendedLifetime(server) {} }
        try await proxy.hostileRules(["paths": ["/api/v2/instance": ["type": "gzip_bomb", "bytes": 2 << 30]]])
        let result = try await BinaryRunner.run(["instance", "info", proxy.base])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("sent an answer larger than 64 MiB"), "\(result)")
        #expect(result.stderr.contains("\nhint: ") && result.stderr.contains("--max-response-size"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anEndlessBodyStopsAtALoweredCap() async throws {
        let (server, proxy) = try await Self.proxied("mastodon")
        defer { withExtendedLifetime(server) {} }
        try await proxy.hostileRules(["paths": ["/api/v2/instance": ["type": "endless"]]])
        let result = try await BinaryRunner.run(["instance", "info", proxy.base, "--max-response-size", "1"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("sent an answer larger than 1 MiB"), "\(result)")
    }

    @Test func aTricklingEndlessBodyStopsAtTheTimeout() async throws {
        let (server, proxy) = try await Self.proxied("mastodon")
        defer { withExtendedLifetime(server) {} }
        try await proxy.hostileRules(["paths": ["/api/v2/instance": ["type": "endless", "delay_ms": 20]]])
        let result = try await BinaryRunner.run(["instance", "info", proxy.base, "--timeout", "2"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("did not answer within 2 s"), "\(result)")
    }

    @Test func aListThatNeverEndsStopsAtThePageCap() async throws {
        let (server, proxy) = try await Self.proxied("gotosocial")
        defer { withExtendedLifetime(server) {} }
        try await proxy.hostileRules(["paths": ["/api/v1/admin/reports": ["type": "endless_pages"]]])
        let result = await UserSide(fixture: proxy, username: "admin").run([
            "reports", "list", "--all", "--resolved", "--max-pages", "15",
        ])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("list did not end after 15 pages"), "\(result)")
        #expect(result.stderr.contains("\nhint: ") && result.stderr.contains("--max-pages"), "\(result)")
        #expect(try await proxy.forwarded().filter { $0.hasPrefix("GET /api/v1/admin/reports") }.count == 15)
    }

    @Test func aListThatLoopsStopsWithExit76() async throws {
        let (server, proxy) = try await Self.proxied("gotosocial")
        defer { withExtendedLifetime(server) {} }
        try await proxy.hostileRules(["paths": ["/api/v1/admin/reports": ["type": "looping_pages"]]])
        let result = await UserSide(fixture: proxy, username: "admin").run(["reports", "list", "--all", "--resolved"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("list loops"), "\(result)")
        #expect(try await proxy.forwarded().filter { $0.hasPrefix("GET /api/v1/admin/reports") }.count == 1)
    }

    @Test func timelinesShowPrintsAtMostLimitFromAnOverfullAnswer() async throws {
        let (server, proxy) = try await Self.proxied("mastodon")
        defer { withExtendedLifetime(server) {} }
        try await proxy.hostileRules(["paths": ["/api/v1/timelines/public": ["type": "repeat", "count": 20_000]]])
        let result = try await BinaryRunner.run(["timelines", "show", proxy.base, "--limit", "20", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [Any])?.count == 20, "\(result.stdout.prefix(300))")
    }
}
