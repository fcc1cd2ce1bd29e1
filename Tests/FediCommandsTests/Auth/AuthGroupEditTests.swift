import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `auth group NAME --add/--remove`, replacing members only when confirmed, the journal's
/// before and after, and `auth use GROUP` (fast tier).
@Suite struct AuthGroupEditTests {
    static let all = ["admin@a.test", "admin@b.test", "admin@c.test"]

    @Test func replacingAsksNamingOldAndNewAndEditsDoNot() async throws {
        var config = FleetRunnerTests.config()
        config.groups = ["fleet": Self.all]
        let logins = InMemoryLoginStore(config)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("group-edit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let journal = FileJournal(directory: state)
        var harness = CommandHarness(transport: FakeTransport(), secrets: FleetRunnerTests.keyring(), logins: logins)
        harness.journal = journal

        let refused = await harness.run(["auth", "group", "fleet", "admin@a"])
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "fedictl: Replace group fleet's members (admin@a.test, admin@b.test, admin@c.test) with admin@a.test: confirmation needed\n"
            ),
            "\(refused)")
        #expect(try logins.load().groups == ["fleet": Self.all])

        let replaced = await harness.run(["auth", "group", "fleet", "admin@a", "--yes"])
        #expect(replaced.status == 0, "\(replaced)")
        #expect(try logins.load().groups == ["fleet": ["admin@a.test"]])

        let edited = await harness.run(["auth", "group", "fleet", "--add", "admin@b,admin@c", "--remove", "admin@a"])
        #expect(edited.status == 0, "\(edited)")
        #expect(try logins.load().groups == ["fleet": ["admin@b.test", "admin@c.test"]])

        let emptied = await harness.run(["auth", "group", "fleet", "--remove", "admin@b,admin@c"])
        #expect(emptied.status == 65, "\(emptied)")
        #expect(
            emptied.stderr.contains("hint: remove the group instead: fedictl auth group remove fleet"), "\(emptied)")

        let entries = try journal.readNow().entries.filter { $0.target == "group fleet" }
        #expect(
            entries.map { "\($0.before ?? "") -> \($0.after ?? "")" } == [
                "members: admin@a.test, admin@b.test, admin@c.test -> members: admin@a.test",
                "members: admin@a.test -> members: admin@b.test, admin@c.test",
            ], "\(entries)")
    }

    /// A group's entries undo exactly: a new group is removed, an edit sets the old members again,
    /// and a group changed since its entry is refused (exit 79).
    @Test func logUndoRestoresAGroupsMembers() async throws {
        let logins = InMemoryLoginStore(FleetRunnerTests.config())
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("group-undo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let journal = FileJournal(directory: state)
        var harness = CommandHarness(transport: FakeTransport(), secrets: FleetRunnerTests.keyring(), logins: logins)
        harness.journal = journal

        #expect(await harness.run(["auth", "group", "pair", "admin@a", "admin@b"]).status == 0)
        let made = try #require(try journal.readNow().entries.last)
        #expect(made.subject == "group" && made.before == "none", "\(made)")
        #expect(made.undo == "fedictl auth group remove pair --yes", "\(made)")
        #expect(await harness.run(["auth", "group", "pair", "--add", "admin@c", "--remove", "admin@a"]).status == 0)
        let edit = try #require(try journal.readNow().entries.last)
        #expect(edit.undo == "fedictl auth group set pair admin@a.test admin@b.test --yes", "\(edit)")

        let undo = await harness.run(["log", "undo", edit.id, "--yes"])
        #expect(undo.status == 0, "\(undo)")
        #expect(try logins.load().groups == ["pair": ["admin@a.test", "admin@b.test"]])
        let undone = try #require(try journal.readNow().entries.last)
        #expect(undone.undoes == edit.id && undone.after == "members: admin@a.test, admin@b.test", "\(undone)")

        // The group is no longer as the edit left it: undoing the edit again is stale.
        let stale = await harness.run(["log", "undo", edit.id, "--yes"])
        #expect(stale.status == 79 && stale.stderr.contains("group pair on local changed since"), "\(stale)")
        #expect(try logins.load().groups == ["pair": ["admin@a.test", "admin@b.test"]])
        // As the creation left it again: undoing the creation removes the group.
        #expect(await harness.run(["log", "undo", made.id, "--yes"]).status == 0)
        #expect(try logins.load().groups?["pair"] == nil)
    }

    @Test func aGroupMadeTheDefaultSelectsItsAccounts() async throws {
        var config = FleetRunnerTests.config()
        config.groups = ["pair": ["admin@a.test", "admin@c.test"]]
        let logins = InMemoryLoginStore(config)
        let transport = FakeTransport()
        for host in ["a.test", "c.test"] { transport.stub(.get, "/api/v1/admin/domain_blocks", host: host, json: "[]") }
        let harness = CommandHarness(transport: transport, secrets: FleetRunnerTests.keyring(), logins: logins)

        let use = await harness.run(["auth", "use", "pair"])
        #expect(use.status == 0, "\(use)")
        #expect(use.stderr == "Default: group pair (admin@a.test, admin@c.test)\n", "\(use)")
        #expect(try logins.load().defaultAccount == "pair")

        let list = await harness.run(["domain-blocks", "list", "-o", "csv"])
        #expect(list.status == 0, "\(list)")
        #expect(transport.requests.compactMap(\.url.host).sorted() == ["a.test", "c.test"])
        #expect(transport.unusedStubs == 0)
    }
}
