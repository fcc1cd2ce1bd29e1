import FediCore
import FediTestSupport
import Foundation
import Testing

/// `blocks`, `mutes` and `user-domain-blocks`, as a user runs them: against mastodon_mock over
/// libcurl (checking the server's state afterwards), and against the Misskey and GoToSocial fixtures.
struct RelationshipsTests {
    /// Rows of tab-separated output.
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    static func usernames(_ object: Any) -> [String] {
        ((object as? [[String: Any]]) ?? []).compactMap { $0["username"] as? String }
    }

    @Test func blockAnAccountThenUnblockIt() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)

        let block = await alice.run(["blocks", "add", "@bob", "--yes"])
        #expect(block.status == 0, "\(block)")
        #expect(block.stderr == "Blocked @bob.\n")
        #expect(block.stdout.contains("acct\t@bob\n"))
        #expect(Self.usernames(try await alice.get("/api/v1/blocks")) == ["bob"])

        let list = await alice.run(["blocks", "list"])
        #expect(list.status == 0, "\(list)")
        #expect(alice.rows(list.stdout).map { Array($0.dropFirst()) } == [["@bob", "Bob"]], "\(list)")

        let unblock = await alice.run(["blocks", "remove", "@bob"])
        #expect(unblock.status == 0, "\(unblock)")
        #expect(unblock.stderr == "Unblocked @bob.\n")
        #expect(Self.usernames(try await alice.get("/api/v1/blocks")).isEmpty)
        let empty = await alice.run(["blocks", "list", "-o", "json"])
        #expect(empty.stdout == "[]\n")
    }

    @Test func blockingTakesAnAccountIdAndAsksFirstOffATerminal() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let bob = try #require(try await alice.get("/api/v1/accounts/lookup?acct=bob") as? [String: Any])
        let bobID = try #require(bob["id"] as? String)

        let unconfirmed = await alice.run(["blocks", "add", bobID])
        #expect(unconfirmed.status == 64, "\(unconfirmed)")
        // The question names the act; what follows it goes to the hint, not into the sentence.
        #expect(
            unconfirmed.stderr
                == "fedictl: Block @bob: confirmation needed\nhint: Follows between you end; not on a terminal: pass --yes to confirm\n",
            "\(unconfirmed)")
        #expect(Self.usernames(try await alice.get("/api/v1/blocks")).isEmpty)

        let confirmed = await alice.run(["blocks", "add", bobID, "-y", "-o", "json"])
        #expect(confirmed.status == 0, "\(confirmed)")
        #expect((try confirmed.json() as? [String: Any])?["acct"] as? String == "bob")
        #expect(Self.usernames(try await alice.get("/api/v1/blocks")) == ["bob"])
    }

    @Test func muteForADay() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let started = Date()

        let mute = await alice.run(["mutes", "add", "@bob", "--duration", "1d", "-o", "json"])
        #expect(mute.status == 0, "\(mute)")
        #expect(mute.stderr == "Muted @bob for 1d.\n")
        let shown = try #require(try mute.json() as? [String: Any])
        #expect(shown["acct"] as? String == "bob")
        #expect(shown["notifications"] as? Bool == true)
        let shownExpiry = try #require(FlexibleDate.parse(shown["mute_expires_at"] as? String ?? ""))
        #expect(abs(shownExpiry.timeIntervalSince(started) - 86_400) < 120)

        // The server's own record: muted, with notifications, ending about 24 hours from now.
        let bobID = try #require(shown["id"] as? String)
        let relationships = try #require(
            try await alice.get("/api/v1/accounts/relationships?id[]=\(bobID)") as? [[String: Any]])
        #expect(relationships.first?["muting"] as? Bool == true)
        #expect(relationships.first?["muting_notifications"] as? Bool == true)
        let serverExpiry = try #require(FlexibleDate.parse(relationships.first?["muting_expires_at"] as? String ?? ""))
        #expect(abs(serverExpiry.timeIntervalSince(started) - 86_400) < 120)

        let list = await alice.run(["mutes", "list"])
        #expect(list.status == 0, "\(list)")
        #expect(alice.rows(list.stdout).map { $0[1] } == ["@bob"], "\(list)")

        let unmute = await alice.run(["mutes", "remove", "@bob"])
        #expect(unmute.status == 0, "\(unmute)")
        #expect(Self.usernames(try await alice.get("/api/v1/mutes")).isEmpty)
    }

    @Test func muteWithoutNotificationsAndWithoutEnd() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let mute = await alice.run(["mutes", "add", "@bob", "--no-notifications", "-o", "json"])
        #expect(mute.status == 0, "\(mute)")
        let shown = try #require(try mute.json() as? [String: Any])
        #expect(shown["mute_expires_at"] == nil)
        let bobID = try #require(shown["id"] as? String)
        let relationships = try #require(
            try await alice.get("/api/v1/accounts/relationships?id[]=\(bobID)") as? [[String: Any]])
        #expect(relationships.first?["muting"] as? Bool == true)
        #expect(relationships.first?["muting_notifications"] as? Bool == false)
        #expect(relationships.first?["muting_expires_at"] is NSNull)
    }

    @Test func aDurationThatIsNotOneIsAUsageError() async throws {
        let result = await CommandHarness().run(["mutes", "add", "@bob", "--duration", "soon"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--duration 'soon' is not a length of time"))
    }

    @Test func anUnknownAccountIsNotFound() async throws {
        let server = try await MockServer.start()
        let result = await UserSide(server, MockServer.alice).run(["blocks", "add", "@nobody", "--yes"])
        #expect(result.status == 66, "\(result)")
    }

    @Test func blockADomainForTheUserThenRemoveIt() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)

        let add = await alice.run(["user-domain-blocks", "add", "https://Spam.Example/about", "--yes"])
        #expect(add.status == 0, "\(add)")
        #expect(add.stderr == "Blocked spam.example for yourself.\n")
        #expect(try await alice.get("/api/v1/domain_blocks") as? [String] == ["spam.example"])

        let list = await alice.run(["user-domain-blocks", "list"])
        #expect(list.stdout == alice.listed("spam.example\n"), "\(list)")
        let json = await alice.run(["user-domain-blocks", "list", "-o", "json"])
        #expect((try json.json() as? [[String: String]]) == [["account": alice.account, "domain": "spam.example"]])

        let remove = await alice.run(["user-domain-blocks", "rm", "spam.example"])
        #expect(remove.status == 0, "\(remove)")
        #expect(try await alice.get("/api/v1/domain_blocks") as? [String] == [])
        #expect(await alice.run(["user-domain-blocks", "list"]).stdout.isEmpty)
    }

    @Test func aDomainBlockIsNotSentOnADryRun() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let result = await alice.run(["user-domain-blocks", "add", "spam.example", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("dry run: would send POST http://\(server.base)/api/v1/domain_blocks"))
        #expect(try await alice.get("/api/v1/domain_blocks") as? [String] == [])
    }

    @Test func goToSocialHasNoUserDomainBlocks() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let result = await UserSide(fixture: server).run(["user-domain-blocks", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("user-domain-blocks is not available on GoToSocial 0.20.0-rc1"))
    }

    // MARK: the Misskey family

    static var misskeyUser: [String: Any] {
        ["id": "9e7n1mo07r", "username": "alice", "host": "mastodon.example", "name": "Alice"]
    }

    static func misskey() async throws -> (ServerProcess, UserSide) {
        let server = try await FixtureServer.start(flavour: "misskey")
        try await server.addRoutes([
            "POST /api/users/show": ["json": misskeyUser],
            "POST /api/blocking/create": ["json": misskeyUser],
            "POST /api/mute/create": ["status": 204],
            "POST /api/blocking/list": [
                "json": [
                    [
                        "id": "b1", "createdAt": "2025-01-15T10:00:00.000Z", "blockeeId": "9e7n1mo07r",
                        "blockee": misskeyUser,
                    ]
                ]
            ],
            "POST /api/mute/list": [
                "json": [
                    [
                        "id": "m1", "createdAt": "2025-01-15T10:00:00.000Z", "expiresAt": "2030-01-02T03:04:05.000Z",
                        "muteeId": "9e7n1mo07r", "mutee": misskeyUser,
                    ]
                ]
            ],
            "POST /api/i": ["json": ["id": "9qhtom80q9rz0adg", "username": "mika", "mutedInstances": ["old.example"]]],
            "POST /api/i/update": ["json": ["id": "9qhtom80q9rz0adg", "username": "mika"]],
        ])
        return (server, UserSide(fixture: server, username: "mika"))
    }

    @Test func misskeyBlocksThroughItsOwnAPI() async throws {
        let (server, mika) = try await Self.misskey()
        let block = await mika.run(["blocks", "add", "@alice@mastodon.example", "--yes"])
        #expect(block.status == 0, "\(block)")
        #expect(block.stderr == "Blocked @alice@mastodon.example.\n")
        let show = try await server.received("POST", "/api/users/show")
        #expect(show.first?["username"] as? String == "alice")
        #expect(show.first?["host"] as? String == "mastodon.example")
        #expect(try await server.received("POST", "/api/blocking/create").first?["userId"] as? String == "9e7n1mo07r")

        let list = await mika.run(["blocks", "list"])
        #expect(list.stdout == mika.listed("9e7n1mo07r\t@alice@mastodon.example\tAlice\n"), "\(list)")
        let listed = try await server.received("POST", "/api/blocking/list")
        #expect(listed.first?["limit"] as? Int == 40)
    }

    @Test func misskeyMutesWithAnExpiryInMilliseconds() async throws {
        let (server, mika) = try await Self.misskey()
        let started = Date()
        let mute = await mika.run(["mutes", "add", "9e7n1mo07r", "--duration", "1d"])
        #expect(mute.status == 0, "\(mute)")
        #expect(try await server.received("POST", "/api/users/show").first?["userId"] as? String == "9e7n1mo07r")
        let sent = try #require(try await server.received("POST", "/api/mute/create").first)
        #expect(sent["userId"] as? String == "9e7n1mo07r")
        let expiresAt = try #require(sent["expiresAt"] as? Double)
        #expect(abs(expiresAt / 1000 - started.timeIntervalSince1970 - 86_400) < 120)

        let list = await mika.run(["mutes", "list", "-o", "json"])
        let rows = try #require(try list.json() as? [[String: Any]])
        #expect(rows.first?["acct"] as? String == "alice@mastodon.example")
        #expect(rows.first?["mute_expires_at"] as? String == "2030-01-02T03:04:05Z")

        let quiet = await mika.run(["mutes", "add", "9e7n1mo07r", "--no-notifications"])
        #expect(quiet.status == 69, "\(quiet)")
        #expect(try await server.received("POST", "/api/mute/create").count == 1)
    }

    @Test func misskeyDomainBlocksEditTheMutedInstances() async throws {
        let (server, mika) = try await Self.misskey()
        #expect(await mika.run(["user-domain-blocks", "list"]).stdout == mika.listed("old.example\n"))

        let add = await mika.run(["user-domain-blocks", "add", "spam.example", "--yes"])
        #expect(add.status == 0, "\(add)")
        let remove = await mika.run(["user-domain-blocks", "remove", "old.example"])
        #expect(remove.status == 0, "\(remove)")
        let unchanged = await mika.run(["user-domain-blocks", "remove", "never.example"])
        #expect(unchanged.status == 0, "\(unchanged)")

        // Each change keeps the rest of the list; removing what is not there writes nothing.
        let updates = try await server.received("POST", "/api/i/update").map { $0["mutedInstances"] as? [String] }
        #expect(updates == [["old.example", "spam.example"], []])
    }
}
