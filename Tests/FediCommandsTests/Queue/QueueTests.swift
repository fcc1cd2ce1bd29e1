import FediCore
import FediTestSupport
import Foundation
import Testing

/// `queue` in the fast tier: what each software can list, the merge order, --exit-status.
@Suite struct QueueFastTests {
    static let report = """
        [{"id": "5", "action_taken": false, "category": "spam", "created_at": "2026-11-22T09:00:00Z",
          "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
          "target_account": {"id": "9", "username": "bot", "domain": "spam.example",
                             "account": {"id": "9", "username": "bot", "acct": "bot@spam.example"}},
          "statuses": []}]
        """
    static let pending = """
        [{"id": "31", "username": "newbie", "domain": null, "created_at": "2026-11-21T08:00:00Z", "approved": false,
          "invite_request": "hi there", "account": {"id": "31", "username": "newbie", "acct": "newbie"}}]
        """

    @Test func mergesBothKindsOldestFirstAndNamesTheirPeople() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: Self.report)
        server.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: Self.pending)
        let result = await server.run(["queue", "--fields", "kind,id,target,from,reason,posts"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                sign-up\t31\t\t@newbie@fake.test\thi there\t
                report\t5\t@bot@spam.example\t@ann@fake.test\tspam\t0

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyHasNoSignUpApprovalSoOnlyReportsAreShownAndThatIsSaid() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/admin/abuse-user-reports", json: "[]")
        let result = await server.run(["queue", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "[]\n")
        #expect(result.stderr.contains("queue --kind sign-up is not available on Misskey"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func softwareThatCanListNeitherIsExit69() async throws {
        let server = FakeServerAccount(software: "pixelfed", version: "0.12.4")
        let result = await server.run(["queue"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: queue --kind report is not available on Pixelfed"), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func exitStatusIsOneWhileSomethingWaitsAndKindNarrows() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: Self.pending)
        let result = await server.run(["queue", "--kind", "sign-up", "--exit-status", "--fields", "id"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "31\n")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}

/// `queue --watch` in the fast tier: each item once, across looks and a failed look.
@Suite struct QueueWatchFastTests {
    static func report(_ id: String, at time: String) -> String {
        #"{"id": "\#(id)", "action_taken": false, "category": "spam", "created_at": "\#(time)", "statuses": []}"#
    }

    @Test func printsWhatWaitsThenEachNewItemOnceAndEndsCleanlyWhenCancelled() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 6)  // 3 looks apart, 3 retry backoffs
        let a = Self.report("1", at: "2026-11-20T10:00:00Z")
        let b = Self.report("2", at: "2026-11-21T10:00:00Z")
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(a)]")
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(a), \(b)]")
        for _ in 0..<4 { server.transport.stub(.get, "/api/v1/admin/reports", status: 503, json: "{}") }
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(b)]")
        let result = await server.run(["queue", "--watch", "--kind", "report", "--interval", "30", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let lines = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(lines.compactMap { $0["id"] as? String } == ["1", "2"], "\(result)")
        // The outage and the recovery, once each, as event lines of their own.
        #expect(lines.compactMap { $0["event"] as? String } == ["server_down", "server_up"], "\(result)")
        #expect(
            lines.filter { $0["event"] != nil }.allSatisfy { $0["server"] as? String == "fake.test" && $0["id"] == nil }
        )
        #expect(result.stderr.components(separatedBy: "fake.test does not answer (").count == 2, "said once: \(result)")
        #expect(result.stderr.components(separatedBy: "fake.test answers again").count == 2, "said once: \(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        // Three looks apart, each about --interval (jittered by a tenth), plus the retries' backoff.
        let waits = server.sleeps.all.filter { $0 >= 27 }
        #expect(waits.count == 3 && waits.allSatisfy { $0 <= 33 }, "\(server.sleeps.all)")
    }

    @Test func aBadTokenEndsTheWatchAtOnce() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 5)
        server.transport.stub(
            .get, "/api/v1/admin/reports", status: 401, json: #"{"error": "The access token is invalid"}"#)
        let result = await server.run(["queue", "--watch", "--kind", "report"])
        #expect(result.status == 77, "\(result)")
        #expect(server.sleeps.all.isEmpty)
    }

    @Test func execNeedsWatch() async throws {
        let result = await FakeServerAccount().run(["queue", "--exec", "cat"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--exec needs --watch"), "\(result)")
    }
}
