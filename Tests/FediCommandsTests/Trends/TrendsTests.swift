import FediCore
import FediTestSupport
import Foundation
import Testing

/// `trends links|statuses|tags list|approve|reject` in the fast tier.
@Suite struct TrendsTests {
    static func tag(_ id: String, _ name: String, trendable: Bool = true, review: Bool = false, uses: Int = 3) -> String
    {
        #"{"id": "\#(id)", "name": "\#(name)", "url": "https://fake.test/tags/\#(name)", "#
            + #""history": [{"day": "1669507200", "accounts": "2", "uses": "\#(uses)"}, {"day": "1669420800", "accounts": "1", "uses": "1"}], "#
            + #""trendable": \#(trendable), "usable": true, "requires_review": \#(review)}"#
    }

    static let three =
        "[" + tag("1", "cats") + ", " + tag("2", "spam", trendable: false, review: true) + ", "
        + tag("3", "dogs", trendable: false) + "]"

    @Test func tagsAreListedThoseAwaitingReviewFirstWithTheirReview() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/tags", json: Self.three)
        let result = await server.run(["trends", "tags", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["id"] as? String } == ["2", "1", "3"])
        #expect(rows.map { $0["review"] as? String } == ["pending", "approved", "rejected"])
        #expect(rows.first?["title"] as? String == "#spam" && rows.first?["uses"] as? Int == 4, "\(rows)")
        let sent = try #require(server.transport.requests.first)
        #expect(sent.route == "GET /api/v1/admin/trends/tags" && sent.url.query == "limit=20", "\(sent.url)")
    }

    @Test func pendingShowsOnlyThoseAwaitingReviewAsTSV() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/tags", json: Self.three)
        let result = await server.run(["trends", "tags", "list", "--pending"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\t2\tpending\t#spam\t4\n", "\(result)")
    }

    @Test func anEmptyListSaysSoOnATerminal() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/links", json: "[]")
        let result = await server.run(["trends", "links", "list"], tty: true)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "No trending links.\n", "\(result)")
    }

    @Test func statusesShowTheirTextBehindTheirWarning() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/trends/statuses",
            json: #"[{"id": "9", "content": "<p>buy <b>now</b></p>", "spoiler_text": "ad", "sensitive": true, "#
                + #""account": {"id": "4", "username": "ann", "acct": "ann"}, "requires_review": true}]"#)
        let result = await server.run(["trends", "statuses", "list", "--fields", "id,review,author,title"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "admin@fake.test\t9\tpending\t@ann\t[CW: ad] (hidden; --reveal shows it)\n", "\(result)")
    }

    @Test func approveSendsEachIdAndJournalsItWithItsUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("trends-approve")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/tags", json: Self.three)
        server.transport.stub(.post, "/api/v1/admin/trends/tags/2/approve", json: Self.tag("2", "spam"))
        server.transport.stub(.post, "/api/v1/admin/trends/tags/3/approve", json: Self.tag("3", "dogs"))
        let result = await server.run(["trends", "tags", "approve", "2", "3", "-o", "json"], journal: journal)
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["id"] as? String } == ["2", "3"])
        #expect(rows.map { $0["result"] as? String } == ["approved", "approved"])
        #expect(result.stderr == "approved 2 of 2 trends\n", "\(result)")
        // The engine sends them concurrently: the journal's order is theirs, so read by target.
        let entries = try journal.readNow().entries.filter { $0.outcome == .ok }.sorted {
            ($0.target ?? "") < ($1.target ?? "")
        }
        #expect(entries.map(\.target) == ["tag 2 (#spam)", "tag 3 (#dogs)"], "\(entries)")
        #expect(entries.map(\.before) == ["review: pending", "review: rejected"], "\(entries)")
        #expect(entries.map(\.after) == ["review: approved", "review: approved"], "\(entries)")
        #expect(
            entries.map(\.undo) == [
                "fedictl --account admin@fake.test trends tags reject 2 --yes",
                "fedictl --account admin@fake.test trends tags reject 3 --yes",
            ], "\(entries)")
    }

    @Test func rejectReadsTheIdsAListPrintedOnStdin() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/links", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/trends/links/7/reject", json: "{}")
        let listed = #"[{"account": "admin@fake.test", "id": "7", "review": "pending"}]"#
        let result = await server.run(["trends", "links", "reject", "-"], input: listed)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "7\t7\trejected\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/trends/links", "POST /api/v1/admin/trends/links/7/reject",
            ])
    }

    @Test func aFailedDecisionIsNamedAndTheOthersGoOn() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/statuses", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/trends/statuses/8/reject", status: 404, json: #"{"error": "Record not found"}"#)
        server.transport.stub(.post, "/api/v1/admin/trends/statuses/9/reject", json: "{}")
        let result = await server.run(["trends", "statuses", "reject", "8", "9", "-o", "ndjson"])
        // The bulk engine's rule: some failed, fix them and run again (65); the rows say which.
        #expect(result.status == 65, "\(result)")
        let rows = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(rows.first { $0["id"] as? String == "9" }?["result"] as? String == "rejected", "\(rows)")
        #expect(
            (rows.first { $0["id"] as? String == "8" }?["result"] as? String)?.hasPrefix("failed: no trending status 8")
                == true, "\(rows)")
        #expect(result.stderr.contains("fedictl: 1 of 2 trends failed on fake.test\n"), "\(result)")
    }

    @Test func dryRunSendsNoDecision() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/trends/tags", json: Self.three)
        let result = await server.run(["trends", "tags", "reject", "1", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1\t#cats\twould reject\n", "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
    }

    @Test func otherSoftwareIsRefusedNamingItsVersion() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["trends", "tags", "list"], startingWith: "fedictl: trends list is not available on GoToSocial 0.17.3")
        await FakeServerAccount(software: "akkoma", version: "3.13.2")
            .expectRefused(
                ["trends", "links", "approve", "4"],
                startingWith: "fedictl: trends approve is not available on Akkoma 3.13.2")
    }

    @Test func mastodonBefore42CannotDecide() async throws {
        let server = FakeServerAccount(version: "4.1.0")
        let result = await server.run(["trends", "tags", "reject", "1"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("it needs Mastodon 4.2.0 or newer"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func idsAndStdinTogetherAreAUsageError() async {
        let result = await FakeServerAccount().run(["trends", "tags", "approve", "1", "-"])
        #expect(result.status == 64, "\(result)")
    }

    /// Over two servers, each id read on stdin goes to the server it was listed on, and only there.
    @Test func overAFleetEachIdGoesToItsOwnServer() async throws {
        let transport = FakeTransport()
        for host in ["a.test", "b.test"] {
            transport.stub(.get, "/api/v1/admin/trends/tags", host: host, json: "[]")
        }
        transport.stub(.post, "/api/v1/admin/trends/tags/5/approve", host: "a.test", json: "{}")
        transport.stub(.post, "/api/v1/admin/trends/tags/6/approve", host: "b.test", json: "{}")
        let harness = FleetServerTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        let listed = "admin@a.test\t5\tpending\nadmin@b.test\t6\tpending\n"
        let result = await harness.run(
            ["--account", "admin@a.test,admin@b.test", "--yes", "trends", "tags", "approve", "-", "-o", "json"],
            input: listed)
        #expect(result.status == 0, "\(result)")
        let sent = transport.requests.filter { $0.method == .post }.map { "\($0.url.host ?? "") \($0.url.path)" }
        #expect(
            sent.sorted() == [
                "a.test /api/v1/admin/trends/tags/5/approve", "b.test /api/v1/admin/trends/tags/6/approve",
            ], "\(sent)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(Set(rows.compactMap { $0["account"] as? String }) == ["admin@a.test", "admin@b.test"], "\(rows)")
    }

    @Test func bareIdsOverSeveralServersAreRefusedBeforeAnythingIsSent() async throws {
        let transport = FakeTransport()
        let harness = FleetServerTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        let result = await harness.run(
            ["--account", "admin@a.test,admin@b.test", "trends", "tags", "approve", "-"], input: "5\n")
        #expect(result.status == 64, "\(result)")
        #expect(transport.requests.isEmpty)
    }
}

/// Each trends request against Mastodon's published description of it.
@Suite struct TrendsContractTests {
    let contract: APIContract

    init() throws { contract = try APIContract("mastodon-admin-trends.json") }

    @Test(arguments: ["links", "statuses", "tags"])
    func listAsksAsDescribedAndReadsTheDescribedAnswer(kind: String) async throws {
        let operation = contract[kind]
        let server = FakeServerAccount()
        server.transport.stub(.get, operation.path, json: operation.answerJSON)
        let result = await server.run(["trends", kind, "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let request = try #require(server.transport.requests.first)
        APIContract.check(request, against: operation)
        let row = try #require((try result.json() as? [[String: Any]])?.first, "\(result)")
        let example = try #require((operation.answer as? [[String: Any]])?.first)
        #expect(row["id"] as? String == example["id"] as? String, "\(row)")
        #expect(!(row["title"] as? String ?? "").isEmpty, "\(row)")
        // The fields fedictl reads are those the description names.
        if kind != "statuses" { #expect(row["uses"] as? Int != nil, "\(row)") }
        #expect(operation.fields.contains("requires_review"))
        #expect(row["review"] as? String == (kind == "links" ? "pending" : kind == "tags" ? "approved" : nil), "\(row)")
    }

    @Test(arguments: ["links", "statuses", "tags"], ["approve", "reject"])
    func decisionsGoWhereDescribed(kind: String, verb: String) async throws {
        let operation = contract["\(kind) \(verb)"]
        let server = FakeServerAccount()
        server.transport.stub(.get, contract[kind].path, json: "[]")
        let path = operation.path.replacing("{id}", with: "42")
        server.transport.stub(.post, path, json: "{}")
        let result = await server.run(["trends", kind, verb, "42"])
        #expect(result.status == 0, "\(result)")
        let request = try #require(server.transport.requests.last)
        APIContract.check(request, against: operation)
        #expect(request.body == nil || request.body?.isEmpty == true)
    }
}
