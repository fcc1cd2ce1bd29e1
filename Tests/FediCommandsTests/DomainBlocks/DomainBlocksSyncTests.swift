import Foundation
import FediCore
import FediTestSupport
import Testing

/// `domain-blocks sync` in the fast tier: the plan per software, nothing sent on a dry run.
@Suite struct DomainBlocksSyncCommandTests {
    static func state() throws -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sync-fast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": directory.path]
    }

    @Test func aDryRunPlansPerSoftwareAndSendsNoWrite() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/instance/peers", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: #"[{"id": "01A", "domain": "old.example", "public_comment": "spam"}]"#)
        let list = """
        #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
        old.example,suspend,true,true,,false
        loud.example,silence,false,false,,false
        new.example,suspend,true,false,bots,false
        """
        let result = await server.run(["domain-blocks", "sync", "-", "--dry-run", "-o", "json"], input: list, environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "fake.test: 1 to add, 1 unchanged, 1 the server cannot keep.\n", "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { "\($0["domain"]!) \($0["action"]!)" } == ["loud.example skip", "new.example add", "old.example unchanged"])
        #expect(rows[0]["note"] as? String == "GoToSocial cannot keep severity silence (GoToSocial blocks can be: suspend)")
        #expect(rows[1]["private_comment"] as? String == "[fedictl sync]")
        #expect(rows[1]["public_comment"] as? String == "bots")
        #expect(rows.allSatisfy { $0["account"] as? String == "admin@fake.test" && ($0["list_digest"] as? String)?.count == 64 })
        #expect(server.transport.requests.allSatisfy { $0.method == .get }, "\(server.transport.requests.map(\.route))")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withYesItWritesAndRecordsWhatItMade() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/instance/peers", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: #"{"id": "01B", "domain": "new.example", "private_comment": "[fedictl sync]"}"#)
        let environment = try Self.state()
        let result = await server.run(["domain-blocks", "sync", "-", "--yes"], input: "new.example\n", environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "fake.test: 1 to add.\nWrote 1 of 1 change on fake.test.\n", "\(result)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/domain_blocks")
        #expect(post.jsonBody?["domain"] as? String == "new.example" && post.jsonBody?["private_comment"] as? String == "[fedictl sync]")
        let record = try String(contentsOfFile: environment["XDG_STATE_HOME"]! + "/fedictl/sync/admin@fake.test/journal.jsonl", encoding: .utf8)
        #expect(record.contains(#""domain":"new.example""#) && record.contains(#""sources":["stdin"]"#) && record.contains(#""action":"add""#), "\(record)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsSent() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/instance/peers", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let result = await server.run(["domain-blocks", "sync", "-"], input: "new.example\n", environment: try Self.state())
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("fedictl: Apply 1 change to fake.test (1 to add): confirmation needed\n"), "\(result)")
        #expect(server.transport.requests.allSatisfy { $0.method == .get })
    }
}
