import FediCore
import FediTestSupport
import Foundation
import Synchronization
import Testing

/// Blocking waits stay off the threads Swift's tasks run on. On Linux those are libdispatch's global
/// threads, which grow by about one a second: forty blocked waits there held every await in the
/// process for as long as the children ran (a 0.4 s listener deadline fired 63 to 94 s late).
@Suite struct SteadyUnderLoadTests {
    /// Asserts the order of events, not a wall-clock time: the listener's 0.4 s deadline ends its
    /// wait while forty 30 s children, each waited on by `ProcessRunner`, are all still running.
    @Test func aListenerTimesOutWhileFortyChildProcessesAreWaitedOn() async throws {
        let children = 40
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("steady-\(UUID().uuidString).pids")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        // A child that cannot be started (fork refused, say) ends its run with an error, kept here
        // so that a failure below says why rather than only that nothing started.
        let failures = SpawnFailures()
        let runs = Task(priority: .high) {
            await withTaskGroup(of: Void.self) { group in
                // High priority: each child's task needs one turn on the pool to hand its wait to a
                // thread of its own. In a full run that pool has a queue of other tests' CPU work (a
                // debug build's argument parser validates every command it builds), and at the
                // default priority these turns came after 25 s of it.
                for _ in 0..<children {
                    group.addTask(priority: .high) {
                        do {
                            _ = try await ProcessRunner.run(
                                "sh", ["-c", "echo $$ >> '\(pidFile.path)'; exec sleep 30"])
                        } catch {
                            failures.lines.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
        }
        // The children started so far (on a loaded machine not always all forty): each must still run.
        func started() -> [Int32] {
            ((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        }
        _ = try? await Waiting.until(seconds: 25, what: "\(children) children to start") {
            started().count == children ? true : nil
        }
        let pids = started()
        let spawnFailures = failures.lines.withLock { $0 }
        try #require(
            !pids.isEmpty,
            "no child started within 25 s; \(spawnFailures.count) failed to start: \(spawnFailures.first ?? "")")

        // High priority too: the listener's answer needs a turn on the pool to reach this test, and
        // other tests' queued CPU work is not what this test is about (a full run failed so, its
        // first 29 s spent with no test finishing anywhere).
        let ended = try await Task(priority: .high) {
            let listener = try LoopbackRedirectListener()
            await #expect { _ = try await listener.waitForCode(state: "s", timeout: 0.4) } throws: {
                ($0 as? FediError)?.status == .temporary
            }
            return pids.filter { !ServerProcess.isAlive($0) }
        }.value
        #expect(ended.isEmpty, "the listener's deadline waited until \(ended.count) of the children had ended")
        // This test's own children, by the pids they wrote (waiting for the late starters first).
        _ = try? await Waiting.until(seconds: 60, what: "\(children) children to start") {
            started().count == children ? true : nil
        }
        for pid in started() { kill(pid, SIGKILL) }
        await runs.value
        #expect(failures.lines.withLock { $0 }.isEmpty, "children that failed to start")
    }
}

private final class SpawnFailures: Sendable {
    let lines = Mutex<[String]>([])
}
