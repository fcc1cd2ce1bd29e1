import FediCore
import FediTestSupport
import Foundation
import Testing

/// The smaller faults a campaign against hostile servers found: exit codes and hints that were
/// wrong, a token echoed back, files left by kill -9, options that were silently ignored.
struct SmallerFaultTests {
    static func blocklist(_ count: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString).txt")
        try ((0..<count).map { "spam\($0).example" }.joined(separator: "\n") + "\n").write(
            to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Import and sync share the bulk engine, so both stop at the first refused write.
    @Test(arguments: [401, 403], ["import", "sync"])
    func bulkWritesThatAreRefusedStopAtTheFirstWithExit77(status: Int, verb: String) async throws {
        let server = try await MockServer.start()
        let proxy = try await HostileProxy.start(upstream: server)
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "status", "status": status],
        ])
        let file = try Self.blocklist(20)
        defer { try? FileManager.default.removeItem(at: file) }
        let state = try TemporaryDirectory.make("refused-state")  // sync keeps provenance there
        let admin = DomainBlocksSyncTests.Syncer(
            server: proxy, username: MockServer.admin.username,
            token: MockServer.admin.token, state: state)
        let result = await admin.run(["domain-blocks", verb, file.path, "--concurrency", "1", "--yes"])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("stopped at the first refused write; the other 19 were not sent"), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(try await proxy.forwarded().filter { $0 == "POST /api/v1/admin/domain_blocks" }.count == 1)
    }

    @Test func malformedAnswersToWritesExit76() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"], "effect": ["type": "malformed"],
        ])
        let admin = UserSide(server, MockServer.admin)
        let file = try Self.blocklist(3)
        defer { try? FileManager.default.removeItem(at: file) }
        let imported = await admin.run(["domain-blocks", "import", file.path])
        #expect(imported.status == 76, "\(imported)")
        #expect(imported.stderr.contains("\nhint: "), "\(imported)")
        let added = await admin.run(["domain-blocks", "add", "other.example"])
        #expect(added.status == 76, "\(added)")
    }

    @Test func instanceInfoRefusedWith401IsNotAHalfEmptyDescription() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["path_regex": "^/api/v[12]/instance$"], "effect": ["type": "status", "status": 401],
        ])
        let result = await CommandHarness().run(["instance", "info", server.base])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("refuses its instance description to visitors (HTTP 401)"), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test func aRedirectAnsweringAWriteIsAProtocolErrorWithAHint() async throws {
        let moderator = try await FixtureModerator.start("gotosocial")
        try await moderator.server.addRoutes([
            "POST /api/v1/admin/domain_blocks": [
                "status": 307, "headers": ["Location": "http://127.0.0.1:9/api/v1/admin/domain_blocks"], "json": [:],
            ]
        ])
        let result = await moderator.run(["domain-blocks", "add", "evil.example"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("HTTP 307"), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
    }

    @Test func aTokenTheServerEchoesIsRedacted() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let admin = UserSide(fixture: server, username: "admin")
        try await server.addRoutes([
            "GET /api/v1/admin/reports": [
                "status": 401, "json": ["error": "token \(admin.token) is not valid here"],
            ]
        ])
        let result = await admin.run(["reports", "list"])
        #expect(result.status == 77, "\(result)")
        #expect(!result.stderr.contains(admin.token), "\(result)")
        #expect(result.stderr.contains("token [REDACTED] is not valid"), "\(result)")
    }

    @Test func staleTempFilesOfKilledWritersAreRemovedAndLiveOnesKept() async throws {
        let home = try TemporaryDirectory.make("stale-tmp")
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("fedictl")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A pid above any pid_max belongs to no process; this test's own pid is alive.
        let dead = [".config.json.2147483647.12345.tmp", ".secrets.json.2147483646.99.tmp"]
        let live = ".config.json.\(ProcessInfo.processInfo.processIdentifier).7.tmp"
        for name in dead + [live] {
            try Data("{\"token\": \"x\"}".utf8).write(to: directory.appendingPathComponent(name))
        }
        let result = try await BinaryRunner.run(["auth", "list"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.status == 0, "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left.filter { $0.hasSuffix(".tmp") } == [live], "\(left)")
    }

    @Test(arguments: ["", "/nonexistent/ca.pem"])
    func aMissingCacertIsAUsageError(path: String) async throws {
        let result = try await BinaryRunner.run(["instance", "info", "127.0.0.1:9", "--cacert", path])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--cacert"), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
    }

    @Test func unknownConfigFieldsSurviveAWrite() async throws {
        let server = try await MockServer.start()
        let home = try TemporaryDirectory.make("unknown-fields")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path]
        let added = try await BinaryRunner.run(
            ["auth", "add", server.base, "--token-stdin", "--insecure-storage"], environment: environment,
            input: MockServer.alice.token)
        try #require(added.status == 0, "\(added)")
        let file = home.appendingPathComponent("fedictl/config.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        object["future_setting"] = ["keep": true]
        var accounts = try #require(object["accounts"] as? [[String: Any]])
        accounts[0]["note"] = "the team's account"
        object["accounts"] = accounts
        try JSONSerialization.data(withJSONObject: object).write(to: file)

        let alias = try await BinaryRunner.run(
            ["auth", "alias", "alice@\(server.base)", "work"], environment: environment)
        #expect(alias.status == 0, "\(alias)")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((after["future_setting"] as? [String: Any])?["keep"] as? Bool == true, "\(after)")
        let account = try #require((after["accounts"] as? [[String: Any]])?.first)
        #expect(account["note"] as? String == "the team's account")
        #expect((account["aliases"] as? [String]) == ["work"], "\(account)")
    }

    @Test func authAddChecksTheConfigBeforeSendingTheToken() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let home = try TemporaryDirectory.make("corrupt-config")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("fedictl"), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: home.appendingPathComponent("fedictl/config.json"))
        let result = try await BinaryRunner.run(
            ["auth", "add", server.base, "--token-stdin", "--insecure-storage"],
            environment: ["XDG_CONFIG_HOME": home.path], input: "secret-token")
        #expect(result.status == 78, "\(result)")
        let sent = try await server.receivedRequests().filter {
            ($0["headers"] as? [String: String])?["authorization"] != nil
        }
        #expect(sent.isEmpty, "\(sent)")
    }
}
