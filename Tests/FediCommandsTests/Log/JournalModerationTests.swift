import FediCore
import FediTestSupport
import Foundation
import Testing

/// Accounts, reports, sign-ups and groups in the journal: before and after, and their exact undo.
@Suite struct JournalModerationTests {
    static func account(_ id: String = "9", suspended: Bool = false, silenced: Bool = false) -> String {
        #"{"id": "\#(id)", "username": "spammer", "domain": "bad.example", "email": "s@bad.example", "#
            + #""suspended": \#(suspended), "silenced": \#(silenced), "disabled": false, "sensitized": false, "#
            + #""account": {"id": "\#(id)", "username": "spammer", "acct": "spammer@bad.example"}}"#
    }

    static func report(_ id: String = "5", resolved: Bool = false, assignee: String? = nil) -> String {
        let assigned =
            assignee.map {
                #", "assigned_account": {"id": "1", "username": "\#($0)", "acct": "\#($0)"}"#
            } ?? ""
        return #"{"id": "\#(id)", "action_taken": \#(resolved), "category": "spam", "#
            + #""target_account": {"id": "9", "username": "spammer", "domain": "bad.example", "#
            + #""account": {"id": "9", "username": "spammer", "acct": "spammer@bad.example"}}\#(assigned)}"#
    }

    @Test func aSuspensionWithAReportKeepsBothStatesAndUndoesEach() async throws {
        let (journal, state) = try JournalUndoTests.journal("action")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(silenced: true))
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report())
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: true, silenced: true))
        let result = await server.run(
            ["accounts", "action", "9", "--type", "suspend", "--report", "5", "--yes"],
            journal: journal)
        #expect(result.status == 0, "\(result)")
        let entries = try journal.readNow().entries
        #expect(entries.count == 2, "\(entries)")
        let account = try #require(entries.first { $0.subject == "account" })
        #expect(account.target == "@spammer@bad.example" && account.subjectID == "9", "\(account)")
        #expect(account.before == "suspended: no; silenced: yes; disabled: no; sensitized: no", "\(account)")
        #expect(account.after == "suspended: yes; silenced: yes; disabled: no; sensitized: no", "\(account)")
        // Lifting the suspension alone leaves the silence it had before.
        #expect(account.undo == "fedictl --account admin@fake.test accounts unsuspend 9 --yes", "\(account)")
        let report = try #require(entries.first { $0.subject == "report" })
        #expect(report.target == "report 5 (@spammer@bad.example)", "\(report)")
        #expect(report.before == "state: open; assigned_to: none", "\(report)")
        #expect(report.after == "state: resolved; assigned_to: none", "\(report)")
        #expect(report.undo == "fedictl --account admin@fake.test reports reopen 5 --yes", "\(report)")
        #expect(report.request == "POST /api/v1/admin/accounts/9/action", "one request, both entries")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aWarningAndAGoToSocialSuspensionSayWhyThereIsNoUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("action-none")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account())
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account())
        #expect(await server.run(["accounts", "action", "9", "--type", "none"], journal: journal).status == 0)
        let warned = try #require(try journal.readNow().entries.last)
        #expect(warned.undo == nil, "\(warned)")
        #expect(warned.noUndo?.hasPrefix("the account's state did not change") == true, "\(warned)")

        let gts = FakeServerAccount(software: "gotosocial", version: "0.20.0")
        let ulid = "01JH6A8C0E2G4J6M8P0R2T4W6Y"
        let path = "/api/v1/admin/accounts/01JH6A8C0E2G4J6M8P0R2T4W6Y"
        gts.transport.stub(.get, path, json: Self.account(ulid))
        gts.transport.stub(.post, path + "/action", json: "{}")
        gts.transport.stub(.get, path, json: Self.account(ulid, suspended: true))
        let suspend = await gts.run(["accounts", "action", ulid, "--type", "suspend", "--yes"], journal: journal)
        #expect(suspend.status == 0, "\(suspend)")
        let suspended = try #require(try journal.readNow().entries.last)
        #expect(suspended.after?.hasPrefix("suspended: yes") == true && suspended.undo == nil, "\(suspended)")
        #expect(suspended.noUndo == "GoToSocial 0.20.0 cannot run `accounts unsuspend`", "\(suspended)")
    }

    /// `reports resolve`, then `log undo` of it: the report is read (still resolved: not stale), then reopened.
    @Test func logUndoOfAResolveReopensTheReport() async throws {
        let (journal, state) = try JournalUndoTests.journal("resolve")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report())
        server.transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: Self.report(resolved: true))
        #expect(await server.run(["reports", "resolve", "5", "--reason", "dup of #4"], journal: journal).status == 0)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.before == "state: open; assigned_to: none" && entry.after == "state: resolved; assigned_to: none")
        #expect(entry.reason == "dup of #4" && entry.undoArguments?.contains("reopen") == true, "\(entry)")

        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report(resolved: true))
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report(resolved: true))
        server.transport.stub(.post, "/api/v1/admin/reports/5/reopen", json: Self.report())
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(undo.stderr.contains("fedictl --account admin@fake.test reports reopen 5 --yes"), "\(undo)")
        #expect(server.transport.requests.last?.route == "POST /api/v1/admin/reports/5/reopen")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        let reopen = try #require(try journal.readNow().entries.last)
        #expect(reopen.undoes == entry.id && reopen.after == "state: open; assigned_to: none", "\(reopen)")
        #expect(reopen.undo == "fedictl --account admin@fake.test reports resolve 5 --yes", "\(reopen)")

        // Reopened since by someone else: undoing the reopen's undo again is stale.
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report())
        let stale = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(stale.status == 79 && stale.stderr.contains("it is now state: open"), "\(stale)")
    }

    /// `reports resolve --target … --action`: the action and each resolve are journaled with what
    /// they changed and their undo, as over `--domain` (before: no undo, and `log undo` exit 69).
    @Test func aTargetedActionAndItsResolvesEachHaveAnUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("target-action")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report("5")), \(Self.report("6"))]")
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(silenced: true))
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        // Read back as a wave reads each report: 6 is still open.
        server.transport.stub(.get, "/api/v1/admin/reports/6", json: Self.report("6"))
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: Self.report("6", resolved: true))
        let result = await server.run(
            ["reports", "resolve", "--target", "@spammer@bad.example", "--action", "suspend", "--yes"],
            journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        let entries = try journal.readNow().entries
        #expect(entries.count == 3, "\(entries)")
        let account = try #require(entries.first { $0.subject == "account" })
        #expect(account.before == "suspended: no; silenced: yes; disabled: no; sensitized: no", "\(account)")
        #expect(account.undo == "fedictl --account admin@fake.test accounts unsuspend 9 --yes", "\(account)")
        let reports = entries.filter { $0.subject == "report" }
        #expect(
            reports.map(\.undo) == [
                "fedictl --account admin@fake.test reports reopen 5 --yes",
                "fedictl --account admin@fake.test reports reopen 6 --yes",
            ], "\(reports)")
        #expect(entries.allSatisfy { $0.outcome == .ok && ($0.undo != nil || $0.noUndo != nil) }, "\(entries)")

        // The suspension is undone as a --domain wave's is: read back (still suspended), then lifted.
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: true, silenced: true))
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: true, silenced: true))
        server.transport.stub(.post, "/api/v1/admin/accounts/9/unsuspend", json: Self.account(silenced: true))
        let undo = await server.run(["log", "undo", account.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(server.transport.requests.last?.route == "POST /api/v1/admin/accounts/9/unsuspend", "\(undo)")
    }

    @Test func anAssignmentTakenFromSomeoneElseCannotBeGivenBack() async throws {
        let (journal, state) = try JournalUndoTests.journal("assign")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report(assignee: "bob"))
        server.transport.stub(.post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report(assignee: "admin"))
        #expect(await server.run(["reports", "assign", "5"], journal: journal).status == 0)
        let taken = try #require(try journal.readNow().entries.last)
        #expect(taken.before == "state: open; assigned_to: @bob@fake.test", "\(taken)")
        #expect(taken.after == "state: open; assigned_to: @admin@fake.test", "\(taken)")
        #expect(taken.undo == nil && taken.noUndo?.contains("assigned to @bob@fake.test") == true, "\(taken)")

        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report(assignee: "admin"))
        server.transport.stub(.post, "/api/v1/admin/reports/5/unassign", json: Self.report())
        #expect(await server.run(["reports", "unassign", "5"], journal: journal).status == 0)
        let mine = try #require(try journal.readNow().entries.last)
        #expect(mine.undo == "fedictl --account admin@fake.test reports assign 5 --yes", "\(mine)")

        server.transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report())
        server.transport.stub(.post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report(assignee: "admin"))
        #expect(await server.run(["reports", "assign", "5"], journal: journal).status == 0)
        let free = try #require(try journal.readNow().entries.last)
        #expect(free.undo == "fedictl --account admin@fake.test reports unassign 5 --yes", "\(free)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aRejectedSignUpKeepsWhoItWasAndSaysWhyThereIsNoUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("reject")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        let pending =
            #"{"id": "12", "username": "newbie", "domain": null, "email": "n@mail.example", "#
            + #""approved": false, "invite_request": "I like \"birds\"", "#
            + #""account": {"id": "12", "username": "newbie", "acct": "newbie"}}"#
        server.transport.stub(.get, "/api/v1/admin/accounts/12", json: pending)
        server.transport.stub(.post, "/api/v1/admin/accounts/12/reject", json: pending)
        #expect(await server.run(["accounts", "reject", "12", "--yes"], journal: journal).status == 0)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.subject == "sign-up" && entry.target == "@newbie@fake.test", "\(entry)")
        #expect(entry.before == #"state: pending; email: "n@mail.example"; reason: "I like \"birds\"""#, "\(entry)")
        #expect(entry.after == "none" && entry.undo == nil, "\(entry)")
        #expect(entry.noUndo == "a rejected sign-up is deleted by the server: it cannot be brought back", "\(entry)")
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 69 && undo.stderr.contains("cannot be brought back"), "\(undo)")
    }
}
