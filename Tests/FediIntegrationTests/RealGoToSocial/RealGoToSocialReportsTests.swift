import FediCore
import FediTestSupport
import Foundation
import Testing

/// Reports on the real GoToSocial: alice files them, the admin triages them.
@Suite(.realGoToSocial) struct RealGoToSocialReportsTests {
    /// The admin's view of the report whose comment is `comment`.
    static func report(_ gts: GoToSocialServer, comment: String, resolved: Bool = false) async throws -> [String: Any] {
        let answer = try await gts.get("/api/v1/admin/reports?resolved=\(resolved)&limit=100")
        let reports = try #require(answer as? [[String: Any]])
        return try #require(reports.first { $0["comment"] as? String == comment }, "no report '\(comment)'")
    }

    /// GoToSocial keeps no report categories: fedictl says the server stored 'other'.
    @Test func aliceReportsBobAndTheAdminSeesItInTheQueue() async throws {
        let gts = try await GoToSocialServer.shared()
        let comment = "spam links \(UUID().uuidString)"
        let filed = await gts.aliceSide.run([
            "reports", "file", "@bob", "--category", "spam", "--comment", comment,
            "-o", "json",
        ])
        #expect(filed.status == 0, "\(filed)")
        #expect(filed.stderr.contains("stored the report's category as 'other', not 'spam'"), "\(filed)")
        let report = try await Self.report(gts, comment: comment)
        let id = try #require(report["id"] as? String)
        #expect((report["target_account"] as? [String: Any])?["username"] as? String == "bob")

        let list = await gts.adminSide.run(["reports", "list", "--all", "--fields", "id,target"])
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("\(id)\t"), "\(list)")
        let show = await gts.adminSide.run(["reports", "show", id, "-o", "json"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains(comment), "\(show)")
        let queue = await gts.adminSide.run(["queue", "-o", "json"])
        #expect(queue.status == 0, "\(queue)")
        #expect(queue.stdout.contains(id), "\(queue)")

        let resolve = await gts.adminSide.run(["reports", "resolve", id, "--comment", "Thanks, we talked to bob."])
        #expect(resolve.status == 0, "\(resolve)")
        let resolved = try await Self.report(gts, comment: comment, resolved: true)
        #expect(resolved["action_taken"] as? Bool == true)
        #expect(resolved["action_taken_comment"] as? String == "Thanks, we talked to bob.")
    }

    /// `--target --action suspend --comment`: the comment reaches the report the action resolves.
    @Test func resolvingByTargetWithSuspendKeepsTheComment() async throws {
        let gts = try await GoToSocialServer.shared()
        let (username, _) = try await gts.makeUser("spammer")
        let comment = "buy watches \(UUID().uuidString)"
        let filed = await gts.aliceSide.run(["reports", "file", "@\(username)", "--comment", comment])
        #expect(filed.status == 0, "\(filed)")
        let resolve = await gts.adminSide.run([
            "reports", "resolve", "--target", "@\(username)", "--action", "suspend",
            "--comment", "Suspended for spam.", "--yes",
        ])
        #expect(resolve.status == 0, "\(resolve)")
        let resolved = try await Self.report(gts, comment: comment, resolved: true)
        #expect(resolved["action_taken_comment"] as? String == "Suspended for spam.", "\(resolved)")
        try await gts.eventually("GoToSocial to suspend @\(username)") {
            try await gts.adminAccount(username)["suspended"] as? Bool == true
        }
    }

    /// A selector over GoToSocial's open reports: both about one account resolved with the comment,
    /// a re-run finds none; the account is suspended by a handle on stdin.
    @Test func reportsBySelectorAreResolvedOnceAndTheAccountSuspendedFromStdin() async throws {
        let gts = try await GoToSocialServer.shared()
        let (username, _) = try await gts.makeUser("wave")
        let comments = (1...2).map { "wave \($0) \(UUID().uuidString)" }
        for comment in comments {
            let filed = await gts.aliceSide.run(["reports", "file", "@\(username)", "--comment", comment])
            #expect(filed.status == 0, "\(filed)")
        }
        let selector = ["reports", "resolve", "--match", "^\(username)$", "--comment", "Spam wave.", "--yes"]
        let resolve = await gts.adminSide.run(selector)
        #expect(resolve.status == 0, "\(resolve)")
        #expect(resolve.stderr.contains("resolved 2 of 2 reports"), "\(resolve)")
        for comment in comments {
            let resolved = try await Self.report(gts, comment: comment, resolved: true)
            #expect(resolved["action_taken_comment"] as? String == "Spam wave.", "\(resolved)")
        }
        let again = await gts.adminSide.run(selector)
        #expect(again.status == 0 && again.stderr.contains("no report matches the selection"), "\(again)")

        let suspend = await gts.adminSide.run(
            ["accounts", "action", "-", "--type", "suspend", "--yes"],
            input: "@\(username)\n")
        #expect(suspend.status == 0, "\(suspend)")
        #expect(suspend.stderr.contains("suspended 1 of 1 account"), "\(suspend)")
        try await gts.eventually("GoToSocial to suspend @\(username)") {
            try await gts.adminAccount(username)["suspended"] as? Bool == true
        }
    }
}
