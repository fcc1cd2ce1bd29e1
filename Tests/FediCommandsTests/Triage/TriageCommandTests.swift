import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl triage` end to end in the fast tier: the real command tree over a scripted screen and
/// the fake transport, which records what each key sends.
@Suite
struct TriageCommandTests {
    static let report = """
        {"id": "5", "action_taken": false, "category": "spam", "comment": "buy watches", "created_at": "2026-11-22T09:00:00Z",
          "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
          "target_account": {"id": "9", "username": "bot", "domain": "spam.example",
                             "account": {"id": "9", "username": "bot", "acct": "bot@spam.example"}},
          "statuses": [{"id": "70", "content": "<p>the slur</p>", "spoiler_text": "a slur", "sensitive": true,
                        "created_at": "2026-11-22T08:00:00Z", "account": {"id": "9", "username": "bot", "acct": "bot@spam.example"}}]}
        """
    static let pending = """
        [{"id": "31", "username": "newbie", "domain": null, "created_at": "2026-11-21T08:00:00Z", "approved": false,
          "email": "newbie@mail.example", "ip": "192.0.2.7",
          "invite_request": "hi there", "account": {"id": "31", "username": "newbie", "acct": "newbie"}}]
        """
    static let terminal = ["TERM": "xterm-256color"]

    /// One look at the queue, then no more (the first wait between looks ends the follower).
    static func server() -> FakeServerAccount {
        let server = FakeServerAccount(waitsBeforeCancel: 0)
        server.transport.allowsUnusedStubs = true
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(report)]")
        server.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: pending)
        return server
    }

    static func writes(_ server: FakeServerAccount) -> [String] {
        server.transport.requests.filter { $0.method != .get }.map { "\($0.method.rawValue) \($0.url.path)" }
    }

    @Test func refusedOffATerminalWithAHintAtQueue() async {
        let server = FakeServerAccount()
        let piped = await server.run(["triage"], environment: Self.terminal, screen: ScriptedScreen([]))
        #expect(piped.status == 64, "\(piped)")
        #expect(
            piped.stderr
                == "fedictl: triage needs a terminal (stdin and stdout, and TERM not dumb)\nhint: for scripts and pipes: fedictl queue\n"
        )
        let dumb = await server.run(["triage"], tty: true, environment: ["TERM": "dumb"], screen: ScriptedScreen([]))
        #expect(dumb.status == 64, "\(dumb)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func keysSendTheMatchingCommandsRequests() async throws {
        let server = Self.server()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/31/approve", json: #"{"id": "31", "username": "newbie", "approved": true}"#)
        server.transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: "{\"id\": \"5\", \"action_taken\": true}")
        let screen = ScriptedScreen(
            [.waitFor("2 waiting")] + ScriptedScreen.keys("a") + [.waitFor("done")] + ScriptedScreen.keys("r")
                + [.waitFor("1 waiting"), .waitFor("resolve report 5")] + [.waitFor("0 waiting")]
                + ScriptedScreen.keys("q"))
        let result = await server.run(["triage"], tty: true, environment: Self.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(
            Self.writes(server) == ["POST /api/v1/admin/accounts/31/approve", "POST /api/v1/admin/reports/5/resolve"],
            "\(result)")
        #expect(screen.stops >= 1, "the terminal was given back")
        #expect(result.stdout.isEmpty, "nothing printed under the screen: \(result)")
    }

    @Test func theDetailShowsTheReportsEvidenceAndHidesTheWarnedPostUntilV() async throws {
        let server = Self.server()
        let screen = ScriptedScreen(
            rows: 40, columns: 120,
            [.waitFor("2 waiting")] + ScriptedScreen.keys("j") + [
                .waitFor("Report 5"), .waitFor("(hidden: v shows it)"),
            ]
                + ScriptedScreen.keys("v")
                + [.waitFor("the slur")] + ScriptedScreen.keys("q"))
        // The sign-up is older: the report is second.
        let result = await server.run(["triage"], tty: true, environment: Self.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        let before = try #require(screen.frames.first { $0.text.joined().contains("(hidden: v shows it)") })
        #expect(!before.text.joined().contains("the slur"))
        #expect(before.text.joined().contains("Comment: buy watches"))
        #expect(Self.writes(server).isEmpty)
    }

    @Test func aDryRunSaysWhatTheKeyWouldSendAndSendsNothing() async throws {
        let server = Self.server()
        // reject reads the sign-up first (a read passes a dry run), then stops at its write.
        server.transport.stub(.get, "/api/v1/admin/accounts/31", json: String(Self.pending.dropFirst().dropLast()))
        let screen = ScriptedScreen(
            [.waitFor("2 waiting")] + ScriptedScreen.keys("x") + [.waitFor("would send")] + ScriptedScreen.keys("q"))
        let result = await server.run(["triage", "--dry-run"], tty: true, environment: Self.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(Self.writes(server).isEmpty)
        let said = try #require(screen.last?.text.last)
        #expect(said.contains("would send POST https://fake.test/api/v1/admin/accounts/31/reject"), "\(said)")
    }

    @Test func whatTheServersSoftwareCannotDoIsRefusedOnTheStatusLineAndNeverSent() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.0", waitsBeforeCancel: 0)
        server.transport.allowsUnusedStubs = true
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report)]")
        server.transport.stub(.get, "/api/v1/admin/accounts?status=pending", json: "[]")
        server.transport.stub(.get, "/api/v2/admin/accounts?status=pending", json: "[]")
        let screen = ScriptedScreen(
            [.waitFor("1 waiting")] + ScriptedScreen.keys("w") + [.waitFor("GoToSocial")] + ScriptedScreen.keys("q"))
        let result = await server.run(
            ["triage", "--kind", "report"], tty: true, environment: Self.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(Self.writes(server).isEmpty)
    }

    static let report6 = """
        {"id": "6", "action_taken": false, "category": "spam", "comment": "more watches", "created_at": "2026-11-22T10:00:00Z",
          "account": {"id": "1", "username": "ann", "account": {"id": "1", "username": "ann", "acct": "ann"}},
          "target_account": {"id": "8", "username": "eve", "domain": "spam.example",
                             "account": {"id": "8", "username": "eve", "acct": "eve@spam.example"}},
          "statuses": []}
        """

    /// b: what the block cuts (the server's follow counts, as sync shows them) in the y/N, then
    /// `domain-blocks add` itself: the list read, one POST, journaled with its undo.
    @Test func bBlocksTheTargetsDomainAfterSayingWhatItCuts() async throws {
        let (journal, state) = try SeededJournal.make("triage-block", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let server = Self.server()
        server.transport.stub(
            .post, "/api/v1/admin/measures",
            json: #"[{"key": "instance_follows", "total": "2"}, {"key": "instance_followers", "total": "1"}]"#)
        // One read for the detail pane's domain table, one for domain-blocks add (either may come first).
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks",
            json: #"{"id": "40", "domain": "spam.example", "severity": "suspend"}"#)
        let screen = ScriptedScreen(
            [.waitFor("2 waiting")] + ScriptedScreen.keys("jb")
                + [.waitFor("Block (suspend) spam.example: cuts 2 local follows, 1 follower? [y/N]")]
                + ScriptedScreen.keys("y") + [.waitFor("done: block")] + ScriptedScreen.keys("q"))
        let result = await server.run(
            ["triage"], tty: true, environment: Self.terminal, journal: journal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(screen.unmet == nil)
        #expect(
            Self.writes(server) == ["POST /api/v1/admin/measures", "POST /api/v1/admin/domain_blocks"], "\(result)")
        let sent = try #require(server.transport.requests.last { $0.url.path == "/api/v1/admin/domain_blocks" })
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self).contains("spam.example"))
        let entries = try await journal.read().entries
        #expect(entries.contains { $0.verb == "domain-blocks add" && $0.target == "spam.example" && $0.outcome == .ok })
        #expect(screen.last?.text[0].contains("2 waiting") == true, "a block leaves the report open")
    }

    @Test func bOnALocalTargetIsRefusedWithTheReasonAndSendsNothing() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 0)
        server.transport.allowsUnusedStubs = true
        let local = Self.report.replacing(#""domain": "spam.example","#, with: #""domain": null,"#)
            .replacing("bot@spam.example", with: "bot")
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(local)]")
        let screen = ScriptedScreen(
            [.waitFor("1 waiting")] + ScriptedScreen.keys("b") + [.waitFor("no domain to block")]
                + ScriptedScreen.keys("q"))
        let result = await server.run(
            ["triage", "--kind", "report"], tty: true, environment: Self.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(Self.writes(server).isEmpty)
    }

    /// Marked items go through the verb's bulk form (`reports resolve -`, the bulk engine), after one y/N.
    @Test func markedReportsAreResolvedTogetherThroughTheBulkForm() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 0)
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report), \(Self.report6)]")
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report), \(Self.report6)]")
        server.transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: #"{"id": "5", "action_taken": true}"#)
        server.transport.stub(.post, "/api/v1/admin/reports/6/resolve", json: #"{"id": "6", "action_taken": true}"#)
        let screen = ScriptedScreen(
            [.waitFor("2 waiting")] + ScriptedScreen.keys("  r") + [.waitFor("Resolve the report: 2 items? [y/N]")]
                + ScriptedScreen.keys("y") + [.waitFor("0 waiting"), .waitFor("done: resolve 2 items")]
                + ScriptedScreen.keys("q"))
        let result = await server.run(
            ["triage", "--kind", "report"], tty: true, environment: Self.terminal, screen: screen)
        #expect(result.status == 0, "\(result)")
        #expect(
            Set(Self.writes(server)) == [
                "POST /api/v1/admin/reports/5/resolve", "POST /api/v1/admin/reports/6/resolve",
            ],
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// A wait that can never be met fails the test instead of hanging it.
    @Test func aScriptWaitingForTextThatNeverComesFailsInsteadOfHanging() async throws {
        let server = Self.server()
        let screen = ScriptedScreen([.waitFor("2 waiting"), .waitFor("text no frame shows")])
        await withKnownIssue {
            let result = await server.run(["triage"], tty: true, environment: Self.terminal, screen: screen)
            #expect(result.status == 0, "the screen closed as on q: \(result)")
        }
        #expect(screen.unmet == "text no frame shows")
        #expect(screen.stops >= 1)
    }
}
