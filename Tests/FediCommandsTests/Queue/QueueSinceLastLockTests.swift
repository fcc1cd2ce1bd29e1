import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// Two `queue --since-last` runs at once on one server: the real file store takes a lock per server
/// around read-compare-store, so an item is new to one run only.
@Suite struct QueueSinceLastLockTests {
    /// The file store, slowed between reading what was seen and the caller's compare: the window in
    /// which two runs without a lock both find the same items new.
    struct SlowStore: LastLookStore {
        let wrapped: FileLastLookStore
        func seen(on server: String) async throws -> Set<String> {
            let seen = try await wrapped.seen(on: server)
            try await Task.sleep(nanoseconds: 300_000_000)
            return seen
        }
        func record(_ keys: Set<String>, on server: String, at time: Date) async throws {
            try await wrapped.record(keys, on: server, at: time)
        }
        func withLock<T: Sendable>(on server: String, _ body: () async throws -> T) async throws -> T {
            try await wrapped.withLock(on: server, body)
        }
    }

    @Test func concurrentRunsOnOneServerEachReportAnItemOnce() async throws {
        let root = try TemporaryDirectory.make("since-last-lock")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = StatePaths(environment: ["XDG_STATE_HOME": root.path])
        let store = SlowStore(wrapped: FileLastLookStore(paths: paths))
        func run() async -> CommandResult {
            let server = FakeServerAccount()
            let report = QueueFleetFastTests.report("1", at: "2026-11-20T10:00:00Z")
            server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(report)]")
            var harness = CommandHarness(transport: server.transport, secrets: server.keyring, logins: server.logins)
            harness.lastLooks = store
            return await harness.run(["queue", "--kind", "report", "--since-last", "--fields", "id"])
        }
        async let first = run()
        async let second = run()
        let results = await [first, second]
        #expect(results.map(\.status) == [0, 0], "\(results)")
        #expect(results.map(\.stdout).sorted() == ["", "1\n"], "\(results)")
    }
}
