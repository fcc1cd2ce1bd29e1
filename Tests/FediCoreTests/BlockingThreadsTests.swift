import FediHTTPCurl
import FediTestSupport
import Foundation
import Synchronization
import Testing

@testable import FediCore

/// Blocking jobs (HTTP transfers) get a thread each while they run at once, and a thread that is
/// done takes the next job instead of a new thread being made for it.
@Suite struct BlockingThreadsTests {
    final class Count: Sendable { let value = Atomic(0) }

    /// The job on a thread of `threads`, answering with that thread's id.
    func threadOf(_ threads: BlockingThreads) async -> UInt {
        await withCheckedContinuation { continuation in
            threads.run { continuation.resume(returning: UInt(pthread_self())) }
        }
    }

    /// Ten jobs that each wait for all ten to have started: with fewer than ten threads they
    /// could not (each gives up after 20 s, and says so).
    @Test func jobsAtOnceRunSideBySide() async {
        let threads = BlockingThreads()
        let started = Count()
        let sawAll = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        threads.run {
                            started.value.add(1, ordering: .relaxed)
                            let giveUp = ContinuousClock.now + .seconds(20)
                            while started.value.load(ordering: .relaxed) < 10, ContinuousClock.now < giveUp {
                                usleep(1000)
                            }
                            continuation.resume(returning: started.value.load(ordering: .relaxed) == 10)
                        }
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(sawAll == Array(repeating: true, count: 10))
    }

    @Test func aThreadDoneWithItsJobTakesTheNext() async throws {
        let threads = BlockingThreads()
        let first = await threadOf(threads)
        // The thread goes back to waiting just after its job resumes this test.
        while threads.threadsWaiting == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        let second = await threadOf(threads)
        #expect(second == first)
    }

    /// A task that prefers an `OwnThreadExecutor` runs on its thread, every turn after a wait
    /// included; once the executor is finished, such a task still runs to its end, on the pool
    /// (a page's fetch, cancelled, whose transfer ends after its walk).
    @Test(.timeLimit(.minutes(1))) func anOwnThreadRunsItsTasksAndLateOnesGoToThePool() async throws {
        let executor = OwnThreadExecutor()
        let turns = await Task(executorPreference: executor) {
            var threads = [UInt(pthread_self())]
            for _ in 0..<3 {
                try? await Task.sleep(nanoseconds: 1_000_000)
                threads.append(UInt(pthread_self()))
            }
            return threads
        }.value
        #expect(Set(turns).count == 1)
        let own = try #require(turns.first)
        #expect(own != UInt(pthread_self()))

        let waiting = Task(executorPreference: executor) {
            try? await Task.sleep(nanoseconds: 20_000_000)
            return UInt(pthread_self())
        }
        executor.finish()
        let late = await waiting.value
        #expect(late != own, "a turn after finish() ran on the ended thread")
    }

    /// Over libcurl, a request made on an `OwnThreadExecutor`'s thread (a list's walk) is sent and
    /// answered right there, holding that thread: a turn queued behind it runs only after the
    /// answer. The server, a listener on 127.0.0.1 that answers only once it is started, holds the
    /// answer until that turn has run or a second has passed; a transfer handed to another thread
    /// would let the turn run first.
    @Test(.timeLimit(.minutes(1))) func aTransferAskedForOnAnOwnThreadRunsThere() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let executor = OwnThreadExecutor()
        defer { executor.finish() }
        let events = Recorder<String>()
        let transfer = Task(executorPreference: executor) {
            let answer = try await CurlTransport().send(
                HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(listener.port)/favicon.ico")!),
                options: TransportOptions(connectTimeout: 10, totalTimeout: 30))
            events.add("answered \(answer.status)")
        }
        let turn = Task(executorPreference: executor) { events.add("turn") }
        let giveUp = ContinuousClock.now + .seconds(1)
        while !events.all.contains("turn"), ContinuousClock.now < giveUp {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        _ = listener.startWaiting(state: "unused", timeout: 30)
        try await transfer.value
        await turn.value
        #expect(events.all == ["answered 404", "turn"])
    }
}
