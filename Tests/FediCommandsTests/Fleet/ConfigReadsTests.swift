import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Synchronization
import Testing

/// config.json is read once per run, however many accounts the run goes over (#43).
@Suite struct ConfigReadsTests {
    /// The store under the command, counting its reads.
    final class CountingLoginStore: LoginStore {
        let wrapped: InMemoryLoginStore
        let reads = Mutex(0)
        init(_ wrapped: InMemoryLoginStore) { self.wrapped = wrapped }
        func load() throws -> LoginConfig {
            reads.withLock { $0 += 1 }
            return try wrapped.load()
        }
        func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T { try wrapped.update(change) }
    }

    @Test func aWriteOverTwoServersReadsTheConfigOnce() async throws {
        let transport = FakeTransport()
        for host in ["a.test", "b.test"] {
            // Read first: Mastodon's reports may be another moderator's (issue 44's claims).
            transport.stub(
                .get, "/api/v1/admin/reports/17", host: host,
                json: FleetServerTests.report("17", at: "2026-11-20T10:00:00Z"))
            transport.stub(
                .post, "/api/v1/admin/reports/17/resolve", host: host,
                json: FleetServerTests.report("17", at: "2026-11-20T10:00:00Z"))
        }
        var harness = FleetServerTests.harness(["mod@a.test", "admin@b.test"], transport: transport)
        let counting = CountingLoginStore(try #require(harness.logins as? InMemoryLoginStore))
        harness.logins = counting

        let result = await harness.run([
            "--account", "mod@a.test,admin@b.test", "--yes", "reports", "resolve", "17", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            transport.requests.filter { $0.method == .post }.count == 2, "one write per server: \(transport.requests)")
        #expect(counting.reads.withLock { $0 } == 1, "config reads in one run")

        // The next run reads it again: once per run, not once per process.
        let again = await harness.run(["--account", "mod@a.test", "auth", "list", "-o", "json"])
        #expect(again.status == 0, "\(again)")
        #expect(counting.reads.withLock { $0 } == 2)
    }
}
