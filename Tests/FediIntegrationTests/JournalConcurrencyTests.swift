import FediCore
import FediTestSupport
import Foundation
import Testing

/// The built binary appending to one journal from many processes at once, and being killed.
struct JournalConcurrencyTests {
    static func environment(state: URL) -> [String: String] {
        ["XDG_STATE_HOME": state.path, "FEDICTL_TOKEN": MockServer.admin.token]
    }

    @Test func twentyConcurrentWritersLoseNothing() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("journal-concurrent")
        defer { try? FileManager.default.removeItem(at: state) }
        let account = "admin@\(server.base)"
        let results = try await withThrowingTaskGroup(of: CommandResult.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await BinaryRunner.run(
                        ["domain-blocks", "add", "spam\(index).example", "--account", account],
                        environment: Self.environment(state: state))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result)") }
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        let contents = try journal.readNow()
        #expect(contents.damagedLines == 0)
        #expect(Set(contents.entries.map { $0.target ?? "" }) == Set((0..<20).map { "spam\($0).example" }))
        #expect(contents.entries.count == 20)
        let lines = try String(contentsOf: journal.currentFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 40)  // each write's intent, then its outcome
        for line in lines { #expect(JournalEntry.parse(line: Array(line.utf8)) != nil, "\(line)") }
        #expect(!(try JournalTests.stateText(state.appendingPathComponent("fedictl"))).contains(MockServer.admin.token))
        // Every entry through `fedictl log`, newest last off a terminal.
        let log = try await BinaryRunner.run(["log", "-o", "json"], environment: Self.environment(state: state))
        let listed = try #require(try log.json() as? [[String: Any]])
        #expect(listed.count == 20)
        // Compared as times: a time on a whole second is written without ".000" (as servers' own are read).
        let times = listed.compactMap { ($0["time"] as? String).flatMap(FlexibleDate.parse) }
        #expect(times.count == 20 && times == times.sorted(), "\(listed.map { $0["time"] ?? "" })")
    }

    /// Writers killed with SIGKILL at random moments: every line left is whole, or at most one is
    /// partial; a line cut short is skipped by readers (and said), and the next append stays whole.
    @Test func killedWritersLeaveAtMostOnePartialLineThatReadersSkip() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("journal-killed")
        defer { try? FileManager.default.removeItem(at: state) }
        let account = "admin@\(server.base)"
        var environment = ProcessInfo.processInfo.environment
        environment.merge(BinaryRunner.userEnvironment(Self.environment(state: state))) { $1 }
        var processes: [Process] = []
        for index in 0..<12 {
            let process = Process()
            process.executableURL = RepoPaths.fedictlBinary
            process.arguments = ["domain-blocks", "add", "killed\(index).example", "--account", account]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }
        for (index, process) in processes.enumerated() {
            try await Task.sleep(nanoseconds: UInt64(index) * 15_000_000)
            kill(process.processIdentifier, SIGKILL)
        }
        for process in processes {
            try await ProcessRunner.waitForExit(process)
        }
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        let afterKills = try journal.readNow()
        #expect(afterKills.damagedLines <= 1)

        // A line cut short, as an append killed halfway through its write would leave it.
        let whole = try JournalEntry(
            time: Date(), account: account, server: server.base, command: "fedictl x", verb: "domain-blocks add",
            target: "cut.example", outcome: .ok
        ).line()
        try journal.checkWritableNow()
        let handle = try FileHandle(forWritingTo: journal.currentFile)
        try handle.seekToEnd()
        try handle.write(contentsOf: whole.prefix(whole.count / 2))
        try handle.close()

        let next = try await BinaryRunner.run(
            ["domain-blocks", "add", "after.example", "--account", account],
            environment: Self.environment(state: state))
        #expect(next.status == 0, "\(next)")
        let contents = try journal.readNow()
        #expect(contents.damagedLines == afterKills.damagedLines + 1)
        // Readers list an intent that never got its outcome (a run killed between the two) at the
        // end, by design: the run after the damage is the last entry that has one.
        let settled = contents.entries.last { $0.outcome != .pending }
        #expect(settled?.target == "after.example" && settled?.outcome == .ok, "\(contents.entries)")
        #expect(!contents.entries.contains { $0.target == "cut.example" })

        let log = try await BinaryRunner.run(
            ["log", "-o", "json", "--target", "after.example"], environment: Self.environment(state: state))
        #expect(log.status == 0, "\(log)")
        #expect(log.stderr.contains("fedictl: warning: skipped"), "\(log)")
        #expect(log.stderr.contains("damaged line"), "\(log)")
        #expect((try log.json() as? [[String: Any]])?.count == 1)
    }
}
