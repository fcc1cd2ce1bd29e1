import FediCore
import FediTestSupport
import Foundation
import Testing

/// Whole before/after, `log undo` and the write-ahead journal over libcurl against mastodon_mock,
/// checking the server's state afterwards.
struct JournalUndoTests {
    static func blocks(on server: ServerProcess) async throws -> [[String: Any]] {
        try #require(
            try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
    }

    @Test func aLiftedSilenceBlockComesBackWithItsFlagsAndCommentsAndTheUndoCanBeUndone() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-undo-lift", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let add = await admin.run([
            "domain-blocks", "add", "goodplace.example", "--severity", "silence", "--reject-media",
            "--public-comment", "Unmoderated", "--private-comment", "ticket #12; ask Kim",
        ])
        #expect(add.status == 0, "\(add)")
        let lift = await admin.run([
            "domain-blocks", "remove", "goodplace.example", "--yes", "--reason", "appeal granted",
        ])
        #expect(lift.status == 0, "\(lift)")
        #expect(try await Self.blocks(on: server).isEmpty)

        let entries = try journal.readNow().entries
        let liftEntry = try #require(entries.last)
        #expect(
            liftEntry.verb == "domain-blocks remove" && liftEntry.reason == "appeal granted"
                && liftEntry.after == "none", "\(liftEntry)")
        #expect(
            liftEntry.before == #"severity: silence; reject_media: yes; reject_reports: no; obfuscate: no; "#
                + #"public_comment: "Unmoderated"; private_comment: "ticket #12; ask Kim""#, "\(liftEntry)")
        #expect(entries.first?.before == "none" && entries.first?.after == liftEntry.before, "\(entries)")

        // `log show` prints the undo as a command a shell runs as it is.
        let show = await admin.run(["log", "show", liftEntry.id, "-o", "json"])
        let undoLine = try #require((try show.json() as? [String: Any])?["undo"] as? String)
        #expect(undoLine.hasSuffix(" --yes") && undoLine.contains("--severity silence --reject-media"), "\(undoLine)")

        let undo = await admin.run(["log", "undo", liftEntry.id, "--yes"])
        #expect(undo.status == 0, "\(undo)")
        let restored = try #require(try await Self.blocks(on: server).first)
        #expect(
            restored["domain"] as? String == "goodplace.example" && restored["severity"] as? String == "silence",
            "\(restored)")
        #expect(
            restored["reject_media"] as? Bool == true && restored["reject_reports"] as? Bool == false, "\(restored)")
        #expect(
            restored["public_comment"] as? String == "Unmoderated"
                && restored["private_comment"] as? String == "ticket #12; ask Kim")

        // The undo is journaled with the id it undid, and undoing it lifts the block again.
        let redo = try #require(try journal.readNow().entries.last)
        #expect(redo.undoes == liftEntry.id && redo.outcome == .ok, "\(redo)")
        let again = await admin.run(["log", "undo", redo.id, "--yes"])
        #expect(again.status == 0, "\(again)")
        #expect(try await Self.blocks(on: server).isEmpty)

        // Every entry that touched the domain, lifts and undos included.
        let found = await admin.run(["log", "--target", "goodplace.example", "--fields", "verb,after"])
        #expect(
            found.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != "\t" })) }
                == ["domain-blocks add", "domain-blocks remove", "domain-blocks add", "domain-blocks remove"],
            "\(found)")
    }

    @Test func anUpdateIsUndoneToItsOldValuesAndAStaleEntryIsRefused() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-undo-update", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        #expect(
            await admin.run([
                "domain-blocks", "add", "noisy.example", "--severity", "silence", "--public-comment", "old",
            ]).status == 0)
        #expect(
            await admin.run([
                "domain-blocks", "update", "noisy.example", "--severity", "suspend", "--public-comment", "new",
            ]).status == 0)
        let update = try #require(try journal.readNow().entries.last)
        #expect(
            update.before?.hasPrefix("severity: silence;") == true
                && update.after?.hasPrefix("severity: suspend;") == true, "\(update)")

        // Someone changes it by hand: the undo is refused (79), nothing sent.
        #expect(
            await admin.run(["domain-blocks", "update", "noisy.example", "--public-comment", "by hand"]).status == 0)
        let stale = await admin.run(["log", "undo", update.id, "--yes"])
        #expect(stale.status == 79, "\(stale)")
        #expect(
            stale.stderr.contains("changed since entry \(update.id)") && stale.stderr.contains("--force"), "\(stale)")
        #expect(try await Self.blocks(on: server).first?["public_comment"] as? String == "by hand")

        let forced = await admin.run(["log", "undo", update.id, "--yes", "--force"])
        #expect(forced.status == 0, "\(forced)")
        let block = try #require(try await Self.blocks(on: server).first)
        #expect(block["severity"] as? String == "silence" && block["public_comment"] as? String == "old", "\(block)")
    }

    /// An import killed with SIGKILL at random moments, again and again: every block the server has
    /// has its journal entry (its outcome, or the intent written before it was sent).
    @Test func noEntryIsLostWhenAnImportIsKilled() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("journal-import-killed")
        defer { try? FileManager.default.removeItem(at: state) }
        var environment = ProcessInfo.processInfo.environment
        environment.merge(BinaryRunner.userEnvironment(JournalConcurrencyTests.environment(state: state))) { $1 }
        let list = (0..<80).map { "killed\($0).example\n" }.joined()
        let input = state.appendingPathComponent("list.txt")
        try list.write(to: input, atomically: true, encoding: .utf8)
        for round in 0..<6 {
            let process = Process()
            process.executableURL = RepoPaths.fedictlBinary
            process.arguments = [
                "domain-blocks", "import", input.path, "--yes", "--concurrency", "4", "--account",
                "admin@\(server.base)",
            ]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let before = try await Self.blocks(on: server).count
            try process.run()
            // Killed once it is writing (a debug build on a loaded machine starts slowly), at a moment that varies.
            for _ in 0..<400 where process.isRunning {
                if try await Self.blocks(on: server).count > before { break }
                try await Task.sleep(nanoseconds: 25_000_000)
            }
            try await Task.sleep(nanoseconds: UInt64(round * 15) * 1_000_000)
            kill(process.processIdentifier, SIGKILL)
            try await ProcessRunner.waitForExit(process)
        }
        let blocked = Set(try await Self.blocks(on: server).compactMap { $0["domain"] as? String })
        #expect(!blocked.isEmpty && blocked.count < 80, "the kills should land mid-import: \(blocked.count) blocked")
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        let entries = try journal.readNow().entries
        let journaled = Set(entries.compactMap(\.target))
        #expect(
            blocked.subtracting(journaled).isEmpty,
            "blocked without an entry: \(blocked.subtracting(journaled).sorted())")
        // A write cut off in flight shows as such, not as done or failed.
        let log = try await BinaryRunner.run(
            ["log", "--failed", "--fields", "target,outcome"], environment: environment)
        #expect(log.status == 0, "\(log)")
    }

    /// Ctrl-C while a paced import waits for the rate limit's window (issue 44: 8 entries "unknown
    /// (cut short)" after one SIGINT): what went out is journaled with its outcome, and the writes
    /// held back by the pacer, never sent, are not journaled at all.
    @Test func anImportInterruptedWhileItWaitsForTheRateLimitJournalsOnlyWhatItSent() async throws {
        // 8 requests a minute for the admin's token: the list's read and 7 blocks, then a long wait.
        let server = try await MockServer.start(
            extraConfig: "[ratelimit]\nenabled = true\nlimit = 8\nwindow_seconds = 60\n")
        defer { server.stop() }
        let state = try TemporaryDirectory.make("journal-import-interrupted")
        defer { try? FileManager.default.removeItem(at: state) }
        var environment = ProcessInfo.processInfo.environment
        environment.merge(BinaryRunner.userEnvironment(JournalConcurrencyTests.environment(state: state))) { $1 }
        let input = state.appendingPathComponent("list.txt")
        try (0..<30).map { "paced\($0).example\n" }.joined().write(to: input, atomically: true, encoding: .utf8)
        let errors = state.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        // Started as a shell starts it, SIGINT unblocked and at its default action: a child inherits
        // the test thread's mask (a pool thread blocks nearly every signal), and then Ctrl-C would not land.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                + "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])",
            RepoPaths.fedictlBinary.path,
            // One write at a time: when it waits for the window, nothing else is in flight.
            "domain-blocks", "import", input.path, "--yes", "--concurrency", "1", "--account", "admin@\(server.base)",
        ]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        var waiting = false
        for _ in 0..<1200 where process.isRunning && !waiting {
            waiting = (try? String(contentsOf: errors, encoding: .utf8))?.contains("rate limit") ?? false
            if !waiting { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(waiting, "the import never waited for the rate limit: \(said)")
        kill(process.processIdentifier, SIGINT)
        let ending = try await ProcessRunner.waitForExit(process)
        let interrupted = ending.bySignal ? ending.status == SIGINT : ending.status == 128 + SIGINT
        #expect(interrupted, "ended by Ctrl-C: \(ending)")
        // Read with alice's token: the limiter counts per token.
        let blocked = Set(try await PacingTests().blockedDomains(server))
        #expect(!blocked.isEmpty && blocked.count < 30, "\(blocked.count) blocked: \(said)")
        let log = try await BinaryRunner.run(["log", "--fields", "target,outcome"], environment: environment)
        #expect(log.status == 0, "\(log)")
        let rows = log.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(!log.stdout.contains("cut short"), "a write never sent is journaled as possibly done: \(log.stdout)")
        #expect(rows.allSatisfy { $0.count == 2 && $0[1].hasPrefix("ok ") }, "each made, with its id: \(log.stdout)")
        #expect(Set(rows.compactMap { $0.first.map(String.init) }) == blocked, "\(log.stdout)")
    }

    /// A full file system (a tiny tmpfs, in a user and mount namespace of its own): the write is
    /// refused with 78 and nothing reaches the server.
    @Test func aFullDiskRefusesTheWriteThroughTheBinary() async throws {
        guard ProcessRunner.isInstalled("unshare") else { return }
        let probe = try await ProcessRunner.run("/usr/bin/unshare", ["-rm", "true"])
        guard probe.status == 0 else { return }  // no user namespaces here: the fast tier's full disk stands in
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("journal-full-disk")
        defer { try? FileManager.default.removeItem(at: state) }
        let fedictl = RepoPaths.fedictlBinary.path
        let script = """
            mount -t tmpfs -o size=8k tmpfs "$XDG_STATE_HOME" && mkdir -m 700 "$XDG_STATE_HOME/fedictl" || exit 99
            head -c 65536 /dev/zero > "$XDG_STATE_HOME/fill" 2>/dev/null
            exec '\(fedictl)' domain-blocks add full.example --account 'admin@\(server.base)'
            """
        let result = try await ProcessRunner.run(
            "/usr/bin/unshare", ["-rm", "sh", "-c", script],
            environment: BinaryRunner.userEnvironment(JournalConcurrencyTests.environment(state: state)))
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.contains("the journal cannot be written, so the change was not sent"), "\(result)")
        #expect(try await Self.blocks(on: server).isEmpty)
    }

    /// `log undo` and `log show` complete entry ids from the local journal, newest first.
    @Test func entryIdsComplete() async throws {
        let (_, state) = try SeededJournal.make(
            "journal-complete",
            [
                SeededJournal.entry(
                    "aa0000000001", hoursAgo: 2, account: "admin@a.example", verb: "domain-blocks add",
                    target: "x.example"),
                SeededJournal.entry(
                    "aa0000000002", hoursAgo: 1, account: "admin@a.example", verb: "domain-blocks add",
                    target: "y.example"),
                SeededJournal.entry(
                    "bb0000000003", hoursAgo: 0, account: "admin@a.example", verb: "domain-blocks add",
                    target: "z.example"),
            ])
        defer { try? FileManager.default.removeItem(at: state) }
        for verb in ["undo", "show"] {
            let result = try await BinaryRunner.run(
                ["---completion", "log", verb, "--", "positional@0", "3", "2", "fedictl", "log", verb, "aa"],
                environment: ["XDG_STATE_HOME": state.path])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "aa0000000002\naa0000000001\n", "\(result)")
        }
    }
}
