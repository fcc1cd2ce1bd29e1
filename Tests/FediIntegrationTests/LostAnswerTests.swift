import FediCore
import FediTestSupport
import Foundation
import Testing

/// A write whose answer is lost after the server acted (a proxy that closes the connection, or
/// answers 503, once mastodon_mock has handled it) is never sent twice: not by libcurl on a reused
/// connection, not by fedictl's retries. Where the state can be read back it is; elsewhere exit 75.
struct LostAnswerTests {
    /// mastodon_mock behind a hostile proxy, and its admin talking through the proxy.
    struct Setup {
        let server: ServerProcess
        let proxy: ServerProcess
        let admin: UserSide

        static func start() async throws -> Setup {
            let server = try await MockServer.start()
            let proxy = try await HostileProxy.start(upstream: server)
            return Setup(server: server, proxy: proxy, admin: UserSide(proxy, MockServer.admin))
        }

        /// The server's own list at `path` (one page of 40 at most is enough here), read directly.
        func serverList(_ path: String, token: String = MockServer.admin.token) async throws -> [[String: Any]] {
            try #require(try await server.json(.get, path, token: token) as? [[String: Any]])
        }

        func posts(to path: String) async throws -> Int {
            try await proxy.forwarded().filter { $0 == "POST \(path)" }.count
        }
    }

    @Test func aLostAnswerToAnEmailBlockIsReadBackNotSentAgain() async throws {
        let setup = try await Setup.start()
        try await setup.proxy.hostileRules(["lose_writes": 1])
        let result = await setup.admin.run(["email-blocks", "add", "spam.example", "--verbose"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("reading it back"), "\(result)")
        let blocks = try await setup.serverList("/api/v1/admin/email_domain_blocks")
        #expect(blocks.compactMap { $0["domain"] as? String } == ["spam.example"])
        #expect(try await setup.posts(to: "/api/v1/admin/email_domain_blocks") == 1)
    }

    /// The journal records the write found done on read-back as done, once, not as the lost answer's error.
    @Test func aWriteFoundDoneOnReadBackIsJournaledAsDone() async throws {
        let setup = try await Setup.start()
        let (journal, state) = try SeededJournal.make("lost-answer", [])
        defer { try? FileManager.default.removeItem(at: state) }
        try await setup.proxy.hostileRules(["lose_writes": 1])
        let admin = JournaledUser(setup.proxy, MockServer.admin, journal: journal)
        let result = await admin.run(["email-blocks", "add", "spam.example"])
        #expect(result.status == 0, "\(result)")
        let entries = try journal.readNow().entries.filter { $0.verb == "email-blocks add" }
        #expect(entries.map(\.outcome) == [.ok], "\(entries)")
        #expect(entries.first?.message?.contains("found the change made") == true, "\(entries)")
        let log = await admin.run(["log", "--fields", "verb,target,outcome"])
        #expect(log.stdout.contains("email-blocks add\tspam.example\tok"), "\(log)")
    }

    /// A write whose undo names the id it created: found on read-back, the entry keeps that id and its undo.
    @Test func aWriteFoundDoneOnReadBackKeepsTheIdItsUndoNames() async throws {
        let setup = try await Setup.start()
        let (journal, state) = try SeededJournal.make("lost-answer-id", [])
        defer { try? FileManager.default.removeItem(at: state) }
        try await setup.proxy.hostileRules(["lose_writes": 1])
        let admin = JournaledUser(setup.proxy, MockServer.admin, journal: journal)
        let result = await admin.run(["ip-blocks", "add", "203.0.113.0/24", "--severity", "no_access"])
        #expect(result.status == 0, "\(result)")
        let blocks = try await setup.serverList("/api/v1/admin/ip_blocks", token: MockServer.admin.token)
        let id = try #require(
            blocks.first { ($0["ip"] as? String)?.hasPrefix("203.0.113.0") == true }?["id"] as? String,
            "\(blocks)")
        let entries = try journal.readNow().entries.filter { $0.verb == "ip-blocks add" }
        #expect(entries.map(\.outcome) == [.ok] && entries.first?.createdID == id, "\(entries)")
        #expect(entries.first?.undo?.hasSuffix("ip-blocks remove \(id) --yes") == true, "\(entries)")
    }

    @Test func aLostAnswerToAFilterIsReadBackByItsNewTitle() async throws {
        let setup = try await Setup.start()
        let alice = UserSide(setup.proxy, MockServer.alice)
        try #require(await alice.run(["filters", "create", "crypto", "--context", "home"]).status == 0)
        try await setup.proxy.hostileRules(["lose_writes": 1])
        let result = await alice.run(["filters", "create", "crypto", "--context", "home", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let filters = try await setup.serverList("/api/v2/filters", token: MockServer.alice.token)
        #expect(filters.filter { $0["title"] as? String == "crypto" }.count == 2, "the first and this one, not a third")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(filters.compactMap { $0["id"] as? String }.contains(shown["id"] as? String ?? "-"))
    }

    @Test func aLostAnswerToAWriteThatCannotBeReadBackExits75() async throws {
        let setup = try await Setup.start()
        let alice = UserSide(setup.proxy, MockServer.alice)
        try await setup.proxy.hostileRules(["lose_writes": 1])
        let result = await alice.run(["reports", "file", "@bob", "--comment", "spam", "--category", "spam"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("may or may not have been made"), "\(result)")
        #expect(result.stderr.contains("\nhint: check the server's state"), "\(result)")
        #expect(try await setup.posts(to: "/api/v1/reports") == 1)
    }

    /// (A 429 is a refusal, not a hidden success: PacingTests.aWriteRefusedWith429IsSentAgainWithoutAReadBack.)
    @Test(arguments: [503])
    func aDomainBlockWhose503HidesASuccessIsMadeOnce(status: Int) async throws {
        let setup = try await Setup.start()
        try await setup.proxy.hostileRules(["fail_writes": 1, "fail_status": status])
        let result = await setup.admin.run(["domain-blocks", "add", "spam.example", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect((try? result.json() as? [String: Any])?["domain"] as? String == "spam.example", "\(result)")
        let blocks = try await DomainBlockImportTests.serverBlocks(setup.server)
        #expect(blocks.compactMap { $0["domain"] as? String } == ["spam.example"])
    }

    @Test func anImportThroughLostAnswersLeavesEachBlockOnce() async throws {
        let setup = try await Setup.start()
        let domains = (0..<30).map { "spam\($0).example" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lossy-\(UUID().uuidString).txt")
        try (domains.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try await setup.proxy.hostileRules(["lose_writes": 4, "fail_writes": 4, "fail_status": 503])
        let result = await setup.admin.run(["domain-blocks", "import", file.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Wrote 30 of 30 changes."), "\(result)")
        let held = try await DomainBlockImportTests.serverBlocks(setup.server).compactMap { $0["domain"] as? String }
        #expect(held.count == 30, "\(held.count) blocks held")
        #expect(Set(held) == Set(domains))
    }
}
