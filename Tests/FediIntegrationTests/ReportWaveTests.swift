import FediCore
import FediTestSupport
import Foundation
import Testing

/// A wave of reports about accounts of one domain, on mastodon_mock through libcurl: resolved by
/// selector over two servers (two logins on one of them, which acts once), the accounts acted on
/// once, and a paced run killed half-way then re-run, every report resolved exactly once.
struct ReportWaveTests {
    static let domain = "spamwave.example"
    static let mod = SeedAccount("mod", token: "mod-token", admin: true)
    /// The test's own reads: its own token, so a rate-limited server's counter for the admin is fedictl's alone.
    static let checker = SeedAccount("checker", token: "checker-token", admin: true)

    static func spammer(_ n: Int) -> String { "s\(String(format: "%02d", n))" }
    static func reporter(_ n: Int) -> SeedAccount { SeedAccount("r\(String(format: "%02d", n))", token: "r\(n)-token") }

    /// A server with `spammers` accounts of spamwave.example and `reporters` local users to file reports.
    static func start(spammers: Int, reporters: Int, extraConfig: String = "") async throws -> ServerProcess {
        let remote = (1...spammers).map {
            "[[seed.accounts]]\nusername = \"\(spammer($0))\"\ndomain = \"\(domain)\"\n\n"
        }
        let seeds = [MockServer.admin, MockServer.bob, mod, checker] + (1...reporters).map(reporter)
        return try await MockServer.start(accounts: seeds, extraConfig: remote.joined() + extraConfig)
    }

    /// The remote accounts' ids by username, in one read.
    static func remoteIDs(on server: ServerProcess) async throws -> [String: String] {
        let list = try #require(
            try await server.json(
                .get, "/api/v1/admin/accounts?remote=true&limit=200",
                token: checker.token) as? [[String: Any]])
        return Dictionary(
            list.compactMap { account in
                guard let name = account["username"] as? String, let id = account["id"] as? String else { return nil }
                return (name, id)
            }, uniquingKeysWith: { first, _ in first })
    }

    /// Files a report by reporter `by` about account `id`; returns its id.
    static func file(on server: ServerProcess, by: Int, about id: String) async throws -> String {
        try TriageScene.string(
            try TriageScene.object(
                try await server.json(
                    .post, "/api/v1/reports", token: reporter(by).token,
                    body: ["account_id": id, "comment": "spam", "category": "spam"]))["id"])
    }

    /// The open reports' ids (mastodon_mock lists only open ones unless `resolved` is given).
    static func openReports(_ server: ServerProcess) async throws -> [String] {
        let list = try #require(
            try await server.json(
                .get, "/api/v1/admin/reports?limit=200",
                token: checker.token) as? [[String: Any]])
        return list.compactMap { $0["id"] as? String }
    }

    static func suspended(_ id: String, on server: ServerProcess) async throws -> Bool {
        let account = try await server.json(.get, "/api/v1/admin/accounts/\(id)", token: checker.token)
        return try TriageScene.object(account)["suspended"] as? Bool == true
    }

    /// Logins on several servers, as `auth` keeps them.
    struct Logins {
        let logins = InMemoryLoginStore()
        let secrets = InMemorySecretStore()

        func add(_ server: ServerProcess, _ account: SeedAccount) async throws -> String {
            let login = Login(
                id: "\(account.username)@\(server.base)", username: account.username,
                baseURL: "http://\(server.base)")
            try logins.update { $0.accounts.append(login) }
            try await secrets.store(account.token, for: login.tokenKey)
            return login.id
        }

        func run(_ arguments: [String], input: String = "", journal: FileJournal) async -> CommandResult {
            var harness = CommandHarness(secrets: secrets, logins: logins)
            harness.journal = journal
            return await harness.run(arguments, input: input)
        }
    }

    /// A and B both know s01–s04 of the wave. A: two reports about s01, one each about s02 and s03,
    /// one about bob (not the wave's); B: one about s01. Over admin@A, mod@A and admin@B: the reported
    /// accounts are suspended with their reports, then the unreported rest; each server once.
    @Test func aFleetResolvesTheWaveByDomainAndActsOncePerServer() async throws {
        async let startA = Self.start(spammers: 4, reporters: 5)
        async let startB = Self.start(spammers: 4, reporters: 1)
        let (a, b) = (try await startA, try await startB)
        let (idsA, idsB) = (try await Self.remoteIDs(on: a), try await Self.remoteIDs(on: b))
        var waveOnA: [String] = []
        for (by, name) in [(1, "s01"), (2, "s01"), (3, "s02"), (4, "s03")] {
            waveOnA.append(try await Self.file(on: a, by: by, about: try #require(idsA[name])))
        }
        let bobOnA = try await Self.file(on: a, by: 5, about: try await TriageScene.accountID("bob", on: a))
        let onB = try await Self.file(on: b, by: 1, about: try #require(idsB["s01"]))
        let fleet = Logins()
        let (adminA, modA, adminB) = (
            try await fleet.add(a, MockServer.admin), try await fleet.add(a, Self.mod),
            try await fleet.add(b, MockServer.admin)
        )
        let root = try TemporaryDirectory.make("report-wave-fleet")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root)
        let three = ["--account", "\(adminA),\(modA),\(adminB)", "--yes"]
        let sameServer = "\(modA): same server as \(adminA), which acts for it; nothing sent as \(modA)\n"

        let resolve = await fleet.run(
            three + [
                "reports", "resolve", "--domain", Self.domain, "--action", "suspend",
                "--text", "spam wave",
            ], journal: journal)
        #expect(resolve.status == 0, "\(resolve)")
        #expect(resolve.stderr.contains(sameServer), "\(resolve)")
        #expect(try await Self.openReports(a) == [bobOnA])
        #expect(try await Self.openReports(b).isEmpty)
        for name in ["s01", "s02", "s03"] {
            #expect(try await Self.suspended(try #require(idsA[name]), on: a), "\(name)")
        }
        #expect(try await !Self.suspended(try #require(idsA["s04"]), on: a))
        #expect(try await Self.suspended(try #require(idsB["s01"]), on: b))

        // One entry per account acted on and per report resolved, each with its undo; none as mod@A.
        let entries = try await journal.read().entries.filter { $0.verb == "reports resolve" && $0.outcome == .ok }
        #expect(!entries.contains { $0.account == modA }, "\(entries)")
        let accounts = entries.filter { $0.subject == JournalNote.account }
        let undos = Set(accounts.compactMap(\.undo))
        let expected = Set(
            ["s01", "s02", "s03"].map {
                "fedictl --account \(adminA) accounts unsuspend \(idsA[$0] ?? "") --yes"
            }
                + ["fedictl --account \(adminB) accounts unsuspend \(idsB["s01"] ?? "") --yes"])
        #expect(accounts.count == 4 && undos == expected, "\(accounts)")
        let reports = entries.filter { $0.subject == JournalNote.report }
        #expect(Set(reports.compactMap(\.subjectID)) == Set(waveOnA + [onB]), "\(reports)")
        #expect(
            reports.allSatisfy { $0.undo?.hasSuffix(" reports reopen \($0.subjectID ?? "") --yes") == true },
            "\(reports)")

        // The rest of the wave: only the accounts not suspended yet, once per server.
        let action = await fleet.run(
            three + ["accounts", "action", "--domain", Self.domain, "--type", "suspend"],
            journal: journal)
        #expect(action.status == 0, "\(action)")
        #expect(action.stderr.contains("  \(adminA): suspended 1 of 1 account\n"), "\(action)")
        #expect(action.stderr.contains("  \(adminB): suspended 3 of 3 accounts\n"), "\(action)")
        for name in ["s01", "s02", "s03", "s04"] {
            #expect(try await Self.suspended(try #require(idsA[name]), on: a), "\(name) on A")
            #expect(try await Self.suspended(try #require(idsB[name]), on: b), "\(name) on B")
        }
        let acted = try await journal.read().entries.filter { $0.verb == "accounts action" && $0.outcome == .ok }
        #expect(acted.compactMap(\.account).sorted() == [adminA, adminB, adminB, adminB].sorted(), "\(acted)")

        // A re-run finds nothing left to do on either server.
        let again = await fleet.run(three + ["reports", "resolve", "--domain", Self.domain], journal: journal)
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("no report matches the selection on \(a.base)"), "\(again)")
        #expect(again.stderr.contains("no report matches the selection on \(b.base)"), "\(again)")
    }

    /// 24 reports on a server that allows 8 requests per 3 s: the paced run is killed (-9) once a few
    /// are resolved; the re-run resolves the rest. Every report is resolved, each by one POST.
    @Test func aPacedResolveKilledHalfWayIsFinishedByARerunWithoutResolvingTwice() async throws {
        let count = 24
        let server = try await Self.start(
            spammers: count, reporters: count,
            extraConfig: "[ratelimit]\nenabled = true\nlimit = 8\nwindow_seconds = 3\n")
        let ids = try await Self.remoteIDs(on: server)
        for n in 1...count { _ = try await Self.file(on: server, by: n, about: try #require(ids[Self.spammer(n)])) }
        #expect(try await Self.openReports(server).count == count)
        let proxy = try await HostileProxy.start(upstream: server)
        let state = try TemporaryDirectory.make("report-wave-kill")
        defer { try? FileManager.default.removeItem(at: state) }

        var environment = ProcessInfo.processInfo.environment
        environment.merge(
            BinaryRunner.userEnvironment([
                "FEDICTL_TOKEN": MockServer.admin.token,
                "XDG_STATE_HOME": state.path,
            ])
        ) { $1 }
        let process = Process()
        process.executableURL = RepoPaths.fedictlBinary
        process.arguments = [
            "reports", "resolve", "--domain", Self.domain, "--yes", "--concurrency", "2",
            "--account", "\(MockServer.admin.username)@\(proxy.base)",
        ]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var resolved = 0
        for _ in 0..<600 where resolved < 6 {
            try await Task.sleep(nanoseconds: 50_000_000)
            resolved = count - (try await Self.openReports(server).count)
        }
        kill(process.processIdentifier, SIGKILL)
        try await ProcessRunner.waitForExit(process)
        // A resolve in flight lands now or never, as a real server's would before anyone re-runs.
        try await Task.sleep(nanoseconds: 500_000_000)
        let afterKill = count - (try await Self.openReports(server).count)
        #expect(afterKill >= 6 && afterKill < count, "\(afterKill) resolved when killed")

        let rerun = await UserSide(proxy, MockServer.admin).run([
            "reports", "resolve", "--domain", Self.domain,
            "--yes",
        ])
        #expect(rerun.status == 0, "\(rerun.stderr.suffix(3000))")
        #expect(
            rerun.stderr.contains("resolved \(count - afterKill) of \(count - afterKill) reports"),
            "\(rerun.stderr.suffix(3000))")
        #expect(try await Self.openReports(server).isEmpty)
        // Each report resolved by one POST the server took; a POST it refused (429) changed nothing.
        let answered = try await proxy.answered().filter { $0.hasPrefix("POST ") && $0.contains("/resolve") }
        let taken = answered.filter { $0.hasSuffix(" 200") }
        #expect(taken.count == count && Set(taken).count == count, "\(answered)")
        #expect(answered.allSatisfy { $0.hasSuffix(" 200") || $0.hasSuffix(" 429") }, "\(answered)")
    }

    /// The wave's domains from stdin over admin@A, mod@A and admin@B: each server blocks each once
    /// (A blocked one already), every block journaled with its undo; a re-run sends nothing.
    @Test func theWavesDomainsFromStdinAreBlockedOncePerServer() async throws {
        async let startA = Self.start(spammers: 1, reporters: 1)
        async let startB = Self.start(spammers: 1, reporters: 1)
        let (a, b) = (try await startA, try await startB)
        _ = try await a.json(
            .post, "/api/v1/admin/domain_blocks", token: Self.checker.token,
            body: ["domain": "wave1.example", "severity": "suspend"])
        let fleet = Logins()
        let (adminA, modA, adminB) = (
            try await fleet.add(a, MockServer.admin), try await fleet.add(a, Self.mod),
            try await fleet.add(b, MockServer.admin)
        )
        let root = try TemporaryDirectory.make("report-wave-domains")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root)
        let arguments = ["--account", "\(adminA),\(modA),\(adminB)", "--yes", "domain-blocks", "add", "-"]
        let input = "# the wave\nwave1.example\nwave2.example\n"

        let added = await fleet.run(arguments, input: input, journal: journal)
        #expect(added.status == 0, "\(added)")
        #expect(added.stderr.contains("\(modA): same server as \(adminA)"), "\(added)")
        for server in [a, b] {
            let blocks = try #require(
                try await server.json(
                    .get, "/api/v1/admin/domain_blocks",
                    token: Self.checker.token) as? [[String: Any]])
            #expect(
                blocks.compactMap { $0["domain"] as? String }.sorted() == ["wave1.example", "wave2.example"],
                "\(server.base): \(blocks)")
        }
        let entries = try await journal.read().entries.filter { $0.verb == "domain-blocks add" && $0.outcome == .ok }
        #expect(
            entries.map { "\($0.account ?? "") \($0.target ?? "")" }.sorted()
                == ["\(adminA) wave2.example", "\(adminB) wave1.example", "\(adminB) wave2.example"].sorted(),
            "\(entries)")
        #expect(
            entries.allSatisfy { $0.undo?.hasSuffix("domain-blocks remove \($0.target ?? "") --yes") == true },
            "\(entries)")

        let again = await fleet.run(arguments, input: input, journal: journal)
        #expect(again.status == 0, "\(again)")
        let after = try await journal.read().entries.filter { $0.verb == "domain-blocks add" }
        #expect(after.count == entries.count, "a re-run sends nothing: \(after)")
    }

    /// A wave longer than the server's page (mastodon_mock caps its admin list at 40): every page of
    /// the domain's accounts is acted on, though the mock's next link drops `by_domain` and `origin`
    /// (a real Mastodon keeps them), and nothing outside the wave is touched.
    @Test func aWaveLongerThanOnePageIsActedOnWhole() async throws {
        let server = try await Self.start(spammers: 45, reporters: 1)
        let fleet = Logins()
        let admin = try await fleet.add(server, MockServer.admin)
        let root = try TemporaryDirectory.make("report-wave-pages")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root)

        let counted = await fleet.run(
            ["--account", admin, "accounts", "list", "--domain", Self.domain, "--count"], journal: journal)
        #expect(counted.status == 0 && counted.stdout.contains("45"), "\(counted)")
        let acted = await fleet.run(
            ["--account", admin, "--yes", "accounts", "action", "--domain", Self.domain, "--type", "suspend"],
            journal: journal)
        #expect(acted.status == 0, "\(acted)")
        #expect(acted.stderr.contains("suspended 45 of 45 accounts"), "\(acted)")
        let active = try #require(
            try await server.json(
                .get, "/api/v2/admin/accounts?origin=remote&by_domain=\(Self.domain)&status=active",
                token: Self.checker.token) as? [[String: Any]])
        #expect(active.isEmpty, "\(active.count) of the wave still active")
        let bob = try await TriageScene.accountID("bob", on: server)
        #expect(try await !Self.suspended(bob, on: server))
        let entries = try await journal.read().entries.filter { $0.verb == "accounts action" && $0.outcome == .ok }
        #expect(Set(entries.compactMap(\.subjectID)).count == 45, "\(entries.count)")
    }
}
