import FediCore
import FediTestSupport
import Foundation
import Testing

/// `log` (`log list`) in the fast tier: filters, order and formats over a journal with known
/// entries, and `--remote` over a fake server's own moderation log.
@Suite struct LogListTests {
    static let all = ["aaaa00000001", "aaaa00000002", "bbbb00000003", "cccc00000004"]

    /// Runs `log` over the four seeded entries.
    static func run(_ arguments: [String], tty: Bool = false) async throws -> CommandResult {
        let (journal, state) = try SeededJournal.make("log-list", SeededJournal.four)
        defer { try? FileManager.default.removeItem(at: state) }
        return await SeededJournal.run(journal, ["log"] + arguments, tty: tty)
    }

    @Test(arguments: [
        ([], all),
        (["--since", "2d"], Array(all[1...])),
        (["--until", "1d"], Array(all[..<2])),
        (["--since", "2026-11-22", "--until", "2026-11-23T11:00:00Z"], ["aaaa00000002", "bbbb00000003"]),
        (["--account", "a@one.example"], Array(all[..<2])),
        (["--server", "two.example"], Array(all[2...])),
        (["--verb", "domain-blocks"], ["aaaa00000001", "bbbb00000003"]),
        (["--verb", "domain-blocks add"], ["aaaa00000001"]),
        (["--verb", "domain"], []),
        (["--target", "SPAM"], ["aaaa00000001", "bbbb00000003"]),
        (["--failed"], ["aaaa00000002"]),
        (["--limit", "2"], Array(all[2...])),
    ])
    func filtersKeepWhatTheySay(_ filters: [String], _ ids: [String]) async throws {
        let result = try await Self.run(["--fields", "id"] + filters)
        #expect(result.status == 0, "\(filters): \(result)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == ids, "\(filters): \(result)")
    }

    @Test func aTimeThatIsNeitherALengthNorADateIsAUsageError() async throws {
        let result = try await Self.run(["--since", "yesterday"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr == """
                fedictl: --since 'yesterday' is neither a length of time nor a date
                hint: use 30m, 12h, 2d, 1w, or a date such as 2026-11-01 or 2026-11-01T12:00:00Z

                """, "\(result)")
    }

    @Test func aTerminalTableIsNewestFirst() async throws {
        let result = try await Self.run([], tty: true)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.contains("ID            TIME") == true, "\(result.stdout)")
        #expect(lines.dropFirst().map { String($0.prefix(12)) } == Self.all.reversed(), "\(result.stdout)")
        #expect(result.stdout.contains("error 403 permission"), "\(result.stdout)")
    }

    @Test func jsonIsOldestFirstWithEveryField() async throws {
        let json = try #require(try await Self.run(["-o", "json"]).json() as? [[String: Any]])
        #expect(json.map { $0["id"] as? String } == Self.all)
        #expect(json[1]["http_status"] as? Int == 403 && json[1]["error_kind"] as? String == "permission")
        #expect(json[0]["time"] as? String == "2026-11-18T12:00:00Z" && json[0]["source"] as? String == "local")
    }

    @Test func ndjsonStreamsOneLinePerEntry() async throws {
        let result = try await Self.run(["-o", "ndjson", "--failed"])
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result)")
        #expect(result.stdout.contains(#""id":"aaaa00000002""#), "\(result)")
    }

    @Test func csvHasAHeaderAndTheFieldsAskedFor() async throws {
        let result = try await Self.run(["-o", "csv", "--fields", "id,verb,outcome", "--failed"])
        #expect(
            result.stdout == "id,verb,outcome\r\naaaa00000002,accounts action,error 403 permission\r\n", "\(result)")
    }

    @Test func noMatchOnATerminalSaysSo() async throws {
        let result = try await Self.run(["--server", "nowhere.example"], tty: true)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "No journal entries match.\n", "\(result)")
    }

    @Test func remoteMergesPleromasModerationLogWithThisServersEntries() async throws {
        let here = SeededJournal.entry(
            "dddd00000005", hoursAgo: 1, account: "admin@fake.test", verb: "accounts action", target: "9spam")
        let (journal, state) = try SeededJournal.make("log-remote", [here, SeededJournal.four[0]])
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount(software: "pleroma", version: "2.7.0")
        try server.transport.stub(
            .get, "/api/v1/pleroma/admin/moderation_log?page=1&page_size=100",
            fixture: "pleroma/admin-moderation-log.json")
        let result = await server.run(["log", "--remote", "-o", "json"], journal: journal)
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["source"] as? String } == ["remote", "remote", "remote", "local"], "\(rows)")
        #expect(
            rows.map { $0["verb"] as? String } == ["relay_follow", "report_update", "deactivate", "accounts action"])
        #expect(rows[2]["message"] as? String == "@admin deactivated users: @spammer", "\(rows)")
        #expect(rows.allSatisfy { $0["server"] as? String == "fake.test" }, "\(rows)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func remoteOnMastodonSaysThereIsNoneAndShowsTheLocalEntries() async throws {
        let here = SeededJournal.entry(
            "dddd00000005", hoursAgo: 1, account: "admin@fake.test", verb: "accounts action", target: "9spam")
        let (journal, state) = try SeededJournal.make("log-remote-none", [here, SeededJournal.four[0]])
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        let result = await server.run(["log", "--remote", "--fields", "id,source"], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "dddd00000005\tlocal\n", "\(result)")
        #expect(
            result.stderr
                == "fake.test runs Mastodon 4.3.0, which has no API for its moderation log; "
                + "showing fedictl's own entries only.\n", "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
