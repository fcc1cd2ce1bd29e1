import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl triage` on a real terminal (tmux, through ncursesw) over two mastodon_mock servers:
/// keys in with send-keys, the screen read back with capture-pane, each decision read back from
/// the servers, and the terminal as it was after q and after SIGTERM.
@Suite(.enabled(if: ProcessRunner.isInstalled("tmux"), "needs tmux (make deps installs it)"))
struct TriageScreenTests {
    static let carol = SeedAccount("carol", token: "carol-token")
    static let dave = SeedAccount("dave", token: "dave-token")

    /// A: alice's report about bob with a warned post (TriageScene), three reports by bob about
    /// alice ("bulk"). B: a report about bob to suspend, two sign-ups waiting (carol, dave).
    struct Fleet {
        let a: ServerProcess
        let b: ServerProcess
        let scene: TriageScene
        let bulk: [String]
        let toSuspend: String
        let bobOnB: String
        let home: TerminalWidthTests.Home

        func stop() {
            a.stop()
            b.stop()
            try? FileManager.default.removeItem(at: home.root)
        }
    }

    static func fleet() async throws -> Fleet {
        async let first = MockServer.start()
        async let second = MockServer.start(accounts: [MockServer.admin, MockServer.alice, MockServer.bob, carol, dave])
        let (a, b) = try await (first, second)
        let scene = try await TriageScene.set(on: a)
        let aliceOnA = try await TriageScene.accountID("alice", on: a)
        var bulk: [String] = []
        for index in 1...3 {
            bulk.append(
                try TriageScene.string(
                    try TriageScene.object(
                        try await a.json(
                            .post, "/api/v1/reports", token: MockServer.bob.token,
                            body: ["account_id": aliceOnA, "comment": "bulk \(index)", "category": "other"]))["id"]))
        }
        let bobOnB = try await TriageScene.accountID("bob", on: b)
        let toSuspend = try TriageScene.string(
            try TriageScene.object(
                try await b.json(
                    .post, "/api/v1/reports", token: MockServer.alice.token,
                    body: ["account_id": bobOnB, "comment": "threatens people", "category": "violation"]))["id"])
        try await b.makePending("carol", reason: "carol wants to talk about birds")
        try await b.makePending("dave", reason: "dave wants to talk about trains")
        return Fleet(
            a: a, b: b, scene: scene, bulk: bulk, toSuspend: toSuspend, bobOnB: bobOnB,
            home: try TerminalWidthTests.Home(servers: [a, b]))
    }

    /// A pane running `fedictl triage` (then `stty -a`, to show the modes it left), at `columns`x`rows`.
    static func start(_ fleet: Fleet, columns: Int, rows: Int, name: String) throws -> Tmux {
        let script =
            "'\(RepoPaths.fedictlBinary.path)' triage --interval 3600; echo \"### status $?\"; stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon -e -echo -e -icanon | tr '\\n' ' '; echo; exec sleep 300"
        let tmux = Tmux(socket: fleet.home.root.appendingPathComponent("\(name).sock").path)
        try tmux.start(Self.pane(fleet.home, script), columns: columns, rows: rows)
        return tmux
    }

    /// A pane at 80x24 running `fedictl triage ARGUMENTS` in `home`, then printing its exit status.
    static func triage(_ home: TerminalWidthTests.Home, _ arguments: String, name: String) throws -> Tmux {
        let script =
            "'\(RepoPaths.fedictlBinary.path)' triage \(arguments); echo \"### status $?\"; exec sleep 300"
        let tmux = Tmux(socket: home.root.appendingPathComponent("\(name).sock").path)
        try tmux.start(Self.pane(home, script), columns: 80, rows: 24)
        return tmux
    }

    /// A shell running `script` with the home's environment and nothing else: the tmux server
    /// inherits this process's, whose XDG_CONFIG_HOME (scripts/with-keyring) names another config.
    static func pane(_ home: TerminalWidthTests.Home, _ script: String) -> [String] {
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        environment["XDG_STATE_HOME"] = home.root.appendingPathComponent("state").path
        let pairs = environment.map { "\($0.key)=\($0.value)" }.sorted()
        return ["env", "-i"] + pairs + ["bash", "--norc", "--noprofile", "-c", script]
    }

    /// Waits (on a thread of its own) until the pane shows `text`.
    static func waitFor(_ tmux: Tmux, _ text: String) async throws -> [String] {
        let found = try await ProcessRunner.onOwnThread { tmux.waitFor { $0.joined(separator: "\n").contains(text) } }
        // capture-pane ends every row with a newline: the last one is no row of the screen.
        var screen = tmux.screen()
        if screen.last == "" { screen.removeLast() }
        try #require(found, "never showed \(text):\n\(screen.joined(separator: "\n"))")
        return screen
    }

    /// The pane once fedictl has exited with 0 and `stty` has printed the modes it left.
    static func exited(_ tmux: Tmux) async throws -> [String] {
        _ = try await waitFor(tmux, "### status 0")
        return try await waitFor(tmux, "icanon")
    }

    static func send(_ tmux: Tmux, _ text: String) throws { try tmux.type(text) }

    static func report(_ id: String, on server: ServerProcess) async throws -> [String: Any] {
        try TriageScene.object(
            try await server.json(.get, "/api/v1/admin/reports/\(id)", token: MockServer.admin.token))
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func movesRevealsDecidesMarksUndoesAndGivesTheTerminalBack(columns: Int, rows: Int) async throws {
        let fleet = try await Self.fleet()
        defer { fleet.stop() }
        let tmux = try Self.start(fleet, columns: columns, rows: rows, name: "triage\(columns)")
        defer { tmux.stop() }
        var seen: [[String]] = []
        func wait(_ text: String) async throws {
            let screen = try await Self.waitFor(tmux, text)
            seen.append(screen)
        }
        try await wait("7 waiting on 2 servers")
        // Move; read the scene's report: its warned post hidden until v.
        try Self.send(tmux, "jjk")
        try Self.send(tmux, "/Scam")
        try tmux.keys("Enter")
        try await wait("[CW: hot take] (hidden: v shows it)")
        #expect(!tmux.screenText.contains("you are all wrong"))
        try Self.send(tmux, "v")
        try await wait("you are all wrong")
        // Resolve it.
        try Self.send(tmux, "r")
        try await wait("done: resolve report \(fleet.scene.reportID)")
        #expect(try await Self.report(fleet.scene.reportID, on: fleet.a)["action_taken"] as? Bool == true)
        // Approve carol, reject dave (y/N).
        try Self.send(tmux, "/carol")
        try tmux.keys("Enter")
        try Self.send(tmux, "a")
        try await wait("done: approve sign-up")
        try await wait("5 waiting")
        let carolID = try await TriageScene.accountID("carol", on: fleet.b)
        #expect(try await fleet.b.adminAccount(carolID)["approved"] as? Bool == true)
        try Self.send(tmux, "/dave")
        try tmux.keys("Enter")
        try Self.send(tmux, "x")
        try await wait("Reject the sign-up")
        try Self.send(tmux, "y")
        try await wait("4 waiting")
        let pending = try #require(
            try await fleet.b.json(.get, "/api/v2/admin/accounts?status=pending", token: MockServer.admin.token)
                as? [[String: Any]])
        #expect(pending.isEmpty, "\(pending)")
        // Suspend bob on B, after y.
        try Self.send(tmux, "/threatens")
        try tmux.keys("Enter")
        try Self.send(tmux, "s")
        try await wait("Suspend the target")
        try Self.send(tmux, "y")
        try await wait("3 waiting")
        #expect(try await fleet.b.adminAccount(fleet.bobOnB)["suspended"] as? Bool == true)
        #expect(try await Self.report(fleet.toSuspend, on: fleet.b)["action_taken"] as? Bool == true)
        // Mark the three bulk reports and resolve them together; then undo that.
        try Self.send(tmux, "/bulk")
        try tmux.keys("Enter")
        try Self.send(tmux, "   ")
        try await wait("3 marked")
        try Self.send(tmux, "r")
        try await wait("3 items?")
        try Self.send(tmux, "y")
        try await wait("0 waiting")
        for id in fleet.bulk { #expect(try await Self.report(id, on: fleet.a)["action_taken"] as? Bool == true) }
        try Self.send(tmux, "u")
        try await wait("undone")
        try await wait("3 waiting")
        for id in fleet.bulk { #expect(try await Self.report(id, on: fleet.a)["action_taken"] as? Bool == false) }
        for screen in seen {
            #expect(screen.count <= rows)
            for line in screen { #expect(line.count <= columns, "wider than \(columns): \(line)") }
        }
        // q: the shell's screen is back, in its own modes.
        try Self.send(tmux, "q")
        let after = try await Self.exited(tmux)
        #expect(!after.joined().contains("fedictl triage ·"), "\(after)")
        #expect(after.contains { $0.trimmingCharacters(in: .whitespaces) == "icanon echo" }, "\(after)")
    }

    /// The real GoToSocial beside a mastodon_mock: its sign-up from the web form shows with its
    /// reason, and `a` approves it there.
    @Test(.realGoToSocial) func approvesASignUpOnTheRealGoToSocial() async throws {
        let gts = try await GoToSocialServer.shared()
        let username = GoToSocialServer.uniqueName("triaged")
        _ = try await gts.signUpThroughWebForm(username)
        let mock = try await MockServer.start()
        defer { mock.stop() }
        let home = try TerminalWidthTests.Home(servers: [mock, gts.http])
        defer { try? FileManager.default.removeItem(at: home.root) }
        let tokenFile = home.tokens.appendingPathComponent(home.accounts[1])
        try gts.admin.token.write(to: tokenFile, atomically: true, encoding: .utf8)
        chmod(tokenFile.path, 0o600)
        let tmux = try Self.triage(home, "--interval 3600", name: "gts")
        defer { tmux.stop() }
        let queue = try await home.run(["queue", "--kind", "sign-up"])
        #expect(queue.status == 0 && queue.stdout.contains(username), "\(queue)")
        _ = try await Self.waitFor(tmux, "waiting on 2 servers")
        try Self.send(tmux, "/\(username)")
        try tmux.keys("Enter")
        let shown = try await Self.waitFor(tmux, "Reason: \(GoToSocialServer.defaultReason.prefix(30))")
        for line in shown { #expect(line.count <= 80, "\(line)") }
        try Self.send(tmux, "a")
        _ = try await Self.waitFor(tmux, "done: approve sign-up")
        try await gts.eventually("GoToSocial to approve @\(username)") {
            try await gts.adminAccount(username)["approved"] as? Bool == true
        }
        try Self.send(tmux, "q")
        let after = try await Self.waitFor(tmux, "### status 0")
        #expect(!after.joined().contains("fedictl triage ·"), "\(after)")
    }

    /// `--kind trend` over a mastodon_mock whose trend list says two hashtags await review (the mock
    /// never asks for review itself: its list is answered as Mastodon's would be, the decisions go to
    /// the mock): x and y reject one, a approves the other, each read back from the server.
    @Test func approvesAndRejectsTrendsAwaitingReview() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        try await TrendReviewTests.post("#cats rule", on: server)
        try await TrendReviewTests.post("buy now #spamwave", on: server)
        // Rejected before, so its approval shows on the server.
        _ = try await server.json(.post, "/api/v1/admin/trends/tags/spamwave/reject", token: MockServer.admin.token)
        func pending(_ name: String) -> [String: Any] {
            [
                "id": name, "name": name, "url": "http://\(server.base)/tags/\(name)", "usable": true,
                "history": [["day": "1764374400", "uses": "7", "accounts": "3"]], "trendable": false,
                "requires_review": true,
            ]
        }
        try await server.addFault([
            "match": ["methods": ["GET"], "path": "/api/v1/admin/trends/tags"],
            "effect": ["type": "status", "status": 200, "body": [pending("cats"), pending("spamwave")]],
        ])
        let home = try TerminalWidthTests.Home(servers: [server])
        defer { try? FileManager.default.removeItem(at: home.root) }
        let tmux = try Self.triage(home, "--kind trend --interval 3600", name: "trends")
        defer { tmux.stop() }
        var seen: [[String]] = []
        seen.append(try await Self.waitFor(tmux, "2 waiting"))
        seen.append(try await Self.waitFor(tmux, "Trending hashtag cats"))
        #expect(tmux.screenText.contains("Used 7 times by 3 accounts"), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("a approve trend  x reject trend"), "\(tmux.screenText)")
        try Self.send(tmux, "r")
        seen.append(try await Self.waitFor(tmux, "r: for reports; a trend is approved (a) or rejected (x)"))
        try Self.send(tmux, "x")
        seen.append(try await Self.waitFor(tmux, "Reject the trend: trend cats (#cats)? [y/N]"))
        try Self.send(tmux, "y")
        seen.append(try await Self.waitFor(tmux, "1 waiting"))
        seen.append(try await Self.waitFor(tmux, "Trending hashtag spamwave"))
        try Self.send(tmux, "a")
        seen.append(try await Self.waitFor(tmux, "0 waiting"))
        seen.append(try await Self.waitFor(tmux, "done: approve trend spamwave"))
        try await server.clearFaults()
        let tags = try await TrendReviewTests.adminTags(on: server)
        #expect(tags["cats"] == false, "\(tags)")
        #expect(tags["spamwave"] == true, "\(tags)")
        let shown = try await TrendReviewTests.publicNames("tags", on: server)
        #expect(shown.contains("spamwave") && !shown.contains("cats"), "\(shown)")
        for screen in seen {
            #expect(screen.count <= 24)
            for line in screen { #expect(line.count <= 80, "wider than 80: \(line)") }
        }
        try Self.send(tmux, "q")
        let after = try await Self.waitFor(tmux, "### status 0")
        #expect(!after.joined().contains("fedictl triage ·"), "\(after)")
    }

    @Test func sigtermGivesTheTerminalBack() async throws {
        let fleet = try await Self.fleet()
        defer { fleet.stop() }
        let tmux = try Self.start(fleet, columns: 80, rows: 24, name: "sigterm")
        defer { tmux.stop() }
        _ = try await Self.waitFor(tmux, "waiting on 2 servers")
        let found = try await ProcessRunner.run(
            "pgrep", ["-f", "^\(RepoPaths.fedictlBinary.path) triage --interval 3600$"])
        let pids = found.stdout.split(separator: "\n").compactMap { Int32($0) }
        try #require(!pids.isEmpty, "\(found)")
        // Only this test's fedictl: its environment names this fleet's home.
        for pid in pids {
            let environ = (try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8)) ?? ""
            if environ.contains(fleet.home.root.path) { kill(pid, SIGTERM) }
        }
        let after = try await Self.exited(tmux)
        #expect(!after.joined().contains("fedictl triage ·"), "\(after)")
        #expect(after.contains { $0.trimmingCharacters(in: .whitespaces) == "icanon echo" }, "\(after)")
    }

    /// b over two mastodon_mock servers: the detail says how each server treats the target's domain,
    /// the y/N names the follows the block cuts, and the block is read back from the server. Then
    /// the other server stops answering: it is named in the header, the screen goes on, and it
    /// leaves the header once it answers again.
    @Test func blocksTheTargetsDomainAndNamesAServerThatStopsAnswering() async throws {
        async let first = MockServer.start(
            accounts: [MockServer.admin, MockServer.alice], extraConfig: QueueFleetTests.remoteSeed)
        async let second = MockServer.start()
        let (a, b) = try await (first, second)
        defer {
            a.stop()
            b.stop()
        }
        let spammer = try await QueueFleetTests.remoteID(on: a)
        let report = try await QueueFleetTests.file(on: a, by: MockServer.alice.token, about: spammer)
        let home = try TerminalWidthTests.Home(servers: [a, b])
        defer { try? FileManager.default.removeItem(at: home.root) }
        let tmux = try Self.triage(home, "--interval 1", name: "block")
        defer { tmux.stop() }
        var seen: [[String]] = []
        seen.append(try await Self.waitFor(tmux, "1 waiting on 2 servers"))
        seen.append(try await Self.waitFor(tmux, "Its domain spam.example:"))
        #expect(tmux.screenText.contains("nothing"), "no server blocks it yet")
        // The target's counts, as its server keeps them (the account its admin record embeds).
        #expect(tmux.screenText.contains(" 0 posts · 0 followers"), "\(tmux.screenText)")
        try Self.send(tmux, "b")
        // Two servers: the question names the block's server; at 80 columns its end gives way to [y/N].
        seen.append(try await Self.waitFor(tmux, "Block (suspend) spam.example on "))
        #expect(tmux.screenText.contains(": cuts 0 local follows, 0"), "\(tmux.screenText)")
        try Self.send(tmux, "y")
        seen.append(try await Self.waitFor(tmux, "done: block report \(report)"))
        let blocks = try #require(
            try await a.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token) as? [[String: Any]])
        #expect(blocks.map { $0["domain"] as? String } == ["spam.example"], "\(blocks)")
        #expect(blocks.first?["severity"] as? String == "suspend")
        #expect(try await Self.report(report, on: a)["action_taken"] as? Bool == false, "the report stays open")
        // B stops answering: named in the header while the screen goes on; gone once it answers.
        try await b.addFault([
            "match": ["methods": ["GET"], "path": "/api/v1/admin/reports"],
            "effect": ["type": "status", "status": 503], "count": 1000,
        ])
        seen.append(try await Self.waitFor(tmux, " down: "))
        try Self.send(tmux, "j")
        seen.append(try await Self.waitFor(tmux, "1 waiting on 2 servers"))
        try await b.clearFaults()
        _ = try await ProcessRunner.onOwnThread { tmux.waitFor { !$0.joined(separator: "\n").contains(" down: ") } }
        #expect(!tmux.screenText.contains(" down: "), "\(tmux.screenText)")
        for screen in seen {
            #expect(screen.count <= 24)
            for line in screen { #expect(line.count <= 80, "wider than 80: \(line)") }
        }
        try Self.send(tmux, "q")
        _ = try await Self.waitFor(tmux, "### status 0")
    }
}
