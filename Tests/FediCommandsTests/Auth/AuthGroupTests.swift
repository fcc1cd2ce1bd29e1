import FediCore
import FediTestSupport
import Foundation
import Testing

/// Two stored accounts for the group verbs: the fake admin and mod@other.test.
private func twoAccounts() throws -> FakeServerAccount {
    let server = FakeServerAccount()
    try server.logins.update {
        $0.accounts.append(
            Login(
                id: "mod@other.test", username: "mod", baseURL: "https://other.test", aliases: ["work"],
                tokenStorage: .keyring))
    }
    return server
}

/// `auth group NAME ACCOUNT...` (set) in the fast tier: the config alone.
@Suite struct AuthGroupSetTests {
    @Test func storesTheMembersByTheirIds() async throws {
        let server = try twoAccounts()
        let result = await server.run(["auth", "group", "mods", "admin@", "mod@"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Group mods: admin@fake.test, mod@other.test.\n", "\(result)")
        #expect(try server.logins.load().groups == ["mods": ["admin@fake.test", "mod@other.test"]])
        #expect(server.transport.requests.isEmpty)
        #expect(await server.keyring.callCount == 0)
    }

    @Test func aNameThatIsAnAliasIsRefusedAndNothingChanges() async throws {
        let server = try twoAccounts()
        let result = await server.run(["auth", "group", "Work", "mod@"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == "fedictl: 'Work' already names an account\nhint: choose another name for the group\n",
            "\(result)")
        #expect(try server.logins.load().groups == nil)
    }

    @Test func anUnknownMemberIsExit66() async throws {
        let server = try twoAccounts()
        let result = await server.run(["auth", "group", "mods", "nobody"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no account matches 'nobody'\nhint: "), "\(result)")
        #expect(try server.logins.load().groups == nil)
    }
}

/// `auth group list` in the fast tier.
@Suite struct AuthGroupListTests {
    @Test func listsGroupsAsTSVAndJSON() async throws {
        let server = try twoAccounts()
        try server.logins.update { $0.groups = ["mods": ["admin@fake.test", "mod@other.test"]] }
        let json = await server.run(["auth", "group", "list", "-o", "json"])
        #expect(json.status == 0, "\(json)")
        let rows = try #require(try json.json() as? [[String: Any]], "\(json)")
        #expect(rows.first?["group"] as? String == "mods")
        #expect(rows.first?["accounts"] as? [String] == ["admin@fake.test", "mod@other.test"])
        #expect(server.transport.requests.isEmpty)
    }

    @Test func noGroupsOnATerminalSaysHowToMakeOne() async throws {
        let result = await FakeServerAccount().run(["auth", "group", "list"], tty: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "No groups yet. Make one: fedictl auth group NAME ACCOUNT...\n", "\(result)")
    }
}

/// `auth group remove` in the fast tier.
@Suite struct AuthGroupRemoveTests {
    @Test func removesTheGroupAndLeavesTheAccounts() async throws {
        let server = try twoAccounts()
        try server.logins.update { $0.groups = ["mods": ["admin@fake.test", "mod@other.test"]] }
        let result = await server.run(["auth", "group", "remove", "MODS"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Removed the group mods.\n", "\(result)")
        let config = try server.logins.load()
        #expect(config.groups == nil)
        #expect(config.accounts.count == 2)
    }

    @Test func anUnknownGroupIsExit66NamingTheGroups() async throws {
        let server = try twoAccounts()
        try server.logins.update { $0.groups = ["mods": ["admin@fake.test"]] }
        let result = await server.run(["auth", "group", "rm", "ops"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr == "fedictl: no group is named 'ops'\nhint: groups: mods\n", "\(result)")
    }
}
