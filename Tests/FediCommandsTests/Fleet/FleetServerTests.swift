import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// The fleet over fakes (fast tier): one write per server, partial outcomes, one CSV writer, the
/// fleet's queue. The real path is FleetServerIntegrationTests.
@Suite struct FleetServerTests {
    /// `ids` as stored accounts (`user@host`), token `token-<id>`; `roles` by id.
    static func harness(_ ids: [String], roles: [String: AccountRole] = [:], transport: FakeTransport) -> CommandHarness
    {
        QueueFleetFastTests.harness(ids, roles: roles, transport: transport)
    }

    static let moderator = AccountRole(name: "Moderator", permissions: 0, isAdmin: false, canModerate: true)
    static let user = AccountRole(name: "User", permissions: 0, isAdmin: false, canModerate: false)

    static func report(_ id: String, at time: String, comment: String = "", rules: String = "[]") -> String {
        #"{"id": "\#(id)", "action_taken": false, "category": "violation", "comment": \#(json(comment)), "created_at": "\#(time)", "#
            + #""rules": \#(rules), "statuses": [], "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}}}"#
    }

    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
            .description
    }

    @Test func twoLoginsOnOneServerResolveOnceAsTheOneThatCanModerate() async throws {
        let transport = FakeTransport()
        // The FakeTransport fails closed: a second POST to a.test would be unmatched, and fail the run.
        // Each resolve reads its report first (whose it is) and then writes.
        for host in ["a.test", "b.test"] {
            transport.stub(
                .get, "/api/v1/admin/reports/17", host: host, json: Self.report("17", at: "2026-11-20T10:00:00Z"))
            transport.stub(
                .post, "/api/v1/admin/reports/17/resolve", host: host,
                json: Self.report("17", at: "2026-11-20T10:00:00Z"))
        }
        let harness = Self.harness(
            ["alice@a.test", "mod@a.test", "admin@b.test"], roles: ["mod@a.test": Self.moderator], transport: transport)

        let result = await harness.run([
            "--account", "alice@a.test,mod@a.test,admin@b.test", "--yes", "reports", "resolve", "17",
            "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let sent = transport.requests.map {
            "\($0.method.rawValue) \($0.url.host ?? "") \($0.header("Authorization") ?? "")"
        }
        #expect(
            sent.sorted() == [
                "GET a.test Bearer token-mod@a.test", "GET b.test Bearer token-admin@b.test",
                "POST a.test Bearer token-mod@a.test", "POST b.test Bearer token-admin@b.test",
            ], "\(sent)")
        #expect(
            result.stderr.contains(
                "alice@a.test: same server as mod@a.test, which acts for it; nothing sent as alice@a.test\n"),
            "\(result.stderr)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["account"] as? String } == ["admin@b.test", "mod@a.test"])

        // --per-account asks for one run per login: three requests.
        for host in ["a.test", "a.test", "b.test"] {
            transport.stub(
                .get, "/api/v1/admin/reports/17", host: host, json: Self.report("17", at: "2026-11-20T10:00:00Z"))
            transport.stub(
                .post, "/api/v1/admin/reports/17/resolve", host: host,
                json: Self.report("17", at: "2026-11-20T10:00:00Z"))
        }
        let each = await harness.run([
            "--account", "alice@a.test,mod@a.test,admin@b.test", "--yes", "--per-account", "reports", "resolve", "17",
        ])
        #expect(each.status == 0, "\(each)")
        #expect(transport.requests.count == 10)
        #expect(transport.unusedStubs == 0)
    }

    @Test func userScopedVerbsStayPerAccount() async throws {
        let transport = FakeTransport()
        for _ in 0..<2 { transport.stub(.get, "/api/v1/mutes", host: "a.test", json: "[]") }
        let harness = Self.harness(["alice@a.test", "mod@a.test"], transport: transport)
        let result = await harness.run(["--account", "alice@a.test,mod@a.test", "mutes", "list"])
        #expect(result.status == 0, "\(result)")
        let tokens = transport.requests.compactMap { $0.header("Authorization") }.sorted()
        #expect(tokens == ["Bearer token-alice@a.test", "Bearer token-mod@a.test"])
    }

    @Test func someServersDoneAndSomeNotIsItsOwnExitStatusNamingEachServer() async throws {
        let transport = FakeTransport()
        transport.stub(
            .post, "/api/v1/admin/reports/17/resolve", host: "a.test",
            json: Self.report("17", at: "2026-11-20T10:00:00Z"))
        transport.stub(
            .post, "/api/v1/admin/reports/17/resolve", host: "b.test", status: 422,
            json: #"{"error": "Validation failed"}"#)
        let harness = Self.harness(["admin@a.test", "admin@b.test"], transport: transport)
        let partial = await harness.run(["--all-accounts", "--yes", "reports", "resolve", "17"])
        #expect(partial.status == 80, "\(partial)")
        #expect(
            partial.stderr.contains("Outcome per server:\n  admin@a.test: done\n  admin@b.test: failed: "),
            "\(partial.stderr)")

        // A server that has no report 17 had nothing to do: not a failure beside one that did.
        transport.stub(
            .post, "/api/v1/admin/reports/17/resolve", host: "a.test",
            json: Self.report("17", at: "2026-11-20T10:00:00Z"))
        transport.stub(
            .post, "/api/v1/admin/reports/17/resolve", host: "b.test", status: 404,
            json: #"{"error": "Record not found"}"#)
        let idle = await harness.run(["--all-accounts", "--yes", "reports", "resolve", "17"])
        #expect(idle.status == 0, "\(idle)")
        #expect(
            idle.stderr.contains("Outcome per server:\n  admin@a.test: done\n  admin@b.test: nothing to do: "),
            "\(idle.stderr)")

        // None done: the failures' own status, as before.
        for host in ["a.test", "b.test"] {
            transport.stub(
                .post, "/api/v1/admin/reports/17/resolve", host: host, status: 404,
                json: #"{"error": "Record not found"}"#)
        }
        let none = await harness.run(["--all-accounts", "--yes", "reports", "resolve", "17"])
        #expect(none.status == 66, "\(none)")
        #expect(!none.stderr.contains("Outcome per server"), "\(none.stderr)")
    }

    @Test func aDomainGivenToResolveTargetIsAUsageErrorPointingToTheDomainVerb() async throws {
        let harness = Self.harness(["admin@a.test"], transport: FakeTransport())
        let result = await harness.run(["reports", "resolve", "--target", "spamwave.example"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.contains(
                "fedictl: --target takes one account (@user@host), and spamwave.example is a domain\n"), "\(result)")
        #expect(
            result.stderr.contains(
                "hint: for one account: --target @user@spamwave.example; for the whole domain: fedictl domain-blocks add spamwave.example"
            ),
            "\(result)")
    }

    @Test func fleetAndSingleAccountCSVAreByteIdenticalForTheSameRows() async throws {
        let hostile = Self.report(
            "17", at: "2026-11-20T10:00:00Z", comment: "=HYPERLINK(\"http://evil.example\",\"click\")")
        let quoting = Self.report("18", at: "2026-11-21T10:00:00Z", comment: "a, \"b\"\nc\t-1+2 @x")
        let list = "[\(hostile), \(quoting)]"
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/reports", host: "a.test", json: list)
        let harness = Self.harness(["admin@a.test", "admin@b.test"], transport: transport)
        let single = await harness.run(["--account", "admin@a.test", "reports", "list", "-o", "csv"])
        #expect(single.status == 0, "\(single)")
        #expect(
            single.stdout.contains(",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\""),
            "guarded: \(single.stdout)")

        transport.stub(.get, "/api/v1/admin/reports", host: "a.test", json: list)
        transport.stub(.get, "/api/v1/admin/reports", host: "b.test", json: list)
        let fleet = await harness.run(["--all-accounts", "reports", "list", "-o", "csv"])
        #expect(fleet.status == 0, "\(fleet)")
        let singleRecords = single.stdout.components(separatedBy: "\r\n")
        let fleetRecords = fleet.stdout.components(separatedBy: "\r\n")
        // One account's list names it too: the same header, and a.test's rows byte for byte.
        #expect(fleetRecords.first == singleRecords.first, "\(fleet.stdout)")
        let rows = singleRecords.dropFirst().filter { !$0.isEmpty }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.hasPrefix("admin@a.test,") }, "\(single.stdout)")
        // The same rows (b.test's reporter is @ann@b.test, so only a.test's are the same rows).
        let fleetRows = fleetRecords.dropFirst().filter { !$0.isEmpty }
        #expect(fleetRows.count == 4)
        #expect(Array(fleetRows.prefix(2)) == Array(rows), "\(fleet.stdout)")
    }

    @Test func theQueueIsEveryModeratorsOneListOldestFirstWithCommentAndRules() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/admin/reports", host: "a.test",
            json: """
                [\(Self.report("1", at: "2026-11-20T10:00:00Z", comment: "spam links", rules: #"[{"id": "2", "text": "No spam"}]"#)),
                 \(Self.report("3", at: "2026-11-22T10:00:00Z"))]
                """)
        transport.stub(
            .get, "/api/v1/admin/reports", host: "b.test",
            json: "[\(Self.report("7", at: "2026-11-21T10:00:00Z", comment: "rude"))]")
        // alice cannot moderate: no --account means every account that can, and alice is not asked.
        let harness = Self.harness(
            ["alice@c.test", "admin@a.test", "admin@b.test"], roles: ["alice@c.test": Self.user], transport: transport)
        let result = await harness.run(["queue", "--kind", "report", "--fields", "server,id,rules,comment"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "a.test\t1\tNo spam\tspam links\nb.test\t7\t\trude\na.test\t3\t\t\n",
            "oldest first across servers: \(result)")

        for (host, body) in [
            ("a.test", "[\(Self.report("1", at: "2026-11-20T10:00:00Z"))]"),
            ("b.test", "[\(Self.report("7", at: "2026-11-19T10:00:00Z"))]"),
        ] {
            transport.stub(.get, "/api/v1/admin/reports", host: host, json: body)
        }
        let json = await harness.run(["queue", "--kind", "report", "-o", "json"])
        let objects = try #require(try json.json() as? [[String: Any]], "\(json)")
        #expect(objects.map { $0["id"] as? String } == ["7", "1"])
        #expect(
            objects.allSatisfy { $0["account"] == nil && $0["server"] != nil }, "rows name their server: \(json.stdout)"
        )
        #expect(transport.unusedStubs == 0)
    }
}

/// FEDICTL_TOKEN standing in for a named account must be that account's (fast tier).
@Suite struct EnvironmentTokenOwnerTests {
    @Test func anotherAccountsTokenIsRefusedNamingBothAndNothingIsSent() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/accounts/verify_credentials", host: "a.test",
            json: #"{"id": "2", "username": "bob", "acct": "bob"}"#)
        let harness = FleetServerTests.harness(["admin@a.test"], transport: transport)
        var withToken = harness
        withToken.environment = ["FEDICTL_TOKEN": "bobs-token"]
        let result = await withToken.run(["--account", "admin@a.test", "--yes", "reports", "resolve", "17"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr == """
                fedictl: FEDICTL_TOKEN is bob@a.test's token, not the selected account admin@a.test's
                hint: select bob@a.test with --account, or unset FEDICTL_TOKEN to use admin@a.test's stored token

                """, "\(result)")
        #expect(transport.requests.map(\.route) == ["GET /api/v1/accounts/verify_credentials"])

        // The owner's own token goes on, asked once for the run (the software is detected: the
        // stored detection is not trusted for a token from the environment).
        transport.stub(
            .get, "/api/v1/accounts/verify_credentials", host: "a.test",
            json: #"{"id": "1", "username": "Admin", "acct": "Admin"}"#)
        transport.stub(
            .get, "/.well-known/nodeinfo", host: "a.test",
            json:
                #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "href": "https://a.test/nodeinfo/2.0"}]}"#
        )
        try transport.stub(.get, "/nodeinfo/2.0", fixture: "mastodon/nodeinfo-2.0.json")
        try transport.stub(.get, "/api/v2/instance", fixture: "mastodon/instance-v2.json")
        transport.stub(
            .post, "/api/v1/admin/reports/17/resolve", host: "a.test",
            json: FleetServerTests.report("17", at: "2026-11-20T10:00:00Z"))
        let own = await withToken.run(["--account", "admin@a.test", "--yes", "reports", "resolve", "17"])
        #expect(own.status == 0, "\(own)")
        #expect(transport.requests.last?.header("Authorization") == "Bearer bobs-token")
        #expect(transport.unusedStubs == 0)
    }
}

/// Reads over several accounts wait out a server's rate limit within --max-wait, and say so (fast tier).
@Suite struct FleetPacingTests {
    @Test func aRateLimitedServerIsWaitedForNotFailed() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "a.test", status: 429, json: #"{"error": "Too many requests"}"#,
            headers: ["Retry-After": "120"])
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[\(FleetRunnerTests.block("one.example"))]")
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "b.test", json: "[\(FleetRunnerTests.block("two.example"))]")
        let slept = SleepLog()
        var harness = FleetServerTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        harness.sleep = { await slept.add($0) }
        let result = await harness.run(["--all-accounts", "domain-blocks", "list", "--fields", "domain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@a.test\tone.example\nadmin@b.test\ttwo.example\n", "\(result)")
        #expect(
            result.stderr.contains("admin@a.test: waiting 2m for a.test's rate limit (up to --max-wait)\n"), "\(result)"
        )
        #expect(await slept.total >= 119)

        // Past --max-wait it still fails, that server alone.
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "a.test", status: 429, json: "{}",
            headers: ["Retry-After": "120"])
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "b.test", json: "[]")
        let short = await harness.run(["--all-accounts", "--max-wait", "30s", "domain-blocks", "list"])
        // Its one failure temporary: 75, for a monitor to try again, though b.test was done.
        #expect(short.status == 75, "\(short)")
        #expect(short.stderr.contains("fedictl: admin@a.test: "), "\(short)")
    }

    actor SleepLog {
        var total = 0.0
        func add(_ seconds: Double) { total += seconds }
    }
}
