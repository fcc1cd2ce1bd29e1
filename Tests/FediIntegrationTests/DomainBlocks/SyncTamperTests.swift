import FediCore
import FediTestSupport
import Foundation
import Testing

/// Sync only undoes its own work: a saved plan that was edited is checked row by row before
/// anything is sent, and a block a moderator re-made by hand is not sync's, over mastodon_mock.
struct SyncTamperTests {
    typealias Sync = DomainBlocksSyncTests

    static func domains(_ server: ServerProcess) async throws -> [String] {
        try await Sync.mastodonBlocks(server).compactMap { $0["domain"] as? String }.sorted()
    }

    @Test func aBlockRemovedAndReMadeByHandIsNotLiftedAsRetracted() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let admin = Sync.Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token,
            state: try TemporaryDirectory.make("sync-state"))
        let list = try Sync.file("remade.example\nkept.example\n", "list.txt")
        let first = await admin.run(["domain-blocks", "sync", list.path, "--yes"])
        #expect(first.status == 0, "\(first)")
        // A moderator lifts remade.example and blocks it again by hand.
        let blocks = try await Sync.mastodonBlocks(server)
        let id = try #require(blocks.first { $0["domain"] as? String == "remade.example" }?["id"] as? String)
        _ = try await server.request(.delete, "/api/v1/admin/domain_blocks/\(id)", token: MockServer.admin.token)
        try await Sync.block(server, ["domain": "remade.example", "severity": "suspend", "private_comment": "by hand"])

        try "other.example\n".write(to: list, atomically: true, encoding: .utf8)
        let lifted = await admin.run(["domain-blocks", "sync", list.path, "--lift-retracted", "--yes", "-o", "json"])
        #expect(lifted.status == 0, "\(lifted)")
        let rows = try Sync.rows(lifted)
        #expect(rows["kept.example"]?["action"] as? String == "lift", "sync's own block is lifted: \(rows)")
        #expect(rows["remade.example"] == nil, "\(rows)")
        #expect(try await Self.domains(server) == ["other.example", "remade.example"])
    }

    /// An edited plan: a name that is no domain, a repeated row, a write no source asked for, a lift
    /// of a hand-made block. Refused naming the rows, and nothing sent; a plan whose names only
    /// needed normalising is applied in their canonical form.
    @Test func anEditedPlanIsCheckedRowByRowBeforeAnythingIsSent() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let admin = Sync.Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token,
            state: try TemporaryDirectory.make("sync-state"))
        try await Sync.block(server, ["domain": "hand.example", "severity": "suspend"])
        let list = try Sync.file("planned.example\n", "list.txt")
        let planned = await admin.run(["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"])
        #expect(planned.status == 0, "\(planned)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(planned.stdout.utf8)) as? [[String: Any]])
        let good = try #require(rows.first { $0["domain"] as? String == "planned.example" })
        func row(_ domain: String, action: String = "add", sources: [String] = [list.path]) -> [String: Any] {
            var row = good
            row["domain"] = domain
            row["action"] = action
            row["sources"] = sources
            return row
        }
        func plan(_ extra: [[String: Any]]) throws -> URL {
            let data = try JSONSerialization.data(withJSONObject: rows + extra)
            return try Sync.file(String(decoding: data, as: UTF8.self), "plan.json")
        }
        let file = try plan([
            row("a..b.example"), row("\u{1B}[31mred.example"),
            row(String(repeating: "x", count: 64) + ".example"), row("planned.example"),
            row("nosource.example", sources: []),
            row("hand.example", action: "lift", sources: []),
        ])
        let refused = await admin.run(["domain-blocks", "apply", file.path, "--yes"])
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.hasPrefix("fedictl: \(file.path): 5 rows cannot be applied; nothing was sent\n"),
            "\(refused)")
        for named in [
            "row 2: 'a..b.example' is not a domain", "row 3: '", "row 4: 'xxxx",
            "row 5 (planned.example): repeats row 1", "row 6 (nosource.example): add without a source",
        ] {
            #expect(refused.stderr.contains(named), "\(named): \(refused.stderr)")
        }
        #expect(!refused.stderr.contains("\u{1B}"), "\(refused.stderr)")
        #expect(try await Self.domains(server) == ["hand.example"])

        // Only the lift left: provenance says sync never made hand.example.
        let lift = try plan([row("hand.example", action: "lift", sources: [])])
        let liftRefused = await admin.run(["domain-blocks", "apply", lift.path, "--yes"])
        #expect(liftRefused.status == 65, "\(liftRefused)")
        let liftMessage = "fedictl: the plan lifts 1 block on \(server.base) that sync did not make; nothing was sent\n"
        #expect(liftRefused.stderr.hasPrefix(liftMessage), "\(liftRefused)")
        #expect(try await Self.domains(server) == ["hand.example"])

        // Names that only need normalising are applied as their canonical forms.
        let normalised = try plan([row("UPPER.Example."), row("bücher.example")])
        let applied = await admin.run(["domain-blocks", "apply", normalised.path, "--yes"])
        #expect(applied.status == 0, "\(applied)")
        #expect(
            try await Self.domains(server) == [
                "hand.example", "planned.example", "upper.example",
                "xn--bcher-kva.example",
            ])
    }
}
