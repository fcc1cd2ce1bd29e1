import FediCore
import FediTestSupport
import Foundation
import Testing

/// Rate limits and busy servers over the real path: mastodon_mock's limiter and fault rules, libcurl.
struct PacingTests {
    /// Waits recorded, not slept.
    typealias Sleeps = Recorder<Double>

    /// The admin's harness; with `sleeps`, waits are recorded instead of slept (for fault rules,
    /// which do not care about time), and the clock fedictl sees is the real one moved on by them.
    /// The limiter's windows are real time: its test sleeps for real.
    func admin(_ sleeps: Sleeps? = nil) -> CommandHarness {
        guard let sleeps else { return CommandHarness(environment: ["FEDICTL_TOKEN": MockServer.admin.token]) }
        return CommandHarness(
            environment: ["FEDICTL_TOKEN": MockServer.admin.token], now: { Date() + sleeps.all.reduce(0, +) },
            sleep: { sleeps.add($0) })
    }

    func account(_ server: ServerProcess) -> [String] { ["--account", "admin@\(server.base)"] }

    /// The domains blocked on the server, read with alice's token: the limiter counts per token,
    /// so checking does not spend the admin's budget (the mock lets any token read admin lists).
    func blockedDomains(_ server: ServerProcess) async throws -> [String] {
        var domains: [String] = []
        var maxID: String?
        while true {
            let query = "limit=40" + (maxID.map { "&max_id=\($0)" } ?? "")
            let page = try #require(
                try await server.json(.get, "/api/v1/admin/domain_blocks?\(query)", token: MockServer.alice.token)
                    as? [[String: Any]])
            guard let last = page.last?["id"] as? String else { return domains }
            domains += page.compactMap { $0["domain"] as? String }
            maxID = last
        }
    }

    /// Bulk pacing stays at or under the server's limit, so its 429s are rare (issue 44 item 6): a
    /// paced import is held back for each window's reset before the server has to refuse. The
    /// mock's Reset is rounded down to the second, so one request may find the old window still
    /// running: that one refusal teaches the pacer to wait the second out at every later window.
    /// What the server answered is counted from --verbose's answer lines (`< 429`), and no 429 is
    /// followed by a read-back: a refusal is waited out and sent again.
    @Test func aBulkImportStaysUnderTheRateLimitWithAtMostOne429() async throws {
        // 20 requests per 6 s: the import's ~44 requests need three windows. The windows are long
        // next to 20 requests, so the budget is spent before each one ends, however slow the machine.
        let server = try await MockServer.start(
            extraConfig: "[ratelimit]\nenabled = true\nlimit = 20\nwindow_seconds = 6\n")
        defer { server.stop() }
        let domains = (0..<40).map { "paced\($0).example" }
        let result = await admin().run(
            ["domain-blocks", "import", "-", "--verbose"] + account(server), input: domains.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr.suffix(3000))")
        #expect(result.stderr.contains("Wrote 40 of 40 changes."), "\(result.stderr.suffix(3000))")
        let lines = result.stderr.split(separator: "\n")
        let waits = lines.filter {
            $0.hasPrefix("fedictl:   waiting ") && $0.hasSuffix(" for 127.0.0.1:\(server.port)'s rate limit")
        }
        #expect(waits.count >= 2, "\(waits)")
        let answers = lines.filter { $0.hasPrefix("fedictl: < ") }
        let refused = answers.filter { $0.hasPrefix("fedictl: < 429 ") }
        #expect(refused.count <= 1, "\(refused.count) of \(answers.count) answers were 429: \(refused)")
        // Requests (not their header lines): the list is read once, before the first write, never after a 429.
        let requests = lines.filter { $0.hasPrefix("fedictl: > ") && !$0.hasPrefix("fedictl: >  ") }
        let firstPost = requests.firstIndex { $0.hasPrefix("fedictl: > POST ") } ?? requests.endIndex
        let readsAfter = requests[firstPost...].filter { $0.hasPrefix("fedictl: > GET ") }
        #expect(readsAfter.isEmpty, "read back after a write: \(readsAfter)")
        #expect(!result.stderr.contains("reading it back"), "\(result.stderr.suffix(3000))")
        let posts = requests.filter { $0.hasPrefix("fedictl: > POST ") }.count
        #expect(
            posts >= 40 && posts <= 40 + refused.count, "each block sent once, again only after a 429: \(posts) posts")
        let onServer = try await blockedDomains(server)
        #expect(onServer.count == 40)  // the mock takes duplicates: none was sent twice
        #expect(Set(onServer) == Set(domains))
    }

    @Test func aCommandExitsAtOnceWhenTheServerAsksForLongerThanTimeout() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["path": "/api/v2/instance"],
            "effect": ["type": "ratelimit", "headers": ["Retry-After": "300"]], "count": 1,
        ])
        let sleeps = Sleeps()
        let before = Date()
        let result = await admin(sleeps).run(["instance", "info", server.base, "--refresh", "--verbose"])
        #expect(result.status == 75, "\(result)")
        #expect(
            result.stderr.contains(
                "fedictl: 127.0.0.1:\(server.port) is rate-limiting requests (HTTP 429) and asks to wait 5m, longer than --timeout allows\n"
            ),
            "\(result.stderr)")
        // It says when to retry: about five minutes from now.
        let hint = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("hint: try again after ") })
        let when = try #require(
            FlexibleDate.parse(String(hint.dropFirst("hint: try again after ".count).prefix { $0 != "," })))
        #expect(when.timeIntervalSince(before) > 290 && when.timeIntervalSince(before) < 320, "\(hint)")
        #expect(hint.hasSuffix("or allow a longer wait with --timeout"))
        // At once: one request, no retry, no wait.
        #expect(result.stderr.components(separatedBy: "fedictl: < 429").count == 2, "\(result.stderr)")
        #expect(sleeps.all.isEmpty)
    }

    @Test func aBusyServersConflictIsRetriedAndTheBlockMadeOnce() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": [
                "type": "status", "status": 409, "body": ["error": "There is already another admin action running"],
            ],
            "count": 2,
        ])
        let sleeps = Sleeps()
        let result = await admin(sleeps).run(["domain-blocks", "add", "busy.example", "--verbose"] + account(server))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.components(separatedBy: "fedictl: < 409").count == 3, "\(result.stderr)")
        #expect(sleeps.all.count == 2)
        #expect(sleeps.all[1] > sleeps.all[0])  // backing off
        #expect(try await blockedDomains(server) == ["busy.example"])
    }

    @Test func anImportFailsOnlyWhenTheServerAsksForLongerThanMaxWait() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "ratelimit", "headers": ["Retry-After": "3600"]],
        ])
        let sleeps = Sleeps()
        let result = await admin(sleeps).run(
            ["domain-blocks", "import", "-", "--max-wait", "10m"] + account(server),
            input: "a.example\nb.example\nc.example\n")
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("3 of 3 changes failed"), "\(result.stderr)")
        // The write's 429 is a refusal whose wait is longer than --max-wait: said so, nothing read back.
        #expect(result.stderr.contains("asks to wait 1h, longer than --max-wait allows"), "\(result.stderr)")
        #expect(sleeps.all.isEmpty)
        #expect(try await blockedDomains(server).isEmpty)
    }

    /// A 429 to a write is the server saying it did nothing: waited out and sent again, with no
    /// read-back of the list in between (issue 44: a paced import read its whole list back after each).
    @Test func aWriteRefusedWith429IsSentAgainWithoutAReadBack() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "ratelimit", "headers": ["Retry-After": "5"]], "count": 1,
        ])
        let sleeps = Sleeps()
        let result = await admin(sleeps).run(
            ["domain-blocks", "add", "late.example", "--verbose"] + account(server))
        #expect(result.status == 0, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        let requests = lines.filter { $0.hasPrefix("fedictl: > ") && !$0.hasPrefix("fedictl: >  ") }  // not headers
        let posts = requests.indices.filter { requests[$0].hasPrefix("fedictl: > POST ") }
        #expect(posts.count == 2, "\(requests)")
        if posts.count == 2 {
            #expect(posts[1] == posts[0] + 1, "nothing read between the refusal and the resend: \(requests)")
        }
        #expect(!result.stderr.contains("reading it back"), "\(result.stderr)")
        #expect(sleeps.all.contains { abs($0 - 5) < 1 }, "\(sleeps.all)")
        #expect(try await blockedDomains(server) == ["late.example"])
    }

    @Test func anImportWaitsOutA429AndGoesOn() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "ratelimit", "headers": ["Retry-After": "240"]], "count": 1,
        ])
        let sleeps = Sleeps()
        let result = await admin(sleeps).run(
            ["domain-blocks", "import", "-", "--concurrency", "1"] + account(server),
            input: "a.example\nb.example\nc.example\n")
        #expect(result.status == 0, "\(result)")
        // Off a terminal the wait is one line, so a log explains the pause.
        #expect(
            result.stderr.contains("Waiting 4m for 127.0.0.1:\(server.port)'s rate limit; 0 of 3 done.\n"),
            "\(result.stderr)")
        #expect(sleeps.all.contains { abs($0 - 240) < 1 }, "\(sleeps.all)")
        #expect(Set(try await blockedDomains(server)) == ["a.example", "b.example", "c.example"])
    }
}
