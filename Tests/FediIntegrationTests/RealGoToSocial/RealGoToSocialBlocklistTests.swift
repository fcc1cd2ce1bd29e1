import FediCore
import FediTestSupport
import Foundation
import Testing

/// Shared blocklists on the real GoToSocial: import, export, sync, apply and lift, each test with
/// domains of its own (the server's other blocks belong to other tests and must stay untouched).
@Suite(.realGoToSocial) struct RealGoToSocialBlocklistTests {
    /// The admin with a state directory of its own (sync keeps its provenance there).
    struct Admin {
        let gts: GoToSocialServer
        let state: URL

        func run(_ arguments: [String], input: String = "") async -> CommandResult {
            let harness = CommandHarness(environment: ["FEDICTL_TOKEN": gts.admin.token, "XDG_STATE_HOME": state.path])
            return await harness.run(arguments + ["--account", "admin@\(gts.base)"], input: input)
        }
    }

    func blocked(_ gts: GoToSocialServer) async throws -> [String: [String: Any]] {
        let list = try #require(try await gts.get("/api/v1/admin/domain_blocks") as? [[String: Any]])
        return Dictionary(list.map { ($0["domain"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func csv(_ domains: [String], comment: String = "shared list") -> String {
        "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\n"
            + domains.map { "\($0),suspend,false,false,\(comment),false\n" }.joined()
    }

    @Test func importingA200RowMastodonCSVThenExportingIt() async throws {
        let gts = try await GoToSocialServer.shared()
        let state = try TemporaryDirectory.make("gts-import")
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = Admin(gts: gts, state: state)
        let prefix = GoToSocialServer.uniqueName("bulk")
        let domains = (1...200).map { "\(prefix)-\($0).example" }
        let file = state.appendingPathComponent("blocklist.csv")
        try Self.csv(domains).write(to: file, atomically: true, encoding: .utf8)

        let dryRun = await admin.run(["domain-blocks", "import", file.path, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(try await blocked(gts).keys.contains(domains[0]) == false, "a dry run sends nothing")

        let result = await admin.run(["domain-blocks", "import", file.path, "--yes"])
        #expect(result.status == 0, "\(result)")
        let onServer = try await blocked(gts)
        #expect(domains.filter { onServer[$0] == nil }.isEmpty, "missing after the import")
        #expect(onServer[domains[7]]?["public_comment"] as? String == "shared list")

        // Safe to re-run: nothing is sent twice.
        let again = await admin.run(["domain-blocks", "import", file.path, "--yes"])
        #expect(again.status == 0, "\(again)")
        #expect(try await blocked(gts).keys.filter { $0.hasPrefix(prefix) }.count == 200)

        let export = await admin.run(["domain-blocks", "export"])
        #expect(export.status == 0, "\(export)")
        let exported = Set(
            export.stdout.split(separator: "\n")
                .compactMap { $0.split(separator: ",").first.map(String.init) })
        #expect(Set(domains).isSubset(of: exported))
    }

    /// sync adds what the sources list, apply carries out a saved plan, and --lift-retracted lifts only
    /// what sync made once the sources drop it.
    @Test func syncApplyAndLift() async throws {
        let gts = try await GoToSocialServer.shared()
        let state = try TemporaryDirectory.make("gts-sync")
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = Admin(gts: gts, state: state)
        let prefix = GoToSocialServer.uniqueName("synced")
        let (first, second, third) = ("\(prefix)-a.example", "\(prefix)-b.example", "\(prefix)-c.example")
        let byHand = "\(prefix)-hand.example"
        #expect(await admin.run(["domain-blocks", "add", byHand]).status == 0)

        let source = state.appendingPathComponent("shared.csv")
        try Self.csv([first, second, byHand]).write(to: source, atomically: true, encoding: .utf8)
        let sync = await admin.run(["domain-blocks", "sync", source.path, "--yes"])
        #expect(sync.status == 0, "\(sync)")
        var onServer = try await blocked(gts)
        #expect(onServer[first] != nil && onServer[second] != nil, "\(sync)")
        let stamp = SyncStamp.parse(onServer[first]?["private_comment"] as? String)
        #expect(stamp?.sources == ["shared.csv"] && stamp?.fingerprint != nil, "\(onServer[first] ?? [:])")

        // A saved plan, applied later.
        try Self.csv([first, second, third, byHand]).write(to: source, atomically: true, encoding: .utf8)
        let plan = await admin.run(["domain-blocks", "sync", source.path, "--dry-run", "-o", "json"])
        #expect(plan.status == 0, "\(plan)")
        let planFile = state.appendingPathComponent("plan.json")
        try plan.stdout.write(to: planFile, atomically: true, encoding: .utf8)
        #expect(try await blocked(gts)[third] == nil, "a dry run sends nothing")
        // Other tests change this shared server's blocks meanwhile, so the plan's check that nothing
        // changed since (exit 79) would refuse it: --force, as after reading the plan again.
        let apply = await admin.run(["domain-blocks", "apply", planFile.path, "--yes", "--force"])
        #expect(apply.status == 0, "\(apply)")
        #expect(try await blocked(gts)[third] != nil)

        // The sources drop two domains: sync lifts the one it made and keeps the one made by hand.
        try Self.csv([first, third]).write(to: source, atomically: true, encoding: .utf8)
        let lift = await admin.run(["domain-blocks", "sync", source.path, "--lift-retracted", "--yes"])
        #expect(lift.status == 0, "\(lift)")
        onServer = try await blocked(gts)
        #expect(onServer[second] == nil, "\(lift)")
        #expect(onServer[byHand] != nil && onServer[first] != nil && onServer[third] != nil)
    }

    /// Issue 26 on the real server: a block made by hand keeps its private comment, the server's own
    /// exclude holds, and a second machine with no state lifts only what sync made and its sources
    /// dropped, keeping the one someone changed since.
    @Test func syncKeepsHandMadeAndExcludedBlocksAndASecondMachineLiftsOnlySyncs() async throws {
        let gts = try await GoToSocialServer.shared()
        let first = Admin(gts: gts, state: try TemporaryDirectory.make("gts-first"))
        let second = Admin(gts: gts, state: try TemporaryDirectory.make("gts-second"))
        let prefix = GoToSocialServer.uniqueName("handsoff")
        let (hand, excluded) = ("\(prefix)-hand.example", "\(prefix)-excl.example")
        let (made, changed) = ("\(prefix)-made.example", "\(prefix)-changed.example")
        #expect(await first.run(["domain-blocks", "add", hand, "--private-comment", "reports 12, 13"]).status == 0)
        #expect(await first.run(["domain-excludes", "add", excluded]).status == 0)
        let source = first.state.appendingPathComponent("partner.csv")
        try Self.csv([hand, excluded, made, changed]).write(to: source, atomically: true, encoding: .utf8)

        let sync = await first.run(["domain-blocks", "sync", source.path, "--yes", "-o", "json"])
        #expect(sync.status == 0, "\(sync)")
        let rows = try #require(try sync.json() as? [[String: Any]])
        let actions = Dictionary(
            rows.map { ($0["domain"] as? String ?? "", $0["action"] as? String ?? "") },
            uniquingKeysWith: { a, _ in a })
        #expect(actions == [hand: "kept", excluded: "kept", made: "add", changed: "add"], "\(rows)")
        var onServer = try await blocked(gts)
        #expect(onServer[hand]?["private_comment"] as? String == "reports 12, 13")
        #expect((onServer[hand]?["public_comment"] as? String ?? "") == "")
        #expect(onServer[excluded] == nil)

        // Someone rewrites the public comment of one block sync made.
        #expect(
            await first.run(["domain-blocks", "update", changed, "--public-comment", "appeal pending"]).status == 0)
        // The partner drops both; a second machine, with no record of its own, runs the nightly sync.
        try Self.csv([hand, excluded]).write(to: source, atomically: true, encoding: .utf8)
        let lift = await second.run(["domain-blocks", "sync", source.path, "--lift-retracted", "--yes", "-o", "json"])
        #expect(lift.status == 0, "\(lift)")
        let liftRows = try #require(try lift.json() as? [[String: Any]])
        #expect(liftRows.first { $0["domain"] as? String == made }?["action"] as? String == "lift", "\(liftRows)")
        #expect(liftRows.first { $0["domain"] as? String == changed }?["action"] as? String == "kept", "\(liftRows)")
        onServer = try await blocked(gts)
        #expect(onServer[made] == nil && onServer[changed]?["public_comment"] as? String == "appeal pending")
        #expect(onServer[hand]?["private_comment"] as? String == "reports 12, 13" && onServer[excluded] == nil)
        // The exclude's name is this test's own: left behind by a failure above, it touches no other test.
        #expect(await first.run(["domain-excludes", "remove", excluded, "--yes"]).status == 0)
    }
}
