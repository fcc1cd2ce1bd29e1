import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports resolve --target ACCOUNT [--action TYPE]` in the fast tier.
@Suite struct ReportsResolveTargetTests {
    static func report(_ id: String, about acct: String, targetID: String, at time: String) -> String {
        #"""
        {"id": "\#(id)", "action_taken": false, "category": "spam", "created_at": "\#(time)", "statuses": [],
         "target_account": {"id": "\#(targetID)", "username": "x", "account": {"id": "\#(targetID)", "username": "x", "acct": "\#(acct)"}}}
        """#
    }
    static let five = report("5", about: "bot@spam.example", targetID: "9", at: "2026-11-20T10:00:00Z")
    static let six = report("6", about: "Bot@Spam.example", targetID: "9", at: "2026-11-21T10:00:00Z")
    static let other = report("7", about: "ann", targetID: "2", at: "2026-11-19T10:00:00Z")

    @Test func actsOnceWithTheOldestReportAttachedThenResolvesWhatIsStillOpen() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.six), \(Self.other), \(Self.five)]")
        // The reports do not carry its flags: read first (not suspended yet).
        server.transport.stub(
            .get, "/api/v1/admin/accounts/9",
            json: #"{"id": "9", "username": "bot", "domain": "spam.example", "suspended": false, "#
                + #""account": {"id": "9", "username": "bot", "acct": "bot@spam.example"}}"#)
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        // Read back: the action resolved 5 (attached); 6 is still open.
        server.transport.stub(.get, "/api/v1/admin/reports/6", json: Self.six)
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: Self.six)
        let result = await server.run([
            "reports", "resolve", "--target", "@bot@spam.example", "--action", "suspend", "--text", "spam", "--yes",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/reports", "GET /api/v1/admin/accounts/9",
                "POST /api/v1/admin/accounts/9/action", "GET /api/v1/admin/reports/6",
                "POST /api/v1/admin/reports/6/resolve",
            ])
        let action = try #require(server.transport.requests[2].jsonBody)
        #expect(
            action["type"] as? String == "suspend" && action["report_id"] as? String == "5"
                && action["text"] as? String == "spam", "\(action)")
        #expect(result.stderr == "suspend @bot@spam.example; resolved 2 reports: 5, 6\n", "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutAnActionEachReportIsResolvedAndADryRunSendsNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.five), \(Self.other)]")
        let plan = await server.run(["reports", "resolve", "--target", "bot@spam.example", "--dry-run"])
        #expect(plan.status == 0, "\(plan)")
        #expect(
            plan.stdout == """
                dry run: 1 open report about bot@spam.example on fake.test: 5
                dry run: would send POST /api/v1/admin/reports/5/resolve

                """, "\(plan)")
        #expect(plan.stderr == "dry run: would resolve 1 open report: 5\n", "\(plan)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/reports"])

        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.five), \(Self.other)]")
        server.transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: Self.five)
        let done = await server.run(["reports", "resolve", "--target", "bot@spam.example"])
        #expect(done.status == 0, "\(done)")
        #expect(done.stderr == "resolved 1 report: 5\n", "\(done)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyCanOnlySuspendAndSaysSoBeforeAnyWrite() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/admin/abuse-user-reports",
            json: """
                [{"id": "r1", "createdAt": "2026-11-20T10:00:00Z", "comment": "spam", "resolved": false, "reporterId": "u1",
                  "targetUserId": "u9", "targetUser": {"id": "u9", "username": "bot", "host": "spam.example"}}]
                """)
        let result = await server.run([
            "reports", "resolve", "--target", "@bot@spam.example", "--action", "silence", "--yes",
        ])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: accounts action --type silence is not available on Misskey"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/admin/abuse-user-reports"])
    }

    @Test func anIdOrATargetAndActionOnlyWithATarget() async throws {
        let server = FakeServerAccount()
        for (arguments, message) in [
            (["reports", "resolve"], "give a report id, --target ACCOUNT, - (ids on stdin)"),
            (["reports", "resolve", "5", "--target", "@a@b.example"], "give a report id or --target ACCOUNT"),
            (["reports", "resolve", "5", "--action", "suspend"], "--action needs --target"),
            (["reports", "resolve", "--target", "@a@b.example", "--text", "x"], "--text needs --action"),
        ] {
            let result = await server.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.contains(message), "\(arguments): \(result)")
        }
        #expect(server.transport.requests.isEmpty)
    }
}
