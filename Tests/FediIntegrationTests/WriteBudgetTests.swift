import FediCore
import FediTestSupport
import Foundation
import Testing

/// How long a write may keep trying, over mastodon_mock with its fault injection: `--timeout`
/// bounds each attempt, `--deadline` the whole write with its resends; bulk work waits out rate
/// limits (README: bulk work never fails on one) within `--max-wait`.
struct WriteBudgetTests {
    static let blocks = "/api/v1/admin/domain_blocks"

    static func domains(_ server: ServerProcess) async throws -> [String] {
        try #require(try await server.json(.get, blocks, token: MockServer.admin.token) as? [[String: Any]])
            .compactMap { $0["domain"] as? String }.sorted()
    }

    /// A server that holds every create: the write stops at --deadline, which the message names (not
    /// --timeout, which each attempt would otherwise get in full: 4 x 10 s here, and backoffs).
    /// Measured on the attempts --verbose logs, not the run: on a loaded machine the mock's reads
    /// around the write (detection, the list, the read-back) take seconds of their own.
    @Test func aHangingWriteStopsAtItsDeadlineResendsIncluded() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        try await server.addFault([
            "match": ["methods": ["POST"], "path": Self.blocks], "effect": ["type": "timeout"],
            "count": 20,
        ])
        let admin = UserSide(server, MockServer.admin)
        let result = await admin.run([
            "domain-blocks", "add", "slow.example", "--timeout", "10", "--deadline", "3",
            "--verbose",
        ])
        #expect(result.status == 75, "\(result)")
        let message = "fedictl: the block on slow.example was not confirmed within --deadline (3.0 s"
        #expect(result.stderr.contains(message), "\(result)")
        #expect(result.stderr.contains("--deadline SECONDS"), "\(result)")
        // `< failed URL (N ms): timedOut(...)`, one per attempt of the create.
        let failed = result.stderr.split(separator: "\n").filter { $0.contains("< failed") && $0.contains("timedOut") }
        let attempts = failed.compactMap { line in
            line.split(separator: "(").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        }
        #expect(!attempts.isEmpty, "\(result)")
        #expect(attempts.reduce(0, +) <= 3_300, "attempts of \(attempts) ms: more than --deadline in all")
    }

    @Test func aBulkImportWaitsOutMoreRateLimitsThanARequestRetries() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let reset = String(Int(Date().timeIntervalSince1970))
        try await server.addFault([
            "match": ["methods": ["POST"], "path": Self.blocks],
            "effect": [
                "type": "ratelimit", "status": 429,
                "headers": [
                    "Retry-After": "0", "X-RateLimit-Reset": reset,
                    "X-RateLimit-Remaining": "0",
                ],
            ],
            "count": 6,
        ])
        let admin = UserSide(server, MockServer.admin)
        let result = await admin.run(["domain-blocks", "import", "-", "--yes"], input: "one.example\ntwo.example\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Wrote 2 of 2 changes."), "\(result)")
        #expect(try await Self.domains(server) == ["one.example", "two.example"])
    }

    /// A create whose answer was lost but which the read-back finds made counts as done: its row says
    /// added, the summary counts it, the exit is 0, and the server has each block once.
    @Test func aLostAnswerFoundDoneOnReadBackCountsAsDone() async throws {
        let server = try await MockServer.start()
        let proxy = try await HostileProxy.start(upstream: server)
        defer {
            proxy.stop()
            server.stop()
        }
        try await proxy.hostileRules(["lose_writes": 2])
        let admin = UserSide(proxy, MockServer.admin)
        let result = await admin.run(
            ["domain-blocks", "import", "-", "--yes", "--concurrency", "1", "-o", "json"],
            input: "one.example\ntwo.example\nthree.example\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Wrote 3 of 3 changes."), "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.compactMap { $0["result"] as? String } == ["added", "added", "added"], "\(rows)")
        #expect(try await Self.domains(server) == ["one.example", "three.example", "two.example"])
        let posts = try await proxy.forwarded().filter { $0.hasPrefix("POST \(Self.blocks)") }
        #expect(posts.count == 3, "none sent twice")
    }

    /// README: a write the journal cannot record is refused (78). An import stops at the first such
    /// refusal instead of reporting "200 of 200 changes failed" (65), and sends nothing.
    @Test func anImportRefusedByAnUnwritableJournalIsAConfigError() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let unwritable = FileJournal(directory: URL(fileURLWithPath: "/dev/null/fedictl"))
        let admin = JournaledUser(server, MockServer.admin, journal: unwritable)
        let list = (1...20).map { "d\($0).example" }.joined(separator: "\n")
        let result = await admin.run(["domain-blocks", "import", "-", "--yes"], input: list + "\n")
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.contains("the journal cannot be written, so the change was not sent"), "\(result)")
        #expect(result.stderr.contains("stopped at the first refused write"), "\(result)")
        #expect(!result.stderr.contains("changes failed"), "\(result)")
        #expect(try await Self.domains(server).isEmpty)
    }
}
