import FediCore
import FediTestSupport
import Foundation
import Testing

/// `trends` over two mastodon_mock servers: what trends is listed with its review, approved and
/// rejected through what a list printed, and the servers' own state read back (their admin lists,
/// and the public trends a rejected one leaves). mastodon_mock derives trending hashtags from the
/// posts that use them and trending posts from public posts; it has no trending links.
struct TrendReviewTests {
    struct Pair {
        let a: ServerProcess
        let b: ServerProcess
        let logins = InMemoryLoginStore()
        let secrets = InMemorySecretStore()

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

    static func start() async throws -> Pair {
        async let startA = MockServer.start()
        async let startB = MockServer.start()
        let pair = Pair(a: try await startA, b: try await startB)
        for server in [pair.a, pair.b] {
            let login = Login(id: "admin@\(server.base)", username: "admin", baseURL: "http://\(server.base)")
            try pair.logins.update { $0.accounts.append(login) }
            try await pair.secrets.store(MockServer.admin.token, for: login.tokenKey)
        }
        return pair
    }

    @discardableResult
    static func post(_ text: String, on server: ServerProcess) async throws -> String {
        let status = try TriageScene.object(
            try await server.json(
                .post, "/api/v1/statuses", token: MockServer.alice.token,
                body: ["status": text, "visibility": "public"]))
        return try TriageScene.string(status["id"])
    }

    /// The server's own admin view of its trending hashtags: name → trendable.
    static func adminTags(on server: ServerProcess) async throws -> [String: Bool] {
        let tags = try #require(
            try await server.json(.get, "/api/v1/admin/trends/tags", token: MockServer.admin.token) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: tags.map { ($0["name"] as? String ?? "", $0["trendable"] as? Bool ?? false) })
    }

    /// What the server shows everyone as trending (what a rejection keeps out).
    static func publicNames(_ kind: String, on server: ServerProcess) async throws -> [String] {
        let items = try #require(try await server.json(.get, "/api/v1/trends/\(kind)") as? [[String: Any]])
        return items.compactMap { ($0["name"] ?? $0["id"]) as? String }
    }

    @Test func hashtagsAreListedRejectedAndApprovedOverTwoServersAndReadBack() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        try await Self.post("#cats rule", on: pair.a)
        try await Self.post("#cats again", on: pair.a)
        try await Self.post("buy now #spamwave", on: pair.a)
        try await Self.post("buy now #spamwave", on: pair.b)
        try await Self.post("#dogs too", on: pair.b)

        let fleet = ["--account", "\(pair.idA),\(pair.idB)"]
        let listed = await pair.run(fleet + ["trends", "tags", "list", "-o", "json"])
        #expect(listed.status == 0, "\(listed)")
        let rows = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        func row(_ account: String, _ title: String) -> [String: Any]? {
            rows.first { $0["account"] as? String == account && $0["title"] as? String == title }
        }
        #expect(row(pair.idA, "#cats")?["uses"] as? Int == 2, "\(rows)")
        #expect(row(pair.idA, "#spamwave")?["review"] as? String == "approved", "\(rows)")
        #expect(row(pair.idB, "#dogs") != nil && row(pair.idA, "#dogs") == nil, "\(rows)")

        // The spam wave's rows of both servers, piped as the list printed them: each to its own server.
        let spam = rows.filter { $0["title"] as? String == "#spamwave" }
        let input = String(decoding: try JSONSerialization.data(withJSONObject: spam), as: UTF8.self)
        let rejected = await pair.run(fleet + ["--yes", "trends", "tags", "reject", "-", "-o", "json"], input: input)
        #expect(rejected.status == 0, "\(rejected)")
        let results = try #require(try rejected.json() as? [[String: Any]], "\(rejected)")
        #expect(results.count == 2 && results.allSatisfy { $0["result"] as? String == "rejected" }, "\(results)")
        for server in [pair.a, pair.b] {
            #expect(try await Self.adminTags(on: server)["spamwave"] == false)
            #expect(!(try await Self.publicNames("tags", on: server)).contains("spamwave"))
        }
        #expect(try await Self.adminTags(on: pair.a)["cats"] == true)

        let again = await pair.run(fleet + ["trends", "tags", "list", "-o", "json"])
        let after = try #require(try again.json() as? [[String: Any]], "\(again)")
        #expect(
            after.filter { $0["title"] as? String == "#spamwave" }.map { $0["review"] as? String } == [
                "rejected", "rejected",
            ], "\(after)")

        // Approved again on one server only: trending there again, still kept out on the other.
        let approved = await pair.run(["--account", pair.idA, "trends", "tags", "approve", "spamwave"])
        #expect(approved.status == 0, "\(approved)")
        #expect(try await Self.adminTags(on: pair.a)["spamwave"] == true)
        #expect(try await Self.publicNames("tags", on: pair.a).contains("spamwave"))
        #expect(try await Self.adminTags(on: pair.b)["spamwave"] == false)
    }

    @Test func aRejectedPostLeavesThePublicTrendsOfItsServerOnly() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        let spamA = try await Self.post("click here", on: pair.a)
        try await Self.post("a kind word", on: pair.b)

        let listed = await pair.run(["--account", pair.idA, "trends", "statuses", "list", "-o", "json"])
        #expect(listed.status == 0, "\(listed)")
        let rows = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(rows.contains { $0["id"] as? String == spamA && $0["title"] as? String == "click here" }, "\(rows)")
        #expect(try await Self.publicNames("statuses", on: pair.a).contains(spamA))

        let rejected = await pair.run(["--account", pair.idA, "trends", "statuses", "reject", spamA])
        #expect(rejected.status == 0, "\(rejected)")
        #expect(rejected.stdout.hasPrefix("\(spamA)\tclick here\trejected"), "\(rejected)")
        #expect(!(try await Self.publicNames("statuses", on: pair.a)).contains(spamA))

        let approved = await pair.run(["--account", pair.idA, "trends", "statuses", "approve", spamA])
        #expect(approved.status == 0, "\(approved)")
        #expect(try await Self.publicNames("statuses", on: pair.a).contains(spamA))
    }

    @Test func linksAreListedEmptyWhereTheServerHasNone() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        let listed = await pair.run(["--account", "\(pair.idA),\(pair.idB)", "trends", "links", "list", "-o", "json"])
        #expect(listed.status == 0, "\(listed)")
        #expect((try listed.json() as? [Any])?.isEmpty == true, "\(listed)")
    }

    /// `queue --kind trend` over both servers asks each for its trends and shows those awaiting review:
    /// mastodon_mock derives its trends from posts and never marks one as requiring review, so the
    /// hashtags it lists as trending (approved) are not in the queue, and --exit-status says nothing waits.
    @Test func theTrendQueueShowsOnlyWhatAwaitsReviewOnEachServer() async throws {
        let pair = try await Self.start()
        defer { pair.stop() }
        try await Self.post("#cats rule", on: pair.a)
        try await Self.post("#dogs too", on: pair.b)
        let fleet = ["--account", "\(pair.idA),\(pair.idB)"]
        let listed = await pair.run(fleet + ["trends", "tags", "list", "-o", "json"])
        let tags = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        #expect(tags.count == 2 && tags.allSatisfy { $0["review"] as? String == "approved" }, "\(tags)")

        let queue = await pair.run(fleet + ["queue", "--kind", "trend", "--exit-status", "-o", "json"])
        #expect(queue.status == 0, "\(queue)")
        #expect((try queue.json() as? [Any])?.isEmpty == true, "\(queue)")
        // The default queue does not ask for trends: the same servers, reports and sign-ups only.
        let all = await pair.run(fleet + ["queue", "-o", "json"])
        #expect(all.status == 0, "\(all)")
        #expect((try all.json() as? [[String: Any]])?.contains { $0["kind"] as? String == "trend" } == false)
    }
}
