import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks matrix` and `diff` in the fast tier: each domain against each server, every format.
@Suite struct DomainBlocksMatrixTests {
    static func block(
        _ domain: String, _ severity: String = "suspend", obfuscate: Bool = false, comment: String? = nil
    ) -> String {
        let comment = comment.map { #""\#($0)""# } ?? "null"
        return #"""
            {"id": "\#(domain)-id", "domain": "\#(domain)", "severity": "\#(severity)", "obfuscate": \#(obfuscate),
             "private_comment": \#(comment), "created_at": "2024-01-01T00:00:00Z"}
            """#
    }

    /// a.test: trolls (suspend, obfuscated, made by sync), spam.example (silence); allows friends.example.
    /// b.test: trolls (silence, by hand), example.net (whose block covers sub.example.net).
    static func fleet() -> CommandHarness {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "a.test",
            json:
                "[\(block("trolls.example", obfuscate: true, comment: "[fedictl-sync sources=list.csv]")), \(block("spam.example", "silence"))]"
        )
        transport.stub(
            .get, "/api/v1/admin/domain_allows", host: "a.test",
            json: #"[{"id": "1", "domain": "friends.example", "created_at": "2024-01-01T00:00:00Z"}]"#)
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "b.test",
            json: "[\(block("trolls.example", "silence")), \(block("example.net"))]")
        transport.stub(.get, "/api/v1/admin/domain_allows", host: "b.test", json: "[]")
        return QueueFleetFastTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
    }

    @Test func eachDomainAgainstEachServerWithItsMarks() async throws {
        let result = await Self.fleet().run(
            [
                "--all-accounts", "domain-blocks", "matrix", "trolls.example", "sub.example.net", "friends.example",
                "nothing.example",
            ], tty: true)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map {
            $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        #expect(lines.count == 5, "\(result.stdout)")
        #expect(
            lines[0].contains("DOMAIN") && lines[0].contains("A.TEST") && lines[0].contains("B.TEST"), "\(lines[0])")
        let cells = lines.dropFirst().map {
            $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        #expect(cells[0] == ["trolls.example", "suspend* S", "silence"], "\(cells)")
        #expect(cells[1] == ["sub.example.net", "-", "suspend via example.net"], "\(cells)")
        #expect(cells[2] == ["friends.example", "allowed", "-"], "\(cells)")
        #expect(cells[3] == ["nothing.example", "-", "-"], "\(cells)")
        #expect(result.stderr.contains("* obfuscated"), "\(result.stderr)")
    }

    @Test func machineFormatsHoldEveryStance() async throws {
        let json = await Self.fleet().run(["--all-accounts", "domain-blocks", "matrix", "-o", "json"])
        #expect(json.status == 0, "\(json)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(
            rows.compactMap { $0["domain"] as? String }
                == ["example.net", "friends.example", "spam.example", "trolls.example"], "\(json.stdout)")
        let trolls = try #require(rows.last?["servers"] as? [[String: Any]])
        #expect(trolls[0]["server"] as? String == "a.test" && trolls[0]["state"] as? String == "blocked")
        #expect(trolls[0]["obfuscate"] as? Bool == true && trolls[0]["provenance"] as? String == "sync")
        #expect(trolls[1]["severity"] as? String == "silence" && trolls[1]["provenance"] == nil)

        let ndjson = await Self.fleet().run(["--all-accounts", "domain-blocks", "matrix", "-o", "ndjson"])
        #expect(ndjson.stdout.split(separator: "\n").count == 4, "\(ndjson)")
        let csv = await Self.fleet().run(["--all-accounts", "domain-blocks", "matrix", "trolls.example", "-o", "csv"])
        #expect(csv.stdout == "domain,a.test,b.test\r\ntrolls.example,suspend* S,silence\r\n", "\(csv)")
        let tsv = await Self.fleet().run(["--all-accounts", "domain-blocks", "matrix", "friends.example"])
        #expect(tsv.stdout == "friends.example\tallowed\t\n", "\(tsv)")
    }

    @Test func diffNamesWhatOnlyOneBlocksAndWhatDiffers() async throws {
        let result = await Self.fleet().run(["domain-blocks", "diff", "admin@a.test", "admin@b.test", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let differences = Dictionary(
            uniqueKeysWithValues: rows.map { ($0["domain"] as? String ?? "", $0["difference"] as? String ?? "") })
        #expect(
            differences == [
                "example.net": "only-second", "spam.example": "only-first", "trolls.example": "differs",
            ], "\(result.stdout)")
        let tsv = await Self.fleet().run(["domain-blocks", "diff", "admin@a.test", "admin@b.test"])
        #expect(tsv.stdout.contains("spam.example\tsilence\t\tonly a.test\n"), "\(tsv)")

        let same = await QueueFleetFastTests.harness(["admin@a.test"], transport: FakeTransport())
            .run(["domain-blocks", "diff", "admin@a.test", "admin@a.test"])
        #expect(same.status == 64, "\(same)")
    }
}
