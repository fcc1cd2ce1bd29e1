import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts` against the real GoToSocial: sign-ups from its web form, approval, the username
/// filter, suspension (which GoToSocial carries out in the background) and its journal entry.
@Suite(.realGoToSocial) struct RealGoToSocialAccountsTests {
    /// GoToSocial lists remote accounts and its instance actor with `approved: false`: only sign-ups are pending.
    @Test func pendingListsOnlySignUpsAndApprovingOneApprovesIt() async throws {
        let gts = try await GoToSocialServer.shared()
        let username = GoToSocialServer.uniqueName("applicant")
        let reason = "I run the local birdwatching club and would like to post sightings."
        let id = try await gts.signUpThroughWebForm(username, reason: reason)
        let admin = gts.adminSide

        let pending = await admin.run(["accounts", "list", "--pending", "--all", "--fields", "id,acct,status,reason"])
        #expect(pending.status == 0, "\(pending)")
        #expect(
            pending.stdout.contains("\(admin.account)\t\(id)\t@\(username)\tpending\t\(reason)"), "\(pending)")
        #expect(
            !admin.rows(pending.stdout).contains { $0.count > 1 && $0[1] == "@\(gts.base)" },
            "the instance actor is no sign-up: \(pending)")
        let all = await admin.run(["accounts", "list", "--all", "--fields", "acct,status"])
        #expect(all.stdout.contains("@\(gts.base)\tactive\n"), "the instance actor is listed as active: \(all)")

        let approve = await admin.run(["accounts", "approve", id, "--fields", "acct,status,approved"])
        #expect(approve.status == 0, "\(approve)")
        #expect(approve.stdout.contains("approved\tyes"), "\(approve)")
        // GoToSocial answers at once and approves in a background worker.
        try await gts.eventually("GoToSocial to approve @\(username)") {
            try await gts.adminAccount(username)["approved"] as? Bool == true
        }
        let after = await admin.run(["accounts", "list", "--pending", "--all", "--fields", "acct"])
        #expect(after.status == 0 && !after.stdout.contains("@\(username)\n"), "\(after)")
    }

    /// The queue shows a sign-up from the web form with its reason, and once approved no longer does.
    @Test func theQueueShowsASignUpUntilItIsApproved() async throws {
        let gts = try await GoToSocialServer.shared()
        let username = GoToSocialServer.uniqueName("queued")
        let reason = "I would like to share photos of the allotment \(username)."
        let id = try await gts.signUpThroughWebForm(username, reason: reason)
        func queued() async throws -> [[String: Any]] {
            let queue = await gts.adminSide.run(["queue", "--kind", "sign-up", "-o", "json"])
            #expect(queue.status == 0, "\(queue)")
            return try #require(try queue.json() as? [[String: Any]], "\(queue)")
        }
        let rows = try await queued()
        #expect(rows.allSatisfy { $0["kind"] as? String == "sign-up" }, "only sign-ups: \(rows)")
        let row = try #require(rows.first { $0["id"] as? String == id }, "the sign-up is not queued: \(rows)")
        #expect(row["from"] as? String == "@\(username)@\(gts.base)" && row["reason"] as? String == reason, "\(row)")

        #expect(await gts.adminSide.run(["accounts", "approve", id]).status == 0)
        try await gts.eventually("GoToSocial to approve @\(username)") {
            try await gts.adminAccount(username)["approved"] as? Bool == true
        }
        #expect(try await queued().contains { $0["id"] as? String == id } == false, "approved, still queued")
    }

    /// `accounts show` reads a sign-up as the server holds it; `reject --message` deletes it there.
    @Test func showThenRejectASignUpWithAMessage() async throws {
        let gts = try await GoToSocialServer.shared()
        let username = GoToSocialServer.uniqueName("rejectee")
        let id = try await gts.signUpThroughWebForm(username)
        let show = await gts.adminSide.run(["accounts", "show", id, "--fields", "acct,status,email"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout == "acct\t@\(username)\nstatus\tpending\nemail\t\(username)@example.org\n", "\(show)")

        let reject = await gts.adminSide.run(["accounts", "reject", id, "--message", "Not a fit, sorry.", "--yes"])
        #expect(reject.status == 0, "\(reject)")
        // GoToSocial deletes a rejected sign-up (in the background).
        try await gts.eventually("GoToSocial to delete the rejected @\(username)") {
            try await gts.http.request(.get, "/api/v1/admin/accounts/\(id)", token: gts.admin.token).status == 404
        }
        let again = await gts.adminSide.run(["accounts", "show", id])
        #expect(again.status == 66, "\(again)")
    }

    /// `--ip` against the address GoToSocial shows. It shows a sign-up's address only while the sign-up
    /// waits (a background worker clears it after approval, late on a busy machine), so a pending one is
    /// the account whose address is known: a range without it selects nothing, one with it rejects it.
    @Test func anAddressRangeSelectsASignUpByTheAddressItCameFrom() async throws {
        let gts = try await GoToSocialServer.shared()
        let username = GoToSocialServer.uniqueName("fromaddress")
        let id = try await gts.signUpThroughWebForm(username)
        #expect(try await gts.adminAccount(username)["ip"] as? String == "127.0.0.1")
        func listed(_ range: String) async -> Bool {
            let list = await gts.adminSide.run([
                "accounts", "list", "--pending", "--all", "--ip", range, "--fields", "acct",
            ])
            #expect(list.status == 0, "\(list)")
            return list.stdout.contains("@\(username)\n")
        }
        #expect(await listed("127.0.0.0/8"))
        #expect(await listed("10.0.0.0/8") == false)

        let reject = ["accounts", "reject", "--match", "^\(username)$", "--yes", "--ip"]
        let outside = await gts.adminSide.run(reject + ["192.0.2.0/24"])
        #expect(outside.status == 0 && outside.stderr.contains("matches the selection"), "\(outside)")
        #expect(try await gts.adminAccount(username)["approved"] as? Bool == false)
        let inside = await gts.adminSide.run(reject + ["127.0.0.1"])
        #expect(inside.status == 0 && inside.stderr.contains("rejected 1 of 1"), "\(inside)")
        try await gts.eventually("GoToSocial to delete the rejected @\(username)") {
            try await gts.http.request(.get, "/api/v1/admin/accounts/\(id)", token: gts.admin.token).status == 404
        }
    }

    /// GoToSocial's `username` filter is an exact match; the help says "containing".
    @Test func usernameMatchesAPartOfTheName() async throws {
        let gts = try await GoToSocialServer.shared()
        let (username, id) = try await gts.makeUser("partial")
        let part = String(username.dropFirst(3).prefix(8))
        let admin = gts.adminSide
        let result = await admin.run(["accounts", "list", "--username", part, "--fields", "id,acct"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == admin.listed("\(id)\t@\(username)\n"), "\(result)")
        let exact = await admin.run(["accounts", "list", "--username", "alice", "--fields", "acct"])
        #expect(exact.stdout == admin.listed("@alice\n"), "\(exact)")
    }

    /// Suspension runs in the background on GoToSocial: the command waits for it (bounded) or says it
    /// is under way, never shows the account as simply active. The journal offers no undo GoToSocial
    /// cannot run (it has no unsuspend).
    @Test func suspendWaitsForTheSuspensionAndOffersNoUndoGoToSocialLacks() async throws {
        let gts = try await GoToSocialServer.shared()
        let (username, id) = try await gts.makeUser("suspendee")
        let (journal, state) = try SeededJournal.make("gts-suspend", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(gts.http, gts.admin, journal: journal)

        let result = await admin.run([
            "accounts", "action", id, "--type", "suspend", "--yes",
            "--fields", "acct,status",
        ])
        #expect(result.status == 0, "\(result)")
        let shownSuspended = result.stdout == "acct\t@\(username)\nstatus\tsuspended\n"
        let saidUnderWay = result.stderr.contains("the suspension is under way")
        #expect(shownSuspended || saidUnderWay, "\(result)")
        #expect(!result.stdout.contains("status\tactive") || saidUnderWay, "\(result)")
        try await gts.eventually("GoToSocial to suspend @\(username)") {
            try await gts.adminAccount(username)["suspended"] as? Bool == true
        }

        let entry = try #require(try journal.readNow().entries.first { $0.verb == "accounts action" })
        #expect(entry.software == "gotosocial", "\(entry)")
        #expect(entry.undo == nil, "GoToSocial cannot unsuspend: \(entry)")
        #expect(entry.noUndo?.hasSuffix("cannot run `accounts unsuspend`") == true, "\(entry)")
        #expect(
            entry.before?.hasPrefix("suspended: no;") == true && entry.after?.hasPrefix("suspended: yes;") == true,
            "\(entry)")
        let unsuspend = await admin.run(["accounts", "unsuspend", id])
        #expect(unsuspend.status == 69, "\(unsuspend)")
    }
}
