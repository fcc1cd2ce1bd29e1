import Foundation
import FediCore
import FediTestSupport
import Testing

/// `domain-blocks sync` and `apply` in the fast tier: the plan per software, nothing sent on a dry
/// run, a saved plan refused when the server's list changed.
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

    @Test func applyRefusesAPlanWhoseServerListChanged() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: #"[{"id": "01A", "domain": "meanwhile.example"}]"#)
        let plan = #"[{"account": "admin@fake.test", "domain": "new.example", "action": "add", "severity": "suspend", "details": [], "sources": ["-"], "list_digest": "\#(DomainDigest.sha256Hex(""))"}]"#
        let result = await server.run(["domain-blocks", "apply", "-", "--yes"], input: plan, environment: try Self.state())
        #expect(result.status == 79, "\(result)")
        #expect(result.stderr == """
            fedictl: the domain blocks on fake.test changed since the plan was made; nothing was sent
            hint: make the plan again with `fedictl domain-blocks sync ... --dry-run -o json`, or pass --force

            """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func applyRefusesSomethingThatIsNotAPlan() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["domain-blocks", "apply", "-"], input: "domain\nspam.example\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: stdin is not a saved sync plan\nhint: "), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
