import FediCore
import FediTestSupport
import Foundation
import Testing

/// Accounts, reports and groups in the journal over libcurl against mastodon_mock: each entry's
/// before and after, and `log undo` putting the server's state back.
struct JournalModerationUndoTests {
    @Test func aSuspensionWithItsReportIsUndoneByUnsuspendingAndReopening() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-undo-action", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let reportID = try await FleetWatchTests.fileReport(on: server)
        let alice = try await TriageScene.accountID("alice", on: server)
        let suspend = await admin.run(["accounts", "action", alice, "--type", "suspend", "--report", reportID, "--yes"])
        #expect(suspend.status == 0, "\(suspend)")
        let suspended = try await Self.account(alice, on: server)
        #expect(suspended["suspended"] as? Bool == true)
        #expect(try await Self.report(reportID, on: server)["action_taken"] as? Bool == true)

        let entries = try journal.readNow().entries
        let account = try #require(entries.first { $0.subject == "account" })
        #expect(
            account.target == "@alice@\(server.base)" && account.before?.hasPrefix("suspended: no") == true,
            "\(account)")
        #expect(account.after?.hasPrefix("suspended: yes") == true, "\(account)")
        let report = try #require(entries.first { $0.subject == "report" })
        #expect(
            report.before?.hasPrefix("state: open") == true && report.after?.hasPrefix("state: resolved") == true,
            "\(report)")

        let undo = await admin.run(["log", "undo", account.id, report.id, "--yes"])
        #expect(undo.status == 0, "\(undo)")
        #expect(try await Self.account(alice, on: server)["suspended"] as? Bool == false)
        #expect(try await Self.report(reportID, on: server)["action_taken"] as? Bool == false)
        let undos = try journal.readNow().entries.filter { $0.undoes != nil }
        #expect(Set(undos.compactMap(\.undoes)) == [account.id, report.id], "\(undos)")
    }

    @Test func logUndoOfAResolveReopensTheReportAndAStaleOneIsRefused() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-undo-resolve", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let reportID = try await FleetWatchTests.fileReport(on: server)
        #expect(await admin.run(["reports", "resolve", reportID]).status == 0)
        #expect(try await Self.report(reportID, on: server)["action_taken"] as? Bool == true)
        let resolve = try #require(try journal.readNow().entries.last)
        #expect(resolve.target == "report \(reportID) (@alice@\(server.base))", "\(resolve)")
        #expect(resolve.undo?.hasSuffix("reports reopen \(reportID) --yes") == true, "\(resolve)")

        let undo = await admin.run(["log", "undo", resolve.id, "--yes"])
        #expect(undo.status == 0, "\(undo)")
        #expect(try await Self.report(reportID, on: server)["action_taken"] as? Bool == false)
        // It is open now, no longer as the resolve left it: undoing the resolve again is stale.
        let stale = await admin.run(["log", "undo", resolve.id, "--yes"])
        #expect(stale.status == 79, "\(stale)")
        #expect(try await Self.report(reportID, on: server)["action_taken"] as? Bool == false)
    }

    static func account(_ id: String, on server: ServerProcess) async throws -> [String: Any] {
        try TriageScene.object(
            try await server.json(.get, "/api/v1/admin/accounts/\(id)", token: MockServer.admin.token))
    }

    static func report(_ id: String, on server: ServerProcess) async throws -> [String: Any] {
        try TriageScene.object(
            try await server.json(.get, "/api/v1/admin/reports/\(id)", token: MockServer.admin.token))
    }
}

/// A whole run undone: every entry of one invocation carries its run, and `log undo --run` puts
/// each change back, newest first; a subject changed since stops it (79) unless `--force`.
struct JournalRunUndoTests {
    @Test func aResolvedWaveIsUndoneAsARunAndAStaleOneIsRefusedFirst() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-undo-run", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let first = try await FleetWatchTests.fileReport(on: server)
        let second = try await FleetWatchTests.fileReport(on: server)
        let wave = await admin.run(["reports", "resolve", "--since", "1h", "--yes"])
        #expect(wave.status == 0, "\(wave)")
        let entries = try journal.readNow().entries.filter { $0.outcome == .ok }
        let runs = Set(entries.compactMap(\.run))
        #expect(entries.count == 2 && runs.count == 1, "\(entries)")
        let run = try #require(runs.first)

        let listed = await admin.run(["log", "--run", String(run.prefix(6)), "--fields", "target", "-o", "csv"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("report \(first) ") && listed.stdout.contains("report \(second) "), "\(listed)")

        // Someone reopens one: the run's undo is stale, and nothing is sent.
        _ = try await server.json(.post, "/api/v1/admin/reports/\(first)/reopen", token: MockServer.admin.token)
        let stale = await admin.run(["log", "undo", "--run", run, "--yes"])
        #expect(stale.status == 79, "\(stale)")
        #expect(try await JournalModerationUndoTests.report(second, on: server)["action_taken"] as? Bool == true)

        let forced = await admin.run(["log", "undo", "--run", run, "--force", "--yes"])
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stderr.contains("undid the 2 changes of run \(run) on 1 server"), "\(forced)")
        #expect(try await JournalModerationUndoTests.report(second, on: server)["action_taken"] as? Bool == false)
        // The undos are one run of their own, each naming the entry it undid.
        let undos = try journal.readNow().entries.filter { $0.undoes != nil && $0.outcome == .ok }
        #expect(Set(undos.compactMap(\.run)).count == 1 && !undos.contains { $0.run == run }, "\(undos)")
    }
}
