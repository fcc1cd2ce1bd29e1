import FediCore
import FediTestSupport
import Foundation
import Testing

/// `queue --watch` over several accounts as a user runs it: the built binary against two
/// mastodon_mock servers (and the SSE test server without a stream), tokens from a --token-file
/// directory, ended by SIGTERM: lines as items arrive (on a terminal too), an outage and its end
/// said once each way, --exec beside the watch and bounded, SIGTERM within 2 s in every state.
struct FleetWatchTests {
    /// Two admin accounts, one per server, in a config of their own; their tokens in 0600 files.
    struct Watchers {
        let servers: [ServerProcess]
        let root: URL
        var ids: [String] { servers.map { "admin@\($0.base)" } }
        var tokens: URL { root.appendingPathComponent("tokens") }

        init(_ servers: [ServerProcess], tokens: [String]) throws {
            self.servers = servers
            root = try TemporaryDirectory.make("fleet-watch")
            let store = FileLoginStore(paths: ConfigPaths(directory: root.appendingPathComponent("config/fedictl")))
            try store.update { config in
                config.accounts = servers.map {
                    Login(id: "admin@\($0.base)", username: "admin", baseURL: "http://\($0.base)")
                }
            }
            try FileManager.default.createDirectory(at: self.tokens, withIntermediateDirectories: true)
            for (id, token) in zip(ids, tokens) {
                let file = self.tokens.appendingPathComponent(id)
                try Data(token.utf8).write(to: file)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            }
        }

        var environment: [String: String] {
            [
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                "FEDICTL_TOKEN_FILE": tokens.path,
            ]
        }

        func watch(
            _ extra: [String], environment: [String: String] = [:],
            traceWritesTo trace: URL? = nil
        ) throws -> BinaryRun {
            try BinaryRun(
                ["--all-accounts", "queue", "--watch", "--kind", "report", "--interval", "1", "-o", "ndjson"] + extra,
                environment: self.environment.merging(environment) { $1 }, traceWritesTo: trace)
        }

        func stop() {
            servers.forEach { $0.stop() }
            try? FileManager.default.removeItem(at: root)
        }
    }

    static func twoMocks() async throws -> Watchers {
        async let a = MockServer.start()
        async let b = MockServer.start()
        return try Watchers([try await a, try await b], tokens: [MockServer.admin.token, MockServer.admin.token])
    }

    /// Bob reports Alice on `server`; the report's id.
    static func fileReport(on server: ServerProcess) async throws -> String {
        let alice = try await TriageScene.accountID("alice", on: server)
        let report = try TriageScene.object(
            try await server.json(
                .post, "/api/v1/reports", token: MockServer.bob.token,
                body: ["account_id": alice, "comment": "rude", "category": "other"]))
        return try TriageScene.string(report["id"])
    }

    /// SIGTERM, then the time until fedictl has exited; its result.
    static func terminate(_ watch: BinaryRun) async throws -> (CommandResult, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        watch.signal(SIGTERM)
        try await watch.waitForExit(seconds: 10)
        let took = clock.now - start
        return (try await watch.finish(seconds: 10), took)
    }

    static func lines(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func itemsOfEveryServerShowAsTheyArriveAndAnOutageIsSaidOnceEachWay() async throws {
        let watchers = try await Self.twoMocks()
        defer { watchers.stop() }
        let (a, b) = (watchers.servers[0], watchers.servers[1])
        // Under strace where it is installed (the Makefile's APT_PACKAGES): each write is seen alone.
        let trace = watchers.root.appendingPathComponent("writes.trace")
        let watch = try watchers.watch(["--verbose"], traceWritesTo: WriteTrace.isAvailable ? trace : nil)
        for server in watchers.servers {
            _ = try await watch.waitForStderr(
                containing: "< 200 http://\(server.base)/api/v1/streaming/user/notification (")
        }
        let first = try await Self.fileReport(on: b)
        _ = try await watch.waitForStdout(containing: #""id":"\#(first)""#, seconds: 10)

        // a stops answering its admin API for a while, then answers again: said once each way.
        try await a.addFault([
            "match": ["path_regex": "^/api/v[12]/admin/"], "effect": ["type": "status", "status": 503],
        ])
        _ = try await watch.waitForStderr(
            containing: "fedictl: \(watchers.ids[0]): \(a.base) does not answer (", seconds: 20)
        let during = try await Self.fileReport(on: b)  // the other server's items go on meanwhile
        _ = try await watch.waitForStdout(containing: #""id":"\#(during)""#, seconds: 10)
        try await Task.sleep(for: .seconds(3))  // several failed looks
        try await a.clearFaults()
        _ = try await watch.waitForStderr(
            containing: "fedictl: \(watchers.ids[0]): \(a.base) answers again", seconds: 20)
        let after = try await Self.fileReport(on: a)
        _ = try await watch.waitForStdout(containing: #""id":"\#(after)""#, seconds: 10)

        let (result, took) = try await Self.terminate(watch)
        #expect(result.status == 0, "\(result)")
        #expect(took < .seconds(2), "\(took)")
        #expect(result.stderr.components(separatedBy: "does not answer (").count == 2, "once: \(result.stderr)")
        #expect(result.stderr.components(separatedBy: "answers again").count == 2, "once: \(result.stderr)")
        let lines = Self.lines(result.stdout)
        let items = lines.compactMap { line in line["id"].map { "\(line["account"] ?? "") \($0)" } }
        #expect(
            items == ["\(watchers.ids[1]) \(first)", "\(watchers.ids[1]) \(during)", "\(watchers.ids[0]) \(after)"],
            "\(result)")
        // Fit for the journal off a terminal: one whole line per event, no colour, no redraws.
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\r") && result.stderr.hasSuffix("\n"))
        if WriteTrace.isAvailable {
            for descriptor: Int32 in [1, 2] {
                let writes = try WriteTrace.writes(in: trace, to: descriptor)
                #expect(writes.count >= 3 && WriteTrace.unfitForJournal(writes).isEmpty, "fd \(descriptor): \(writes)")
            }
        }
        #expect(result.stdout.split(separator: "\n").count == lines.count, "every line is one JSON object")
        let events = lines.compactMap { line in line["event"].map { "\(line["account"] ?? "") \($0)" } }
        #expect(events == ["\(watchers.ids[0]) server_down", "\(watchers.ids[0]) server_up"], "\(result)")
    }

    /// With no account named, the watch follows what `queue` shows: every account that can
    /// moderate, not only the default one (issue 44: a second server's reports never showed).
    @Test func withNoAccountNamedEveryModeratingAccountIsWatched() async throws {
        let watchers = try await Self.twoMocks()
        defer { watchers.stop() }
        let onA = try await Self.fileReport(on: watchers.servers[0])
        let onB = try await Self.fileReport(on: watchers.servers[1])
        let watch = try BinaryRun(
            ["queue", "--watch", "--kind", "report", "--interval", "1", "-o", "ndjson"],
            environment: watchers.environment)
        _ = try await watch.waitForStdout(containing: #""id":"\#(onA)""#, seconds: 10)
        _ = try await watch.waitForStdout(containing: #""id":"\#(onB)""#, seconds: 10)
        let (result, _) = try await Self.terminate(watch)
        #expect(result.status == 0, "\(result)")
        let items = Set(
            Self.lines(result.stdout).compactMap { line in line["id"].map { "\(line["account"] ?? "") \($0)" } })
        #expect(items == ["\(watchers.ids[0]) \(onA)", "\(watchers.ids[1]) \(onB)"], "\(result)")
    }

    @Test func onATerminalEachLineShowsAsItsItemArrives() async throws {
        let watchers = try await Self.twoMocks()
        defer { watchers.stop() }
        // script(1) gives fedictl a terminal; `exec` keeps the shell's pid, printed first, for the signal.
        let command =
            "echo pid=$$; exec '\(RepoPaths.fedictlBinary.path)' --all-accounts queue --watch --kind report --interval 1"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = BinaryRunner.userEnvironment(
            watchers.environment.merging(["TERM": "xterm", "COLUMNS": "200"]) { $1 })
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = Pipe()
        let text = Recorded<String>()
        try process.run()
        Thread.detachNewThread {
            while case let chunk = out.fileHandleForReading.availableData, !chunk.isEmpty {
                text.append(String(decoding: chunk, as: UTF8.self))
            }
        }
        defer { if process.isRunning { process.terminate() } }
        let pid = try await Waiting.until(seconds: 20, what: "the pid") {
            text.all.joined().split(separator: "\n").first { $0.hasPrefix("pid=") }.flatMap {
                Int32($0.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        try await Task.sleep(for: .seconds(3))  // the first looks
        let id = try await Self.fileReport(on: watchers.servers[1])
        // The line shows while the watch runs: an account column, then the item.
        let line = try await Waiting.until(seconds: 10, what: "the report's line (so far: \(text.all.joined()))") {
            text.all.joined().split(separator: "\n").first { $0.contains(watchers.ids[1]) && $0.contains(" \(id) ") }
        }
        #expect(line.contains("report"), "\(line)")
        kill(pid, SIGTERM)
        // The kernel's word: Foundation's isRunning can lag (a copy of its socket in another child).
        let ending = try await ProcessRunner.waitForExit(process, seconds: 5)
        #expect(ending == .init(status: 0, bySignal: false), "\(text.all.joined())")
    }

    /// SIGTERM ends the watch within 2 s with exit 0: streaming, polling, backing off after a
    /// server went away, and while a notifier runs (it is stopped with the watch).
    @Test(arguments: ["streaming", "polling", "backing off", "running --exec"])
    func sigtermEndsItWithin2Seconds(_ state: String) async throws {
        let watchers: Watchers
        if state == "polling" {
            async let a = MockServer.start()
            async let sse = SSETestServer.start(["--no-streaming"])
            watchers = try Watchers([try await a, try await sse], tokens: [MockServer.admin.token, "fixture-token"])
        } else {
            watchers = try await Self.twoMocks()
        }
        defer { watchers.stop() }
        let marker = watchers.root.appendingPathComponent("notifier-started").path
        // The notifier records the signals it starts with blocked: none, as a fresh process, so that
        // SIGTERM reaches it (a pool thread's mask blocks nearly all).
        let extra =
            state == "running --exec"
            ? ["--exec", "grep SigBlk /proc/self/status > \"$MARK.mask\"; touch \"$MARK\"; sleep 60"] : []
        let watch = try watchers.watch(["--verbose"] + extra, environment: ["MARK": marker])
        _ = try await watch.waitForStderr(
            containing: "< 200 http://\(watchers.servers[0].base)/api/v1/streaming/user/notification (")
        switch state {
        case "polling":
            _ = try await watch.waitForStderr(containing: "no notification stream here")
        case "backing off":
            watchers.servers[1].stop()
            _ = try await watch.waitForStderr(containing: "\(watchers.servers[1].base) does not answer (")
        case "running --exec":
            _ = try await Self.fileReport(on: watchers.servers[0])
            _ = try await Waiting.until(seconds: 20, what: "the notifier to start") {
                FileManager.default.fileExists(atPath: marker) ? true : nil
            }
        default:
            _ = try await watch.waitForStderr(
                containing: "< 200 http://\(watchers.servers[1].base)/api/v1/streaming/user/notification (")
        }
        let (result, took) = try await Self.terminate(watch)
        #expect(result.status == 0, "\(state): \(result)")
        #expect(took < .seconds(2), "\(state): \(took)")
        if state == "running --exec" {
            let mask = try String(contentsOfFile: marker + ".mask", encoding: .utf8)
            #expect(mask == "SigBlk:\t0000000000000000\n", "\(mask)")
        }
    }

    @Test func aNotifierPastExecTimeoutIsStoppedAndDelaysNoServersItems() async throws {
        let watchers = try await Self.twoMocks()
        defer { watchers.stop() }
        let started = watchers.root.appendingPathComponent("started").path
        let watch = try watchers.watch(
            ["--exec", "cat >> \"$STARTED\"; sleep 60", "--exec-timeout", "2"], environment: ["STARTED": started])
        try await Task.sleep(for: .seconds(3))  // the first looks
        let first = try await Self.fileReport(on: watchers.servers[0])
        _ = try await watch.waitForStdout(containing: #""id":"\#(first)""#, seconds: 10)
        // Its notifier sleeps; the other server's next item still shows at once.
        let clock = ContinuousClock()
        let filed = clock.now
        let second = try await Self.fileReport(on: watchers.servers[1])
        _ = try await watch.waitForStdout(containing: #""id":"\#(second)""#, seconds: 10)
        #expect(clock.now - filed < .seconds(4), "within the interval and 2 s")
        _ = try await watch.waitForStderr(containing: "ran past --exec-timeout (2 s) and was stopped", seconds: 10)
        let (result, _) = try await Self.terminate(watch)
        #expect(result.status == 0, "\(result)")
        let handed = try String(contentsOfFile: started, encoding: .utf8)
        #expect(handed.contains(#""id":"\#(first)""#) && handed.contains(#""id":"\#(second)""#), "\(handed)")
    }
}
