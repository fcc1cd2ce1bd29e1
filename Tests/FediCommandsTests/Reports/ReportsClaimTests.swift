import FediCore
import FediTestSupport
import Foundation
import Testing

/// Claims: a report assigned to another moderator (Mastodon keeps assignees) is theirs. Resolving
/// it or answering it with an account action names them and needs `--take-over` (or a yes on a terminal); the journal
/// keeps the assignee before and after (issue 44, item 4).
@Suite struct ReportsClaimTests {
    static func report(_ id: String, assignee: String? = nil, resolved: Bool = false) -> String {
        JournalModerationTests.report(id, resolved: resolved, assignee: assignee)
    }

    @Test func resolvingAnotherModeratorsReportIsRefusedNamingThem() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: "ann"))
        let result = await server.run(["reports", "resolve", "5", "--yes"])
        #expect(result.status == 79, "\(result)")
        #expect(
            result.stderr
                == "fedictl: report 5 on fake.test is assigned to @ann@fake.test\n"
                + "hint: pass --take-over to act on it anyway (it becomes yours), or leave it to them\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/reports/5"], "nothing sent")
    }

    @Test func takingOverAssignsItFirstAndTheJournalKeepsBothAssignees() async throws {
        let (journal, state) = try JournalUndoTests.journal("claim")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: "ann"))
        server.transport.stub(
            .post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report("5", assignee: "admin"))
        server.transport.stub(
            .post, "/api/v1/admin/reports/5/resolve", json: Self.report("5", assignee: "admin", resolved: true))
        let result = await server.run(["reports", "resolve", "5", "--take-over"], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/reports/5", "POST /api/v1/admin/reports/5/assign_to_self",
                "POST /api/v1/admin/reports/5/resolve",
            ])
        let entries = try journal.readNow().entries
        #expect(
            entries.map(\.before) == [
                "state: open; assigned_to: @ann@fake.test", "state: open; assigned_to: @admin@fake.test",
            ], "\(entries)")
        #expect(
            entries.map(\.after) == [
                "state: open; assigned_to: @admin@fake.test", "state: resolved; assigned_to: @admin@fake.test",
            ], "\(entries)")
        #expect(entries[0].undo == nil && entries[0].noUndo?.contains("ask @ann@fake.test to take it back") == true)
        #expect(entries[1].undo == "fedictl --account admin@fake.test reports reopen 5 --yes", "\(entries)")
    }

    @Test func onATerminalAYesTakesItOverAndANoSendsNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: "ann"))
        let declined = await server.run(["reports", "resolve", "5", "--yes"], tty: true, input: "n\n")
        #expect(declined.status != 0, "\(declined)")
        #expect(declined.stderr.contains("Report 5 is assigned to @ann@fake.test. Take it over? [y/N]"), "\(declined)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/reports/5"], "nothing sent")

        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: "ann"))
        server.transport.stub(
            .post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report("5", assignee: "admin"))
        server.transport.stub(
            .post, "/api/v1/admin/reports/5/resolve", json: Self.report("5", assignee: "admin", resolved: true))
        let taken = await server.run(["reports", "resolve", "5"], tty: true, input: "y\n")
        #expect(taken.status == 0, "\(taken)")
        #expect(
            server.transport.requests.suffix(2).map(\.route) == [
                "POST /api/v1/admin/reports/5/assign_to_self", "POST /api/v1/admin/reports/5/resolve",
            ])
    }

    @Test func myOwnOrNobodysReportIsResolvedWithoutAQuestion() async throws {
        for assignee in ["admin", nil] {
            let server = FakeServerAccount()
            server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: assignee))
            server.transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: Self.report("5", resolved: true))
            let result = await server.run(["reports", "resolve", "5"])
            #expect(result.status == 0, "\(assignee ?? "none"): \(result)")
        }
    }

    @Test func anAccountActionAnsweringAnotherModeratorsReportIsRefused() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: "ann"))
        let result = await server.run(["accounts", "action", "9", "--type", "silence", "--report", "5", "--yes"])
        #expect(result.status == 79, "\(result)")
        #expect(server.transport.requests.filter { $0.method == .post }.isEmpty, "nothing sent: \(result)")
    }

    /// Two open reports about @spammer@bad.example: 5 held by ann, 6 by no one.
    static func annHoldsFiveOfTwo() -> FakeServerAccount {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/reports", json: "[\(Self.report("5", assignee: "ann")), \(Self.report("6"))]")
        return server
    }

    @Test func aWaveLeavesAnotherModeratorsReportsAndNamesThem() async throws {
        let server = Self.annHoldsFiveOfTwo()
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: Self.report("6", resolved: true))
        let result = await server.run(["reports", "resolve", "--domain", "bad.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "1 report assigned to other moderators left on fake.test: 5 (@ann@fake.test) (pass --take-over to act on them too)"
            ),
            "\(result)")
        #expect(
            server.transport.requests.filter { $0.method == .post }.map(\.url.path) == [
                "/api/v1/admin/reports/6/resolve"
            ])
    }

    @Test func aWaveWithTakeOverAssignsTheHeldOnesFirst() async throws {
        let server = Self.annHoldsFiveOfTwo()
        server.transport.stub(
            .post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report("5", assignee: "admin"))
        server.transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: Self.report("5", resolved: true))
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: Self.report("6", resolved: true))
        let result = await server.run([
            "reports", "resolve", "--domain", "bad.example", "--take-over", "--yes", "--concurrency", "1",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.filter { $0.method == .post }.map(\.url.path) == [
                "/api/v1/admin/reports/5/assign_to_self", "/api/v1/admin/reports/5/resolve",
                "/api/v1/admin/reports/6/resolve",
            ])
    }

    @Test func aTargetSweepLeavesAnotherModeratorsReports() async throws {
        let server = Self.annHoldsFiveOfTwo()
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: Self.report("6", resolved: true))
        let result = await server.run(["reports", "resolve", "--target", "@spammer@bad.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("5 (@ann@fake.test)"), "\(result)")
        #expect(
            server.transport.requests.filter { $0.method == .post }.map(\.url.path) == [
                "/api/v1/admin/reports/6/resolve"
            ])
    }
}
