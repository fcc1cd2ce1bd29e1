import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl triage --kind trend` end to end in the fast tier: the real command tree over a scripted
/// screen and the fake transport, which records what each key sends.
@Suite
struct TriageTrendCommandTests {
    static let tags =
        #"[{"id": "2", "name": "spamwave", "url": "https://fake.test/tags/spamwave", "#
        + #""history": [{"day": "1669507200", "accounts": "4", "uses": "30"}], "#
        + #""trendable": false, "usable": true, "requires_review": true}, "#
        + #"{"id": "1", "name": "cats", "history": [], "trendable": true, "requires_review": false}]"#
    static let statuses =
        #"[{"id": "9", "content": "<p>buy now</p>", "account": {"id": "4", "username": "bot", "acct": "bot"}, "#
        + #""requires_review": true}]"#

    /// One look at the trends, then no more; `gets` answers for each list (a decision reads its list again).
    static func server(gets: Int = 1) -> FakeServerAccount {
        let server = FakeServerAccount(waitsBeforeCancel: 0)
        server.transport.allowsUnusedStubs = true
        server.transport.stub(.get, "/api/v1/admin/trends/links", json: "[]")
        for _ in 0..<gets {
            server.transport.stub(.get, "/api/v1/admin/trends/tags", json: tags)
            server.transport.stub(.get, "/api/v1/admin/trends/statuses", json: statuses)
        }
        return server
    }

    /// a approves the hashtag, x and y reject the post, u approves the post again: each through the
    /// trends command, journaled, and nothing asked of the report or sign-up lists.
    @Test func aApprovesXRejectsAndUUndoesThroughTheTrendsCommands() async throws {
        let (journal, state) = try SeededJournal.make("triage-trends", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let server = Self.server(gets: 4)
        server.transport.stub(.post, "/api/v1/admin/trends/tags/2/approve", json: #"{"name": "spamwave"}"#)
        server.transport.stub(.post, "/api/v1/admin/trends/statuses/9/reject", json: "{}")
        server.transport.stub(.post, "/api/v1/admin/trends/statuses/9/approve", json: "{}")
        let screen = ScriptedScreen(
            [.waitFor("2 waiting"), .waitFor("Trending hashtag 2"), .waitFor("Used 30 times by 4 accounts")]
                + ScriptedScreen.keys("a") + [.waitFor("done: approve trend 2")] + ScriptedScreen.keys("x")
                + [.waitFor("Reject the trend: trend 9 (buy now)? [y/N]")] + ScriptedScreen.keys("y")
                + [.waitFor("0 waiting"), .waitFor("done: reject trend 9")] + ScriptedScreen.keys("u")
                + [.waitFor("undone: reject trend 9")] + ScriptedScreen.keys("q"))
        let result = await server.run(
            ["triage", "--kind", "trend"], tty: true, environment: TriageCommandTests.terminal, journal: journal,
            screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(screen.unmet == nil)
        #expect(
            TriageCommandTests.writes(server) == [
                "POST /api/v1/admin/trends/tags/2/approve", "POST /api/v1/admin/trends/statuses/9/reject",
                "POST /api/v1/admin/trends/statuses/9/approve",
            ], "\(result)")
        #expect(
            !server.transport.requests.contains { $0.url.path.contains("reports") || $0.url.path.contains("accounts") })
        let entries = try await journal.read().entries.filter { $0.outcome == .ok }
        let decided = entries.filter { $0.undoes == nil }.map { "\($0.target ?? "?"): \($0.after ?? "?")" }
        #expect(
            decided.starts(with: ["tag 2 (#spamwave): review: approved", "status 9 (buy now): review: rejected"]),
            "\(decided)")
    }

    @Test func otherDecisionKeysOnATrendAreRefusedOnTheStatusLineAndNeverSent() async throws {
        let server = Self.server()
        let screen = ScriptedScreen(
            [.waitFor("2 waiting")] + ScriptedScreen.keys("r")
                + [.waitFor("r: for reports; a trend is approved (a) or rejected (x)")] + ScriptedScreen.keys("s")
                + [.waitFor("s: for reports")] + ScriptedScreen.keys("q"))
        let result = await server.run(
            ["triage", "--kind", "trend"], tty: true, environment: TriageCommandTests.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(screen.unmet == nil)
        #expect(TriageCommandTests.writes(server).isEmpty)
    }

    @Test func theDefaultScreenAsksForNoTrendsAndTrendsTakeNoSelector() async throws {
        let server = TriageCommandTests.server()
        let screen = ScriptedScreen([.waitFor("2 waiting")] + ScriptedScreen.keys("q"))
        let result = await server.run(["triage"], tty: true, environment: TriageCommandTests.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(!server.transport.requests.contains { $0.url.path.contains("trends") })
        let selected = await server.run(
            ["triage", "--kind", "trend", "--domain", "spam.example"], tty: true,
            environment: TriageCommandTests.terminal, screen: ScriptedScreen([]))
        #expect(selected.status == 64, "\(selected)")
        #expect(selected.stderr.contains("--kind trend takes no selector"), "\(selected)")
    }
}
