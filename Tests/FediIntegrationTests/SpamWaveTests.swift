import FediCore
import FediTestSupport
import Foundation
import Testing

/// A wave of sign-ups on mastodon_mock, selected and decided in one paced run: the count, the dry
/// run, `--limit`, a re-run that acts only on what is still pending, the server's state after each.
struct SpamWaveTests {
    static let wave = (1...8).map { "wave\(String(format: "%02d", $0))" }
    static let others = ["carol", "dave"]

    static func start(extraConfig: String = "") async throws -> ServerProcess {
        let seeds = [MockServer.admin] + (wave + others).map { SeedAccount($0, token: "\($0)-token") }
        let server = try await MockServer.start(accounts: seeds, extraConfig: extraConfig)
        for name in wave + others {
            try await server.makePending(name, reason: name.hasPrefix("wave") ? "cheap watches" : "hello")
        }
        return server
    }

    static func pending(_ server: ServerProcess) async throws -> Set<String> {
        let list = try #require(
            try await server.json(
                .get, "/api/v2/admin/accounts?status=pending&limit=200",
                token: MockServer.admin.token) as? [[String: Any]])
        return Set(list.compactMap { $0["username"] as? String })
    }

    @Test func aWaveOfSignUpsIsCountedDryRunAndRejectedInCappedPacedRuns() async throws {
        let server = try await Self.start()
        let admin = UserSide(server, MockServer.admin)
        let counted = await admin.run([
            "accounts", "list", "--pending", "--since", "1h", "--match", "^wave[0-9]{2}$",
            "--count", "-o", "json",
        ])
        #expect(counted.status == 0, "\(counted)")
        #expect((try counted.json() as? [[String: Any]])?.first?["count"] as? Int == 8, "\(counted)")

        let dryRun = await admin.run([
            "accounts", "reject", "--match", "^wave", "--dry-run",
            "--fields", "target,result",
        ])
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(dryRun.stdout.split(separator: "\n").count == 8, "\(dryRun)")
        #expect(dryRun.stdout.contains("@wave03\twould reject\n"), "\(dryRun)")
        #expect(try await Self.pending(server).count == 10)

        let unconfirmed = await admin.run(["accounts", "reject", "--match", "^wave"])
        #expect(unconfirmed.status == 64, "\(unconfirmed)")
        let question = "Reject 8 sign-ups on \(server.base) (@wave01, @wave02, @wave03, @wave04, @wave05, …)"
        #expect(
            unconfirmed.stderr.contains(question),
            "\(unconfirmed)")

        let capped = await admin.run(["accounts", "reject", "--match", "^wave", "--limit", "5", "--yes", "-o", "json"])
        #expect(capped.status == 0, "\(capped)")
        #expect(
            capped.stderr.contains("8 sign-ups match on \(server.base); acting on the first 5 (--limit)."),
            "\(capped)")
        #expect(try await Self.pending(server).count == 5)

        // The re-run acts only on what the server still has pending.
        let rest = await admin.run(["accounts", "reject", "--match", "^wave", "--yes", "-o", "json"])
        #expect(rest.status == 0, "\(rest)")
        let rows = try #require(try rest.json() as? [[String: Any]])
        #expect(rows.count == 3 && rows.allSatisfy { $0["result"] as? String == "rejected" }, "\(rows)")
        #expect(try await Self.pending(server) == Set(Self.others))

        let none = await admin.run(["accounts", "approve", "--match", "^wave", "--yes"])
        #expect(none.status == 0 && none.stderr.contains("no sign-up matches the selection"), "\(none)")
        let approved = await admin.run(["accounts", "approve", "-", "--yes"], input: "@carol\n")
        #expect(approved.status == 0, "\(approved)")
        #expect(try await Self.pending(server) == ["dave"])
    }

    /// A spammer's name cannot hang a wave: `^(a+)+$` against `aaa…a_` backtracks exponentially in a
    /// backtracking engine; fedictl's answers at once, and a backreference is refused up front (issue 47).
    @Test func aBacktrackingNameDoesNotHangTheSelection() async throws {
        let name = String(repeating: "a", count: 32) + "_"
        let server = try await MockServer.start(
            accounts: [MockServer.admin, SeedAccount(name, token: "spam-token"), SeedAccount("aaaa", token: "a-token")])
        let admin = UserSide(server, MockServer.admin)
        let list = await admin.run(["accounts", "list", "--local", "--match", "^(a+)+$", "--fields", "acct"])
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout == admin.listed("@aaaa\n"), "\(list)")
        let wave = await admin.run([
            "accounts", "action", "--match", "^(a+)+_$", "--type", "silence", "--dry-run", "--fields", "target",
        ])
        #expect(wave.status == 0, "\(wave)")
        #expect(wave.stdout == "@\(name)@\(server.base)\n", "\(wave)")

        let backreference = await admin.run(["accounts", "list", "--match", "^(a)\\1$"])
        #expect(backreference.status == 64, "\(backreference)")
        #expect(backreference.stderr.contains("backreferences ('\\1') need backtracking"), "\(backreference)")
    }

    @Test func aRateLimitedServerIsWaitedOutAndEverySignUpDecidedOnce() async throws {
        // 6 requests per 4 s: the ten writes and their reads need several windows, unless a busy machine is
        // slower than that, so the first approval is also refused once with a 2-second Retry-After.
        let server = try await Self.start(extraConfig: "[ratelimit]\nenabled = true\nlimit = 6\nwindow_seconds = 4\n")
        try await server.addFault([
            "match": ["methods": ["POST"], "path_regex": "^/api/v1/admin/accounts/.*/approve$"],
            "effect": [
                "type": "ratelimit",
                "headers": [
                    "Retry-After": "2", "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": "2",
                ],
            ],
            "count": 1,
        ])
        let result = await UserSide(server, MockServer.admin).run([
            "accounts", "approve", "--since", "1d", "--yes",
            "--concurrency", "1",
        ])
        #expect(result.status == 0, "\(result.stderr.suffix(3000))")
        #expect(result.stderr.contains("approved 10 of 10 sign-ups"), "\(result.stderr.suffix(3000))")
        #expect(result.stderr.contains("'s rate limit"), "\(result.stderr.suffix(3000))")
        #expect(try await Self.pending(server).isEmpty)
    }

    @Test func aRefusedWriteStopsTheRunAsImportAndSyncDo() async throws {
        let server = try await Self.start()
        let proxy = try await HostileProxy.start(upstream: server)
        try await server.addFault([
            "match": ["methods": ["POST"], "path_regex": "^/api/v1/admin/accounts/.*/approve$"],
            "effect": ["type": "status", "status": 403],
        ])
        let result = await UserSide(proxy, MockServer.admin).run([
            "accounts", "approve", "--match", "^wave", "--yes",
            "--concurrency", "1",
        ])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("stopped at the first refused write; the other 7 were not sent"), "\(result)")
        #expect(try await proxy.forwarded().filter { $0.hasSuffix("/approve") }.count == 1)
        #expect(try await Self.pending(server).count == 10)
    }

    /// Two approvals whose answers are lost: read back, found decided, not sent again, and journaled as
    /// done (one entry per sign-up, each with who signed up).
    @Test func lostAnswersAreReadBackNeverSentTwiceAndJournaledAsDone() async throws {
        let server = try await Self.start()
        let proxy = try await HostileProxy.start(upstream: server)
        try await proxy.hostileRules(["lose_writes": 2])
        let (journal, state) = try SeededJournal.make("spam-wave-lost", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(proxy, MockServer.admin, journal: journal)
        let result = await admin.run(["accounts", "approve", "--match", "^wave", "--yes", "--concurrency", "1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("approved 8 of 8 sign-ups"), "\(result)")
        #expect(try await proxy.forwarded().filter { $0.hasSuffix("/approve") }.count == 8, "each sent once")
        #expect(try await Self.pending(server) == Set(Self.others))
        let entries = try journal.readNow().entries.filter { $0.verb == "accounts approve" }
        #expect(entries.count == 8 && entries.allSatisfy { $0.outcome == .ok }, "\(entries)")
        #expect(entries.filter { $0.message?.contains("found the change made") == true }.count == 2, "\(entries)")
    }
}
