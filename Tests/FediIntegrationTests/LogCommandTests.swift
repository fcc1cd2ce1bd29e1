import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl log`: filters, order, formats and `log show`, over a journal with known entries; and
/// `--remote` against the Pleroma, Akkoma, Misskey and Mastodon test servers.
struct LogCommandTests {
    static let now = FlexibleDate.parse("2026-11-23T12:00:00Z")!

    static func seeded(_ label: String, _ entries: [JournalEntry]) throws -> (FileJournal, URL) {
        let state = try TemporaryDirectory.make(label)
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        for entry in entries { try journal.appendNow(try entry.line()) }
        return (journal, state)
    }

    static func entry(
        _ id: String, hoursAgo: Double, account: String, verb: String, target: String, failed: Bool = false,
        undo: String? = nil
    ) -> JournalEntry {
        let server = String(account.split(separator: "@").last!)
        return JournalEntry(
            id: id, time: now.addingTimeInterval(-hoursAgo * 3600), account: account, server: server,
            software: "mastodon", softwareVersion: "4.3.0", command: "fedictl \(verb) \(target)", verb: verb,
            target: target, outcome: failed ? .error : .ok, errorKind: failed ? "permission" : nil,
            httpStatus: failed ? 403 : 200, message: failed ? "one.example does not allow this (HTTP 403)" : nil,
            undo: undo)
    }

    static let entries = [
        entry(
            "aaaa00000001", hoursAgo: 120, account: "a@one.example", verb: "domain-blocks add", target: "spam.example",
            undo: "fedictl --account a@one.example domain-blocks remove spam.example"),
        entry(
            "aaaa00000002", hoursAgo: 26, account: "a@one.example", verb: "accounts action", target: "123", failed: true
        ),
        entry(
            "bbbb00000003", hoursAgo: 2, account: "b@two.example", verb: "domain-blocks remove", target: "spam.example"),
        entry("cccc00000004", hoursAgo: 0.5, account: "b@two.example", verb: "filters create", target: "Spoilers"),
    ]

    func run(_ journal: FileJournal, _ arguments: [String], tty: Bool = false) async -> CommandResult {
        var harness = CommandHarness(now: { Self.now })
        harness.journal = journal
        return await harness.run(arguments, tty: tty, width: 160)
    }

    func ids(_ journal: FileJournal, _ filters: [String]) async -> [String] {
        let result = await run(journal, ["log", "--fields", "id"] + filters)
        #expect(result.status == 0, "\(filters): \(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func filtersKeepWhatTheySay() async throws {
        let (journal, state) = try Self.seeded("log-filters", Self.entries)
        defer { try? FileManager.default.removeItem(at: state) }
        let all = ["aaaa00000001", "aaaa00000002", "bbbb00000003", "cccc00000004"]
        #expect(await ids(journal, []) == all)
        #expect(await ids(journal, ["--since", "2d"]) == Array(all[1...]))
        #expect(await ids(journal, ["--until", "1d"]) == Array(all[..<2]))
        #expect(
            await ids(journal, ["--since", "2026-11-22", "--until", "2026-11-23T11:00:00Z"]) == [
                "aaaa00000002", "bbbb00000003",
            ])
        #expect(await ids(journal, ["--account", "a@one.example"]) == Array(all[..<2]))
        #expect(await ids(journal, ["--server", "two.example"]) == Array(all[2...]))
        #expect(await ids(journal, ["--verb", "domain-blocks"]) == ["aaaa00000001", "bbbb00000003"])
        #expect(await ids(journal, ["--verb", "domain-blocks add"]) == ["aaaa00000001"])
        #expect(await ids(journal, ["--verb", "domain"]) == [])
        #expect(await ids(journal, ["--target", "SPAM"]) == ["aaaa00000001", "bbbb00000003"])
        #expect(await ids(journal, ["--failed"]) == ["aaaa00000002"])
        #expect(await ids(journal, ["--limit", "2"]) == Array(all[2...]))

        let bad = await run(journal, ["log", "--since", "yesterday"])
        #expect(
            bad.status == 64 && bad.stderr.contains("--since 'yesterday' is neither a length of time nor a date"),
            "\(bad)")
    }

    @Test func newestFirstOnATerminalAndEveryFormat() async throws {
        let (journal, state) = try Self.seeded("log-formats", Self.entries)
        defer { try? FileManager.default.removeItem(at: state) }
        let table = await run(journal, ["log"], tty: true)
        #expect(table.status == 0, "\(table)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.contains("ID            TIME") == true, "\(table.stdout)")
        #expect(
            lines.dropFirst().map { String($0.prefix(12)) } == [
                "cccc00000004", "bbbb00000003", "aaaa00000002", "aaaa00000001",
            ])
        #expect(table.stdout.contains("error 403 permission"))

        let json = try #require(try await run(journal, ["log", "-o", "json"]).json() as? [[String: Any]])
        #expect(json.map { $0["id"] as? String } == ["aaaa00000001", "aaaa00000002", "bbbb00000003", "cccc00000004"])
        #expect(json[1]["http_status"] as? Int == 403 && json[1]["error_kind"] as? String == "permission")
        #expect(json[0]["time"] as? String == "2026-11-18T12:00:00Z")

        let ndjson = await run(journal, ["log", "-o", "ndjson", "--failed"])
        #expect(
            ndjson.stdout.split(separator: "\n").count == 1 && ndjson.stdout.contains(#""id":"aaaa00000002""#),
            "\(ndjson)")
        let csv = await run(journal, ["log", "-o", "csv", "--fields", "id,verb,outcome", "--failed"])
        #expect(csv.stdout == "id,verb,outcome\r\naaaa00000002,accounts action,error 403 permission\r\n", "\(csv)")

        let empty = await run(journal, ["log", "--server", "nowhere.example"], tty: true)
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr == "No journal entries match.\n", "\(empty)")
    }

    @Test func showGivesOneEntryWithItsUndo() async throws {
        let (journal, state) = try Self.seeded("log-show", Self.entries)
        defer { try? FileManager.default.removeItem(at: state) }
        let show = await run(journal, ["log", "show", "aaaa00000001"])
        #expect(show.status == 0, "\(show)")
        #expect(
            show.stdout.contains("undo\tfedictl --account a@one.example domain-blocks remove spam.example\n"),
            "\(show.stdout)")
        #expect(show.stdout.contains("command\tfedictl domain-blocks add spam.example\n"))
        let byPrefix = try #require(
            try await run(journal, ["log", "show", "cccc", "-o", "json"]).json() as? [String: Any])
        #expect(byPrefix["target"] as? String == "Spoilers")
        let ambiguous = await run(journal, ["log", "show", "aaaa"])
        #expect(ambiguous.status == 64 && ambiguous.stderr.contains("aaaa00000001, aaaa00000002"), "\(ambiguous)")
        let missing = await run(journal, ["log", "show", "ffff"])
        #expect(missing.status == 66 && missing.stderr.contains("no journal entry ffff"), "\(missing)")
    }

    func remote(_ server: ServerProcess, username: String = "admin", token: String = "fixture-token") async throws -> (
        CommandResult, URL
    ) {
        let local = Self.entry(
            "dddd00000005", hoursAgo: 1, account: "\(username)@\(server.base)", verb: "accounts action", target: "9spam"
        )
        let elsewhere = Self.entry(
            "eeee00000006", hoursAgo: 1, account: "a@one.example", verb: "filters create", target: "x")
        let (journal, state) = try Self.seeded("log-remote", [local, elsewhere])
        var harness = CommandHarness(environment: ["FEDICTL_TOKEN": token], now: { Self.now })
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
        let (result, state) = try await remote(server)
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
