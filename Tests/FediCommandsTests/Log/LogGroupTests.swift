import FediCore
import FediTestSupport
import Foundation
import Testing

/// The log verbs over a group made the default: the journal is read once, each entry shown once,
/// filtered by the group's accounts (issue 44: each entry, and each usage error, came once per account).
@Suite struct LogGroupTests {
    /// a@one.example and b@two.example (the seeded entries' accounts) and c@three.example, with the
    /// group `ab` of the first two as the default.
    static func run(_ arguments: [String]) async throws -> CommandResult {
        let (journal, state) = try SeededJournal.make("log-group", SeededJournal.four)
        defer { try? FileManager.default.removeItem(at: state) }
        let logins = ["a@one.example", "b@two.example", "c@three.example"].map { id in
            let parts = id.split(separator: "@").map(String.init)
            return Login(id: id, username: parts[0], baseURL: "https://\(parts[1])", tokenStorage: .keyring)
        }
        let config = LoginConfig(
            defaultAccount: "ab", accounts: logins, groups: ["ab": ["a@one.example", "b@two.example"]])
        var harness = CommandHarness(
            transport: FakeTransport(), logins: InMemoryLoginStore(config), now: { SeededJournal.now })
        harness.journal = journal
        return await harness.run(["log"] + arguments)
    }

    @Test func eachEntryOnceOverTheGroupDefault() async throws {
        let listed = try await Self.run(["--fields", "id"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout == LogListTests.all.map { $0 + "\n" }.joined(), "\(listed)")

        let newest = try await Self.run(["-L", "1", "--fields", "id"])
        #expect(newest.stdout == "cccc00000004\n", "\(newest)")

        // The group's accounts only: c@three.example's group of one keeps none of the entries.
        let one = try await Self.run(["--account", "c@three.example", "--fields", "id"])
        #expect(one.status == 0 && one.stdout.isEmpty, "\(one)")
        let a = try await Self.run(["--account", "a@one.example,c@three.example", "--fields", "id"])
        #expect(a.stdout == "aaaa00000001\naaaa00000002\n", "\(a)")
    }

    @Test func showIsOneObjectWhoseUndoJqReads() async throws {
        let shown = try await Self.run(["show", "aaaa00000001", "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        let object = try #require(try shown.json() as? [String: Any], "one object, not an array: \(shown.stdout)")
        #expect(object["undo"] as? String == "fedictl --account a@one.example domain-blocks remove spam.example")
    }

    @Test func aUsageErrorIsSaidOnce() async throws {
        let result = try await Self.run(["--since", "yesterday"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.components(separatedBy: "neither a length of time nor a date").count == 2, "\(result)")
    }
}
