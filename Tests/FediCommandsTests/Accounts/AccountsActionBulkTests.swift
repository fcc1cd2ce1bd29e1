import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts action` over a selector in the fast tier: each match acted on once, those that already
/// have the flag left out (a re-run), the one question, the dry run, refused arguments.
@Suite struct AccountsActionBulkTests {
    static let listRoute = "/api/v2/admin/accounts"

    /// A wave from spamwave.example (2 the oldest), one of them suspended already, an old one, a local user.
    static func accounts() -> String {
        "["
            + [
                SelectorTests.account("1", "qwertyui01", domain: "spamwave.example", ago: 600),
                SelectorTests.account("2", "asdfghjk02", domain: "spamwave.example", ago: 1200),
                SelectorTests.account("4", "zxcvbnml03", domain: "spamwave.example", ago: 900)
                    .replacing(#""approved": true,"#, with: #""approved": true, "suspended": true,"#),
                SelectorTests.account("3", "oldtimer", domain: "spamwave.example", ago: 5 * 86400),
                SelectorTests.account("5", "carol", domain: nil, ago: 300),
            ].joined(separator: ", ") + "]"
    }

    static func server() -> FakeServerAccount {
        let server = FakeServerAccount()
        server.transport.stub(.get, listRoute, json: accounts())
        return server
    }

    static func posts(_ server: FakeServerAccount) -> [String] {
        server.transport.requests.filter { $0.method == .post }.map(\.url.path)
    }

    @Test func aDomainAndATimeSuspendEachMatchOnceLeavingOutThoseSuspendedAlready() async throws {
        let server = Self.server()
        for id in ["2", "1"] { server.transport.stub(.post, "/api/v1/admin/accounts/\(id)/action", json: "{}") }
        let result = await server.run([
            "accounts", "action", "--domain", "spamwave.example", "--since", "1h",
            "--type", "suspend", "--text", "spam", "--yes", "--concurrency", "1",
            "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(
            rows.map { $0["target"] as? String }
                == ["@asdfghjk02@spamwave.example", "@qwertyui01@spamwave.example"])
        #expect(rows.allSatisfy { $0["result"] as? String == "suspended" }, "\(rows)")
        #expect(
            result.stderr.contains(
                "1 of the 3 accounts that match on fake.test are suspended already; "
                    + "acting on the other 2."), "\(result)")
        #expect(result.stderr.contains("suspended 2 of 2 accounts"), "\(result)")
        #expect(Self.posts(server) == ["/api/v1/admin/accounts/2/action", "/api/v1/admin/accounts/1/action"])
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["type"] as? String == "suspend" && body["text"] as? String == "spam", "\(body)")
        // The domain went to the server as its own filter.
        let list = try #require(server.transport.requests.first?.url.query)
        #expect(list.contains("by_domain=spamwave.example"), "\(list)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func offATerminalTheOneQuestionNeedsYesAndADryRunSendsNothing() async throws {
        let server = Self.server()
        let asked = await server.run(["accounts", "action", "--match", "^[a-z]{8}[0-9]{2}$", "--type", "silence"])
        #expect(asked.status == 64, "\(asked)")
        let question =
            "Silence 3 accounts on fake.test (@asdfghjk02@spamwave.example, @zxcvbnml03@spamwave.example, "
            + "@qwertyui01@spamwave.example)"
        #expect(asked.stderr.hasPrefix("fedictl: \(question): confirmation needed\n"), "\(asked)")

        server.transport.stub(.get, Self.listRoute, json: Self.accounts())
        let plan = await server.run(["accounts", "action", "-", "--type", "none", "--dry-run"], input: "5\n@nobody\n")
        #expect(plan.status == 0, "\(plan)")
        #expect(plan.stdout == "5\t@carol@fake.test\twould warn\n", "\(plan)")
        #expect(plan.stderr.contains("1 of the 2 given name no account on fake.test: @nobody"), "\(plan)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test func whatEveryMatchAlreadyHasIsSaidAndNothingIsSent() async throws {
        let server = Self.server()
        let result = await server.run(["accounts", "action", "-", "--type", "suspend", "--yes"], input: "4\n")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("all 1 that match on fake.test are suspended already: nothing left to do"),
            "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test(arguments: [
        ["accounts", "action", "--type", "suspend"],
        ["accounts", "action", "7", "--domain", "spamwave.example", "--type", "suspend"],
        ["accounts", "action", "--domain", "spamwave.example", "--type", "suspend", "--report", "5"],
    ])
    func argumentsThatDoNotGoTogetherAreUsageErrors(arguments: [String]) async throws {
        let server = FakeServerAccount()
        let result = await server.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    /// A warning sets no flag to read back: its lost answer is a failure said at the end, and the
    /// warning is never sent a second time (a second strike, a second e-mail).
    @Test func aWarningWhoseAnswerIsLostIsSentOnceAndSaidFailed() async throws {
        let server = Self.server()
        server.transport.stubFailure(.post, "/api/v1/admin/accounts/3/action", .answerLost("connection closed"))
        let result = await server.run([
            "accounts", "action", "--match", "^oldtimer$", "--type", "none", "--text", "spam", "--yes",
        ])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("@oldtimer@spamwave.example"), "\(result)")
        #expect(Self.posts(server) == ["/api/v1/admin/accounts/3/action"], "sent once: \(Self.posts(server))")
    }
}
