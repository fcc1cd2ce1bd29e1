import FediCore
import FediTestSupport
import Foundation
import Testing

/// The selectors (`--domain`, `--match`, `--since`/`--until`, `-`) in the fast tier, on each verb
/// that takes them: the same meaning everywhere, nothing matched said so with exit 0.
@Suite struct SelectorTests {
    /// An admin account as Mastodon's v2 list sends it, signed up `ago` seconds before now.
    static func account(
        _ id: String, _ username: String, domain: String?, ago: TimeInterval, email: String? = nil,
        approved: Bool = true
    ) -> String {
        let created = FlexibleDate.format(Date().addingTimeInterval(-ago))
        let acct = domain.map { "\(username)@\($0)" } ?? username
        return #"{"id": "\#(id)", "username": "\#(username)", "domain": \#(domain.map { "\"\($0)\"" } ?? "null"),"#
            + #" "created_at": "\#(created)", "email": \#(email.map { "\"\($0)\"" } ?? "null"),"#
            + #" "approved": \#(approved),"#
            + #" "account": {"id": "\#(id)", "username": "\#(username)", "acct": "\#(acct)","#
            + #" "display_name": "N\#(id)"}}"#
    }

    /// A wave: two spam accounts from spamwave.example within the hour, an old one, a local user.
    static let wave =
        "["
        + [
            account("1", "qwertyui01", domain: "spamwave.example", ago: 600),
            account("2", "asdfghjk02", domain: "spamwave.example", ago: 1200),
            account("3", "oldtimer", domain: "spamwave.example", ago: 5 * 86400),
            account("4", "ann", domain: nil, ago: 300, email: "ann@mail.example"),
        ].joined(separator: ", ") + "]"

    static let everyAccount = "/api/v2/admin/accounts"

    func accounts(_ arguments: [String], route: String = everyAccount, input: String = "") async -> CommandResult {
        let server = FakeServerAccount()
        server.transport.stub(.get, route, json: Self.wave)
        let result = await server.run(["accounts", "list", "-o", "json"] + arguments, input: input)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        return result
    }

    static func ids(_ result: CommandResult) throws -> [String] {
        try #require(try result.json() as? [[String: Any]], "\(result)").compactMap { $0["id"] as? String }
    }

    @Test func domainMatchAndSinceNarrowTheAccountsList() async throws {
        let byDomain = await accounts(
            ["--domain", "SpamWave.example"],
            route: Self.everyAccount + "?by_domain=spamwave.example")
        #expect(byDomain.status == 0, "\(byDomain)")
        #expect(try Self.ids(byDomain) == ["1", "2", "3"])
        let wave = await accounts(["--since", "1h", "--match", "^[a-z]{8}[0-9]{2}$"])
        #expect(try Self.ids(wave) == ["1", "2"], "\(wave)")
        let old = await accounts(["--until", "1d"])
        #expect(try Self.ids(old) == ["3"], "\(old)")
        let byMail = await accounts(["--match", "@mail\\.example$", "--match-field", "email"])
        #expect(try Self.ids(byMail) == ["4"], "\(byMail)")
        let byDate = await accounts(["--since", FlexibleDate.format(Date().addingTimeInterval(-900))])
        #expect(try Self.ids(byDate) == ["1", "4"], "\(byDate)")
    }

    @Test func countPrintsOnlyHowManyMatch() async throws {
        let counted = await accounts(["--since", "1h", "--count"])
        #expect(counted.status == 0, "\(counted)")
        #expect(try #require(try counted.json() as? [[String: Any]]).first?["count"] as? Int == 3, "\(counted)")
    }

    /// A count is of every account there is, not of the first --limit.
    @Test func countWithoutASelectorCountsEveryPage() async throws {
        let counted = await accounts(["--count", "--limit", "2"])
        #expect(try #require(try counted.json() as? [[String: Any]]).first?["count"] as? Int == 4, "\(counted)")
    }

    /// --since-last records the whole queue as seen: a selection would drop the rest from that record.
    @Test func queueSinceLastTakesNoSelector() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["queue", "--since-last", "--match", "^wave"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: --since-last takes no selector"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func idsAndHandlesFromStdinSelectThoseAccounts() async throws {
        let result = await accounts(["-"], input: "@qwertyui01@SpamWave.example\n\n# a comment\n3\n@ann@fake.test\n")
        #expect(try Self.ids(result) == ["1", "3", "4"], "\(result)")
        let local = await accounts(["-"], input: "@ANN\n@asdfghjk02\n")  // @user: this server's
        #expect(try Self.ids(local) == ["4"], "\(local)")
    }

    @Test func nothingMatchedSaysSoAndExitsZero() async throws {
        let result = await accounts(["--match", "^nobody$"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Nothing matches the selection."), "\(result)")
        #expect(try Self.ids(result).isEmpty)
    }

    @Test(arguments: [["--match", "[unclosed"], ["--since", "yesterday-ish"], ["--until", "12x"], ["nope"]])
    func badSelectorsAreUsageErrorsBeforeAnythingIsAsked(arguments: [String]) async throws {
        let server = FakeServerAccount()
        let result = await server.run(["accounts", "list"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: ") || result.stderr.contains("Error: "), "\(result)")
        #expect(server.transport.requests.filter { $0.url.path.contains("/admin/") }.isEmpty)
    }

    static let reports = """
        [{"id": "17", "action_taken": false, "category": "spam", "created_at": "2026-11-20T10:00:00Z",
          "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
          "target_account": {"id": "9", "username": "qwertyui01", "domain": "spamwave.example",
                             "account": {"id": "9", "username": "qwertyui01", "acct": "qwertyui01@spamwave.example"}},
          "statuses": []},
         {"id": "18", "action_taken": false, "category": "other", "created_at": "2026-11-21T10:00:00Z",
          "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
          "target_account": {"id": "4", "username": "bob", "domain": null,
                             "account": {"id": "4", "username": "bob", "acct": "bob"}},
          "statuses": []}]
        """

    @Test func reportsListSelectsByTheTargetsDomainNameAndFilingTime() async throws {
        func run(_ arguments: [String]) async -> CommandResult {
            let server = FakeServerAccount()
            server.transport.stub(.get, "/api/v1/admin/reports", json: Self.reports)
            return await server.run(["reports", "list", "-o", "json"] + arguments)
        }
        #expect(try Self.ids(await run(["--domain", "spamwave.example"])) == ["17"])
        #expect(try Self.ids(await run(["--match", "^bo"])) == ["18"])
        #expect(try Self.ids(await run(["--since", "2026-11-21"])) == ["18"])
        #expect(try Self.ids(await run(["-"])) == [])
        let none = await run(["--domain", "elsewhere.example", "--count"])
        #expect(none.status == 0 && none.stdout.contains("\"count\" : 0"), "\(none)")
    }

    @Test func queueSelectsReportsAndSignUpsAlike() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/reports", json: Self.reports)
        let pending =
            "[" + Self.account("31", "zxcvbnma03", domain: nil, ago: 60, approved: false) + ", "
            + Self.account("32", "carol", domain: nil, ago: 60, approved: false) + "]"
        server.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: pending)
        let result = await server.run(["queue", "--match", "^[a-z]{8}[0-9]{2}$", "--fields", "kind,id"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "report\t17\nsign-up\t31\n", "\(result)")

        let quiet = FakeServerAccount()
        quiet.transport.stub(.get, "/api/v1/admin/reports", json: Self.reports)
        quiet.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: pending)
        let none = await quiet.run(["queue", "--domain", "elsewhere.example"])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none)")
        #expect(none.stderr.contains("Nothing waits that matches the selection."), "\(none)")
    }
}
