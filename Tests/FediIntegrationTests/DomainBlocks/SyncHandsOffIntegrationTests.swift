import FediCore
import FediTestSupport
import Foundation
import Testing

/// Sync respects what people decided (issue 26), on two mastodon_mocks at once: a hand-made block
/// survives, a block lowered by hand after sync stays lowered, `--exclude` holds, `--adopt` appends
/// to comments, and a second machine with an empty state directory lifts exactly what sync made.
struct SyncHandsOffIntegrationTests {
    typealias Sync = DomainBlocksSyncTests

    static func blocks(_ server: ServerProcess) async throws -> [String: [String: Any]] {
        Dictionary(
            try await Sync.mastodonBlocks(server).map { ($0["domain"] as? String ?? "", $0) },
            uniquingKeysWith: { a, _ in a })
    }

    @Test func handMadeLoweredAndExcludedBlocksSurviveAndASecondMachineLiftsOnlySyncs() async throws {
        let fleet = try await FleetTests.Fleet.start()
        defer { fleet.stop() }
        let (a, b) = (fleet.mastodonA, fleet.mastodonB)
        let both = ["--account", "\(fleet.idA),\(fleet.idB)"]
        let sync = both + ["domain-blocks", "sync"]
        let first = ["XDG_STATE_HOME": try TemporaryDirectory.make("sync-first").path]
        let second = ["XDG_STATE_HOME": try TemporaryDirectory.make("sync-second").path]
        // Monday: blocked by hand, with the reports in the private comment.
        try await Sync.block(a, ["domain": "hate.example", "severity": "suspend", "private_comment": "reports 12, 13"])
        try await Sync.block(b, ["domain": "hate.example", "severity": "silence", "private_comment": "report 7"])
        let list = try Sync.file(
            """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate,#private_comment
            hate.example,suspend,false,false,,false,partner list
            trolls.example,suspend,false,false,,false,
            gone.example,suspend,false,false,,false,
            partner.example,suspend,false,false,,false,
            """, "partner.csv")

        let nightly = await fleet.run(
            sync + [list.path, "--exclude", "partner.example", "--yes", "-o", "json"],
            environment: first)
        #expect(nightly.status == 0, "\(nightly)")
        let rows = try #require(try nightly.json() as? [[String: Any]])
        let hate = rows.filter { $0["domain"] as? String == "hate.example" }
        #expect(
            hate.count == 2
                && hate.allSatisfy {
                    $0["action"] as? String == "kept" && ($0["note"] as? String)?.hasPrefix("made by hand") == true
                }, "\(hate)")
        let wouldSet = ["severity silence → suspend", "private_comment \"report 7\" → \"partner list\""]
        #expect(hate.contains { $0["details"] as? [String] == wouldSet })
        #expect(
            rows.filter { $0["domain"] as? String == "partner.example" }.allSatisfy {
                $0["action"] as? String == "kept"
                    && $0["note"] as? String == "excluded (--exclude): sync never touches it"
            })
        #expect(nightly.stderr.contains("1 kept (made by hand), 1 excluded"), "\(nightly.stderr)")
        for (server, severity, comment) in [(a, "suspend", "reports 12, 13"), (b, "silence", "report 7")] {
            let blocks = try await Self.blocks(server)
            #expect(Set(blocks.keys) == ["hate.example", "trolls.example", "gone.example"], "\(blocks.keys)")
            #expect(blocks["hate.example"]?["severity"] as? String == severity)
            #expect(blocks["hate.example"]?["private_comment"] as? String == comment)
        }

        // Tuesday: after an appeal a moderator lowers trolls.example on A by hand.
        let trolls = try #require(try await Self.blocks(a)["trolls.example"]?["id"] as? String)
        _ = try await a.json(
            .put, "/api/v1/admin/domain_blocks/\(trolls)", token: MockServer.admin.token,
            body: ["severity": "silence"])

        // A second machine (CI), no state: the partner list drops gone.example.
        try """
        #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate,#private_comment
        hate.example,suspend,false,false,,false,partner list
        trolls.example,suspend,false,false,,false,
        partner.example,suspend,false,false,,false,
        """.write(to: list, atomically: true, encoding: .utf8)
        let ci = await fleet.run(
            sync + [
                list.path, "--exclude", "partner.example", "--lift-retracted", "--yes",
                "-o", "json",
            ], environment: second)
        #expect(ci.status == 0, "\(ci)")
        let ciRows = try #require(try ci.json() as? [[String: Any]])
        let lowered = ciRows.first {
            $0["account"] as? String == fleet.idA && $0["domain"] as? String == "trolls.example"
        }
        #expect(lowered?["action"] as? String == "kept", "\(ciRows)")
        #expect((lowered?["note"] as? String)?.hasPrefix("changed by hand since sync") == true, "\(ciRows)")
        let gone = ciRows.filter { $0["domain"] as? String == "gone.example" }
        #expect(gone.map { $0["action"] as? String } == ["lift", "lift"])
        let afterCI = (try await Self.blocks(a), try await Self.blocks(b))
        #expect(Set(afterCI.0.keys) == ["hate.example", "trolls.example"])
        #expect(Set(afterCI.1.keys) == ["hate.example", "trolls.example"])
        #expect(afterCI.0["trolls.example"]?["severity"] as? String == "silence")
        #expect(afterCI.0["hate.example"]?["private_comment"] as? String == "reports 12, 13")

        // --adopt takes the hand-made blocks over: the partner's note is appended, the reports stay.
        let adopt = await fleet.run(
            sync + [list.path, "--exclude", "partner.example", "--adopt", "--yes"],
            environment: second)
        #expect(adopt.status == 0, "\(adopt)")
        for (server, comment) in [(a, "reports 12, 13; partner list"), (b, "report 7; partner list")] {
            let block = try #require(try await Self.blocks(server)["hate.example"])
            #expect(block["severity"] as? String == "suspend")
            #expect(SyncStamp.stripped(block["private_comment"] as? String) == comment, "\(block)")
            #expect(SyncStamp.parse(block["private_comment"] as? String)?.adopted == true, "\(block)")
        }
        let (afterA, afterB) = (try await Self.blocks(a), try await Self.blocks(b))
        #expect(afterA["trolls.example"]?["severity"] as? String == "silence", "--adopt is not --force")
        #expect(afterA["partner.example"] == nil && afterB["partner.example"] == nil)
    }
}
