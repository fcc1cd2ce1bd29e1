import FediCore
import FediTestSupport
import Foundation
import Testing

/// Two mastodon_mock servers whose ids collide, as Mastodon's report ids do (1, 2, 3… on every
/// server): the same report id is a different report, about a different account, on each; the same
/// account id is a different applicant. What one list prints and a `-` reads acts on its own server only.
struct CollidingIdsTests {
    static let carol = SeedAccount("carol", token: "carol-token")

    struct Pair {
        let a: ServerProcess
        let b: ServerProcess
        let logins = InMemoryLoginStore()
        let secrets = InMemorySecretStore()
        /// The report both servers gave the same id: alice about bob on A, bob about alice on B.
        let reportID: String
        /// carol's id, pending on both.
        let carolID: String

        var idA: String { "admin@\(a.base)" }
        var idB: String { "admin@\(b.base)" }

        func run(_ arguments: [String], input: String = "") async -> CommandResult {
            await CommandHarness(secrets: secrets, logins: logins).run(arguments, input: input)
        }

        func stop() {
            a.stop()
            b.stop()
        }
    }

    /// Both servers seeded alike from id 1, so their accounts and the one report each holds share ids.
    static func start() async throws -> Pair {
        let seeds = [MockServer.admin, MockServer.alice, MockServer.bob, carol]
        async let startA = MockServer.start(accounts: seeds, firstID: 1)
        async let startB = MockServer.start(accounts: seeds, firstID: 1)
        let (a, b) = (try await startA, try await startB)
        let bobOnA = try await TriageScene.accountID("bob", on: a)
        let aliceOnB = try await TriageScene.accountID("alice", on: b)
        let onA = try await QueueFleetTests.file(on: a, by: MockServer.alice.token, about: bobOnA)
        let onB = try await QueueFleetTests.file(on: b, by: MockServer.bob.token, about: aliceOnB)
        try #require(onA == onB, "the servers were to give the report the same id")
        // Looked up while still approved: a pending account is not found by handle.
        let carolA = try await TriageScene.accountID("carol", on: a)
        try #require(carolA == (try await TriageScene.accountID("carol", on: b)))
        for server in [a, b] { try await server.makePending("carol", reason: "hello") }
        let pair = Pair(a: a, b: b, reportID: onA, carolID: carolA)
        for server in [a, b] {
            let login = Login(id: "admin@\(server.base)", username: "admin", baseURL: "http://\(server.base)")
            try pair.logins.update { $0.accounts.append(login) }
            try await pair.secrets.store(MockServer.admin.token, for: login.tokenKey)
        }
        try pair.logins.update { $0.groups = ["fleet": [pair.idA, pair.idB]] }
        try pair.logins.update { $0.defaultAccount = "fleet" }
        return pair
    }

    static func isResolved(_ id: String, on server: ServerProcess) async throws -> Bool {
        try await QueueFleetTests.adminReport(id, on: server)["action_taken"] as? Bool == true
    }

    static func isPending(_ id: String, on server: ServerProcess) async throws -> Bool {
        let account = try TriageScene.object(
            try await server.json(.get, "/api/v1/admin/accounts/\(id)", token: MockServer.admin.token))
        return account["approved"] as? Bool == false
    }

    @Test func oneServersReportIdsResolveOnlyThereWithTheGroupAsTheDefault() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        let listed = await pair.run(["--account", pair.idA, "reports", "list", "--fields", "id"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout == "\(pair.idA)\t\(pair.reportID)\n", "\(listed)")

        // README's recipe, with the group as the default: A's report, and not B's of the same id.
        let resolved = await pair.run(["reports", "resolve", "-", "--yes"], input: listed.stdout)
        #expect(resolved.status == 0, "\(resolved)")
        #expect(try await Self.isResolved(pair.reportID, on: pair.a))
        #expect(try await !Self.isResolved(pair.reportID, on: pair.b), "\(resolved)")
        #expect(resolved.stderr.contains("no report matches the selection on \(pair.b.base)"), "\(resolved)")
    }

    @Test func bareIdsOverBothAreRefusedUnlessEachServer() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        let refused = await pair.run(["reports", "resolve", "-", "--yes"], input: "\(pair.reportID)\n")
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.components(separatedBy: "fedictl: ").count == 2, "said once: \(refused)")
        #expect(refused.stderr.contains("name no server, and 2 servers are selected"), "\(refused)")
        #expect(refused.stderr.contains("hint: "), "\(refused)")
        #expect(try await !Self.isResolved(pair.reportID, on: pair.a))
        #expect(try await !Self.isResolved(pair.reportID, on: pair.b))

        let everywhere = await pair.run(
            ["reports", "resolve", "-", "--each-server", "--yes"], input: "\(pair.reportID)\n")
        #expect(everywhere.status == 0, "\(everywhere)")
        #expect(try await Self.isResolved(pair.reportID, on: pair.a))
        #expect(try await Self.isResolved(pair.reportID, on: pair.b))
    }

    @Test func theQueuesJSONApprovesTheApplicantOfItsOwnServer() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        let queue = await pair.run(["--account", pair.idA, "queue", "--kind", "sign-up", "-o", "json"])
        #expect(queue.status == 0, "\(queue)")
        // The fleet's NDJSON too: every row names its server.
        let fleetQueue = await pair.run(["queue", "--kind", "sign-up", "-o", "ndjson"])
        #expect(fleetQueue.stdout.split(separator: "\n").count == 2, "\(fleetQueue)")

        let approved = await pair.run(["accounts", "approve", "-", "--yes"], input: queue.stdout)
        #expect(approved.status == 0, "\(approved)")
        #expect(try await !Self.isPending(pair.carolID, on: pair.a))
        #expect(try await Self.isPending(pair.carolID, on: pair.b), "a stranger approved on B: \(approved)")

        // A report's line is not a sign-up: refused before anything is sent.
        let reports = await pair.run(["--account", pair.idB, "queue", "-o", "ndjson"])
        let wrongKind = await pair.run(["accounts", "approve", "-", "--yes"], input: reports.stdout)
        #expect(wrongKind.status == 65, "\(wrongKind)")
        #expect(wrongKind.stderr.contains("is a report"), "\(wrongKind)")
        #expect(try await Self.isPending(pair.carolID, on: pair.b))
    }

    @Test func aLineReadOnAServerNotSelectedIsRefused() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        // One account's list names it (account,id,…): its line goes to that account alone.
        let listed = await pair.run(["--account", pair.idA, "reports", "list", "-o", "csv"])
        #expect(listed.stdout.hasPrefix("account,id,"), "\(listed)")
        let refused = await pair.run(
            ["--account", pair.idB, "reports", "resolve", "-", "--yes"], input: listed.stdout)
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr.contains("was read on \(pair.idA), which is not among the selected accounts"), "\(refused)")
        // The queue's rows name their server (server,kind,id,…).
        let queued = await pair.run(["--account", pair.idA, "queue", "--kind", "report", "-o", "csv"])
        #expect(queued.stdout.hasPrefix("server,kind,id,"), "\(queued)")
        let refusedToo = await pair.run(
            ["--account", pair.idB, "reports", "resolve", "-", "--yes"], input: queued.stdout)
        #expect(refusedToo.status == 64, "\(refusedToo)")
        #expect(
            refusedToo.stderr.contains("was read on \(pair.a.base), which is not among the selected accounts"),
            "\(refusedToo)")
        #expect(try await !Self.isResolved(pair.reportID, on: pair.b))
        #expect(try await !Self.isResolved(pair.reportID, on: pair.a))
    }
}
