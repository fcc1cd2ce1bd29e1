import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl log --remote` against the Pleroma, Akkoma, Misskey and Mastodon test servers (filters,
/// order, formats and `log show` are in the fast tier: FediCommandsTests/Log).
struct LogCommandTests {
    func remote(_ server: ServerProcess, username: String = "admin", token: String = "fixture-token") async throws -> (
        CommandResult, URL
    ) {
        let local = SeededJournal.entry(
            "dddd00000005", hoursAgo: 1, account: "\(username)@\(server.base)", verb: "accounts action", target: "9spam"
        )
        let elsewhere = SeededJournal.entry(
            "eeee00000006", hoursAgo: 1, account: "a@one.example", verb: "filters create", target: "x")
        let (journal, state) = try SeededJournal.make("log-remote", [local, elsewhere])
        var harness = CommandHarness(environment: ["FEDICTL_TOKEN": token], now: { SeededJournal.now })
        harness.journal = journal
        let result = await harness.run(["log", "--remote", "--account", "\(username)@\(server.base)", "-o", "json"])
        return (result, state)
    }

    @Test(arguments: ["pleroma", "akkoma"])
    func remoteMergesPleromasModerationLog(flavour: String) async throws {
        let server = try await FixtureServer.start(flavour: flavour)
        let (result, state) = try await remote(server)
        defer { try? FileManager.default.removeItem(at: state) }
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["source"] as? String } == ["remote", "remote", "remote", "local"], "\(rows)")
        #expect(rows.allSatisfy { $0["server"] as? String == server.base })
        #expect(
            rows.map { $0["verb"] as? String } == ["relay_follow", "report_update", "deactivate", "accounts action"])
        #expect(
            rows.map { $0["target"] as? String } == [
                "https://relay.example/actor", "Aq0e8GN2NgeIHNbOoa", "spammer", "9spam",
            ])
        #expect(rows[2]["account"] as? String == "admin")
        #expect(rows[2]["message"] as? String == "@admin deactivated users: @spammer")
        #expect(rows[2]["time"] as? String == "2025-11-23T10:00:00Z")
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }
        #expect(paths.contains("/api/v1/pleroma/admin/moderation_log"))
    }

    @Test func remoteMergesMisskeysModerationLog() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let (result, state) = try await remote(server, username: "mika")
        defer { try? FileManager.default.removeItem(at: state) }
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["source"] as? String } == ["remote", "remote", "local"], "\(rows)")
        #expect(rows.map { $0["verb"] as? String } == ["resolveAbuseReport", "suspend", "accounts action"])
        #expect(rows.map { $0["target"] as? String } == ["9report001", "spammer@spam.example", "9spam"])
        #expect(rows[1]["account"] as? String == "admin")
    }

    @Test func remoteOnMastodonSaysThereIsNoneAndShowsTheLocalEntries() async throws {
        let server = try await MockServer.start()
        let (result, state) = try await remote(server, token: MockServer.admin.token)
        defer { try? FileManager.default.removeItem(at: state) }
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("runs Mastodon 4.6.0, which has no API for its moderation log"), "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["dddd00000005"])
    }
}
