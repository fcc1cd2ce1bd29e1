import FediCore
import FediTestSupport
import Foundation
import Testing

/// A file source is known by its file name (or `--source-name`), not the path as typed: the same
/// list run from another folder, by cron as an absolute path or from a second machine lifts what
/// the first run made; stamps that kept a path keep working (issue 44, item 7). Over libcurl
/// against mastodon_mock, the server's blocks and stamps read back.
struct SyncSourceIdentityTests {
    typealias Sync = DomainBlocksSyncTests

    static func admin(_ server: ServerProcess) throws -> Sync.Syncer {
        Sync.Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token,
            state: try TemporaryDirectory.make("sync-identity"))
    }

    static func blocks(_ server: ServerProcess) async throws -> [String: [String: Any]] {
        Dictionary(
            try await Sync.mastodonBlocks(server).map { ($0["domain"] as? String ?? "", $0) },
            uniquingKeysWith: { a, _ in a })
    }

    @Test func theSameListByAnotherPathLiftsWhatTheFirstRunMade() async throws {
        let server = try await MockServer.start()
        let list = try Sync.file("a.example,suspend\nb.example,silence\n", "shared.csv")
        let typed = list.deletingLastPathComponent().appendingPathComponent("../")
            .appendingPathComponent(list.deletingLastPathComponent().lastPathComponent)
            .appendingPathComponent("shared.csv").path
        #expect(typed != list.path)
        // The first machine runs it from "its folder"; a second one (its own state) by the absolute path.
        let first = try await Self.admin(server).run(["domain-blocks", "sync", typed, "--yes"])
        #expect(first.status == 0, "\(first)")
        let stamp = try #require(
            SyncStamp.parse(try await Self.blocks(server)["b.example"]?["private_comment"] as? String))
        #expect(stamp.sources == ["shared.csv"], "\(stamp)")

        try "a.example,suspend\n".write(to: list, atomically: true, encoding: .utf8)
        let second = try Sync.rows(
            try await Self.admin(server).run([
                "domain-blocks", "sync", list.path, "--lift-retracted", "--yes", "-o", "json",
            ]))
        #expect(second["b.example"]?["action"] as? String == "lift", "\(second)")
        #expect(try await Self.blocks(server).keys.sorted() == ["a.example"])
    }

    @Test func aStampThatKeptAPathIsTheFileOfThatName() async throws {
        let server = try await MockServer.start()
        try await Sync.block(
            server,
            [
                "domain": "old.example", "severity": "silence",
                "private_comment": "[fedictl-sync sources=lists/shared.csv at=2026-11-20T03:00:00Z]",
            ])
        let list = try Sync.file("a.example,suspend\n", "shared.csv")
        let rows = try Sync.rows(
            try await Self.admin(server).run([
                "domain-blocks", "sync", list.path, "--lift-retracted", "--yes", "-o", "json",
            ]))
        #expect(rows["old.example"]?["action"] as? String == "lift", "\(rows)")
        #expect(try await Self.blocks(server).keys.sorted() == ["a.example"])
    }

    @Test func aSourceNameIsStampedAndTwoSourcesKnownAlikeAreRefused() async throws {
        let server = try await MockServer.start()
        let admin = try Self.admin(server)
        let one = try Sync.file("a.example,suspend\n", "list.csv")
        let two = try Sync.file("b.example,suspend\n", "list.csv")
        let refused = await admin.run(["domain-blocks", "sync", one.path, two.path, "--yes"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("are both known as list.csv"), "\(refused)")
        #expect(refused.stderr.contains("hint: name one with --source-name"), "\(refused)")
        #expect(try await Self.blocks(server).isEmpty, "nothing written")

        let named = await admin.run([
            "domain-blocks", "sync", one.path, two.path, "--source-name", "ours", "--source-name", "theirs", "--yes",
        ])
        #expect(named.status == 0, "\(named)")
        let blocks = try await Self.blocks(server)
        #expect(SyncStamp.parse(blocks["a.example"]?["private_comment"] as? String)?.sources == ["ours"])
        #expect(SyncStamp.parse(blocks["b.example"]?["private_comment"] as? String)?.sources == ["theirs"])
    }
}
