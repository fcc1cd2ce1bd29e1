import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports resolve` over a selector in the fast tier: what is selected, the dry run, the one
/// question, `--action` once per account, a re-run that does not act twice, refused arguments.
@Suite struct ReportsResolveBulkTests {
    static let report = ReportsResolveTargetTests.report
    /// Two reports about bot@spam.example (account 9, 5 the oldest), one about ann (local), one about
    /// eve@spam.example (account 8).
    static let five = report("5", "bot@spam.example", "9", "2026-11-20T10:00:00Z")
    static let six = report("6", "bot@spam.example", "9", "2026-11-21T10:00:00Z")
    static let seven = report("7", "ann", "2", "2026-11-19T10:00:00Z")
    static let eight = report("8", "eve@spam.example", "8", "2026-11-22T10:00:00Z")
    static let open = "[\(six), \(seven), \(eight), \(five)]"

    static func server() -> FakeServerAccount {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: open)
        return server
    }

    static func posts(_ server: FakeServerAccount) -> [String] {
        server.transport.requests.filter { $0.method == .post }.map(\.url.path)
    }

    static func account(_ id: String, _ acct: String, suspended: Bool = false) -> String {
        #"{"id": "\#(id)", "username": "x", "domain": "spam.example", "suspended": \#(suspended),"#
            + #" "account": {"id": "\#(id)", "username": "x", "acct": "\#(acct)"}}"#
    }

    @Test func aDomainResolvesEachOfItsOpenReportsOnceOldestFirst() async throws {
        let server = Self.server()
        for (id, json) in [("5", Self.five), ("6", Self.six), ("8", Self.eight)] {
            server.transport.stub(.post, "/api/v1/admin/reports/\(id)/resolve", json: json)
        }
        // One write at a time: with several in flight, the order they reach the server is the scheduler's.
        let result = await server.run([
            "reports", "resolve", "--domain", "spam.example", "--yes", "--concurrency", "1", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["5", "6", "8"], "\(rows)")
        #expect(
            rows.map { $0["target"] as? String } == ["@bot@spam.example", "@bot@spam.example", "@eve@spam.example"])
        #expect(rows.allSatisfy { $0["result"] as? String == "resolved" }, "\(rows)")
        #expect(result.stderr.contains("resolved 3 of 3 reports"), "\(result)")
        #expect(
            Self.posts(server) == [
                "/api/v1/admin/reports/5/resolve", "/api/v1/admin/reports/6/resolve",
                "/api/v1/admin/reports/8/resolve",
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aDryRunOfIdsOnStdinListsThemSaysWhatMatchedNothingAndSendsNothing() async throws {
        let server = Self.server()
        let result = await server.run(["reports", "resolve", "-", "--dry-run"], input: "6\n@ann\n99\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "7\t@ann@fake.test\twould resolve\n6\t@bot@spam.example\twould resolve\n", "\(result)")
        #expect(result.stderr.contains("dry run: would resolve 2 reports"), "\(result)")
        #expect(result.stderr.contains("1 of the 3 given name no open report on fake.test: 99"), "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test func offATerminalTheOneQuestionNeedsYesAndNamesTheCountsAndTheFirstTargets() async throws {
        let server = Self.server()
        let result = await server.run(["reports", "resolve", "--domain", "spam.example", "--action", "suspend"])
        #expect(result.status == 64, "\(result)")
        let question =
            "Suspend 2 accounts and resolve their 3 open reports on fake.test "
            + "(@bot@spam.example, @eve@spam.example)"
        #expect(result.stderr.hasPrefix("fedictl: \(question): confirmation needed\n"), "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    /// Account 9 is suspended with its oldest report attached; its other report, still open when read
    /// back, is resolved; account 8, already suspended (an earlier run's), is not acted on again.
    @Test func anActionActsOnEachAccountOnceWithItsOldestReportAndNeverAgain() async throws {
        let server = Self.server()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account("9", "bot@spam.example"))
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        server.transport.stub(.get, "/api/v1/admin/reports/6", json: Self.six)
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: Self.six)
        server.transport.stub(
            .get, "/api/v1/admin/accounts/8",
            json: Self.account("8", "eve@spam.example", suspended: true))
        server.transport.stub(.get, "/api/v1/admin/reports/8", json: Self.eight)
        server.transport.stub(.post, "/api/v1/admin/reports/8/resolve", json: Self.eight)
        let result = await server.run([
            "reports", "resolve", "--domain", "spam.example", "--action", "suspend",
            "--text", "spam", "--yes", "--concurrency", "1", "--fields", "id,result",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "9\tsuspended\n8\tsuspended\n", "\(result)")
        let posts = Self.posts(server)
        #expect(
            posts == [
                "/api/v1/admin/accounts/9/action", "/api/v1/admin/reports/6/resolve",
                "/api/v1/admin/reports/8/resolve",
            ], "\(posts)")
        let action = try #require(server.transport.requests.first { $0.url.path.hasSuffix("/action") }?.jsonBody)
        #expect(action["type"] as? String == "suspend" && action["report_id"] as? String == "5", "\(action)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// A report whose `target_account` carries the account's flags (Mastodon's and GoToSocial's do)
    /// needs no read of the account: one request less per account of a wave. Account 8, suspended
    /// there, is not acted on again.
    @Test func theFlagsTheReportsEmbedSpareAReadOfEachAccount() async throws {
        func flagged(_ report: String, suspended: Bool) -> String {
            report.replacing(
                #""username": "x", "account""#,
                with: #""username": "x", "suspended": \#(suspended), "silenced": false, "disabled": false,"#
                    + #" "sensitized": false, "account""#)
        }
        let server = FakeServerAccount()
        let open = [flagged(Self.six, suspended: false), flagged(Self.eight, suspended: true)]
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(open.joined(separator: ", "))]")
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        server.transport.stub(.get, "/api/v1/admin/reports/8", json: Self.eight)
        server.transport.stub(.post, "/api/v1/admin/reports/8/resolve", json: Self.eight)
        let result = await server.run([
            "reports", "resolve", "--domain", "spam.example", "--action", "suspend", "--yes", "--concurrency", "1",
            "--fields", "id,result",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "9\tsuspended\n8\tsuspended\n", "\(result)")
        let reads = server.transport.requests.filter { $0.url.path.hasPrefix("/api/v1/admin/accounts/") }
        #expect(reads.map(\.method) == [.post], "\(reads.map(\.url.path))")
        #expect(
            Self.posts(server) == ["/api/v1/admin/accounts/9/action", "/api/v1/admin/reports/8/resolve"],
            "\(Self.posts(server))")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aReportResolvedMeanwhileIsNotResolvedAgain() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.five), \(Self.six)]")
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account("9", "bot@spam.example"))
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        // The action resolved the account's other report too, as Mastodon's does.
        server.transport.stub(
            .get, "/api/v1/admin/reports/6",
            json: Self.six.replacing(
                #""action_taken": false"#,
                with: #""action_taken": true"#))
        let result = await server.run(["reports", "resolve", "--match", "^bot$", "--action", "silence", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.posts(server) == ["/api/v1/admin/accounts/9/action"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func nothingMatchedSaysSoAndExitsZero() async throws {
        let server = Self.server()
        let result = await server.run(["reports", "resolve", "--domain", "nowhere.example", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no report matches the selection on fake.test"), "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test(arguments: [
        ["reports", "resolve", "5", "--domain", "spam.example"],
        ["reports", "resolve", "--target", "@a@b.example", "--match", "x"],
        ["reports", "resolve", "--domain", "spam.example", "--limit", "0"],
        ["reports", "resolve", "-", "--target", "@a@b.example"],
    ])
    func argumentsThatDoNotGoTogetherAreUsageErrors(arguments: [String]) async throws {
        let server = FakeServerAccount()
        let result = await server.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
