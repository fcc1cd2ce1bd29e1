import FediCore
import FediTestSupport
import Foundation
import Testing

/// Remote-timeline pinning as a new user tries it: no account at all, two mastodon_mock servers,
/// then each other flavour's answer (fixtures) and the home timeline with a token.
struct RemoteTimelinesTests {
    /// Posts a public status as `account` on a mastodon_mock server.
    @discardableResult
    static func post(
        _ text: String, on server: ServerProcess, as account: SeedAccount = MockServer.alice, warning: String? = nil
    ) async throws -> String {
        var body: [String: Any] = ["status": text, "visibility": "public"]
        if let warning { body["spoiler_text"] = warning }
        let status = try #require(
            try await server.json(.post, "/api/v1/statuses", token: account.token, body: body) as? [String: Any])
        return try #require(status["id"] as? String)
    }

    /// Rows of tab-separated output: posted, author, content, media, URL.
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func pinTwoServersListThemAndReadThemWithoutAnAccount() async throws {
        let one = try await MockServer.start()
        let two = try await MockServer.start()
        try await Self.post("Good morning from one", on: one)
        try await Self.post("The butler did it.", on: one, as: MockServer.bob, warning: "finale")
        try await Self.post("Hello from two", on: two)
        let user = CommandHarness()  // an empty config: no account anywhere

        let pinOne = await user.run(["timelines", "pin", one.base, "--name", "one"])
        #expect(pinOne.status == 0, "\(pinOne)")
        #expect(pinOne.stderr == "Pinned \(one.base) (Mastodon 4.6.0) as one.\n")
        let pinTwo = await user.run(["timelines", "pin", "http://\(two.base)/"])
        #expect(pinTwo.status == 0, "\(pinTwo)")

        let pins = await user.run(["timelines", "pins"])
        #expect(pins.status == 0, "\(pins)")
        #expect(
            Self.rows(pins.stdout) == [
                ["one", "http://\(one.base)", "Mastodon 4.6.0", ""],
                [two.base, "http://\(two.base)", "Mastodon 4.6.0", ""],
            ])

        let first = await user.run(["timelines", "show", "one"])
        #expect(first.status == 0, "\(first)")
        let rows = Self.rows(first.stdout)
        #expect(rows.map { $0[1] } == ["@bob", "@alice"], "newest first")
        #expect(rows[0][2] == "[CW: finale] (hidden; --reveal shows it)")
        #expect(!first.stdout.contains("butler"))
        #expect(rows[1][2] == "Good morning from one")
        #expect(rows.allSatisfy { $0[3] == "0" && $0[4].hasPrefix("http") })
        #expect(FlexibleDate.parse(rows[0][0]) != nil)

        let revealed = await user.run(["timelines", "show", "one", "--reveal"])
        #expect(Self.rows(revealed.stdout)[0][2] == "[CW: finale] The butler did it.")
        let json = await user.run(["timelines", "show", "one", "-o", "json"])
        let posts = try #require(try json.json() as? [[String: Any]])
        #expect(posts[0]["content_warning"] as? String == "finale")
        #expect(posts[0]["content"] as? String == "The butler did it.")

        let other = await user.run(["timelines", "show", two.base])
        #expect(other.status == 0, "\(other)")
        #expect(Self.rows(other.stdout).map { $0[2] } == ["Hello from two"])

        // --since-last: nothing new on the next run; a post made in between on the one after.
        let second = await user.run(["timelines", "show", "one", "--since-last"])
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.isEmpty)
        try await Self.post("Lunch is ready", on: one)
        let third = await user.run(["timelines", "show", "one", "--since-last"])
        #expect(Self.rows(third.stdout).map { $0[2] } == ["Lunch is ready"])
        #expect(await user.run(["timelines", "show", "one", "--since-last"]).stdout.isEmpty)
        // Each pin keeps its own place, in its own server's ids.
        #expect(await user.run(["timelines", "show", two.base, "--since-last"]).stdout.isEmpty)
        let config = try user.logins.load()
        #expect(config.accounts.isEmpty)
        #expect(config.pins?.map(\.name) == ["one", two.base])

        let unpin = await user.run(["timelines", "unpin", "one"])
        #expect(unpin.status == 0, "\(unpin)")
        #expect(Self.rows(await user.run(["timelines", "pins"]).stdout).map { $0[0] } == [two.base])
    }

    @Test func sinceLastOnAFirstRunShowsTheLatestAndKeepsItsPlace() async throws {
        let server = try await MockServer.start()
        try await Self.post("one", on: server)
        try await Self.post("two", on: server)
        let user = CommandHarness()
        #expect(await user.run(["timelines", "pin", server.base, "--name", "s"]).status == 0)
        let first = await user.run(["timelines", "show", "s", "--since-last", "--limit", "1"])
        #expect(Self.rows(first.stdout).map { $0[2] } == ["two"])
        #expect(await user.run(["timelines", "show", "s", "--since-last"]).stdout.isEmpty)
    }

    /// A mastodon_mock server with one post, pinned as `s` and read once with --since-last.
    static func pinWithAPlaceKept() async throws -> (ServerProcess, CommandHarness) {
        let server = try await MockServer.start()
        try await post("before", on: server)
        let user = CommandHarness()
        #expect(await user.run(["timelines", "pin", server.base, "--name", "s"]).status == 0)
        #expect(await user.run(["timelines", "show", "s", "--since-last"]).status == 0)
        return (server, user)
    }

    @Test func sinceLastWithMoreNewPostsThanTheLimitSaysHowManyWaitAndSkipsNone() async throws {
        let (server, user) = try await Self.pinWithAPlaceKept()
        for number in 1...5 { try await Self.post("new \(number)", on: server) }

        let first = await user.run(["timelines", "show", "s", "--since-last", "--limit", "2"])
        #expect(first.status == 0, "\(first)")
        #expect(Self.rows(first.stdout).map { $0[2] } == ["new 2", "new 1"], "the oldest new posts first")
        #expect(first.stderr == "3 more new posts on s; run again to see them.\n")
        let second = await user.run(["timelines", "show", "s", "--since-last", "--limit", "2"])
        #expect(Self.rows(second.stdout).map { $0[2] } == ["new 4", "new 3"])
        #expect(second.stderr == "1 more new post on s; run again to see them.\n")
        let third = await user.run(["timelines", "show", "s", "--since-last", "--limit", "2"])
        #expect(Self.rows(third.stdout).map { $0[2] } == ["new 5"])
        #expect(third.stderr.isEmpty)
        #expect(await user.run(["timelines", "show", "s", "--since-last"]).stdout.isEmpty)
    }

    @Test func sinceLastPagesOnPastOnePageUpToTheLimit() async throws {
        let (server, user) = try await Self.pinWithAPlaceKept()
        for number in 1...45 { try await Self.post("new \(number)", on: server) }
        let all = await user.run(["timelines", "show", "s", "--since-last", "--limit", "100"])
        #expect(all.status == 0, "\(all)")
        #expect(Self.rows(all.stdout).map { $0[2] } == (1...45).reversed().map { "new \($0)" })
        #expect(all.stderr.isEmpty)
    }

    @Test func pinsAreKeptInTheConfigFileBesideOldAccounts() async throws {
        let server = try await MockServer.start()
        let directory = try TemporaryDirectory.make("pins")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.json")
        // A config written before pins existed.
        let old = """
            {"schema_version": 1, "default_account": "ada@example.social",
             "accounts": [{"id": "ada@example.social", "username": "ada", "base_url": "https://example.social", "scopes": ["read"], "aliases": []}]}
            """
        try Data(old.utf8).write(to: file)
        let user = CommandHarness(logins: FileLoginStore(url: file))
        let pin = await user.run(["timelines", "pin", server.base, "--name", "mock"])
        #expect(pin.status == 0, "\(pin)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((saved["accounts"] as? [[String: Any]])?.first?["id"] as? String == "ada@example.social")
        let pins = try #require(saved["pins"] as? [[String: Any]])
        #expect(pins.first?["name"] as? String == "mock")
        #expect(pins.first?["base_url"] as? String == "http://\(server.base)")
        #expect((pins.first?["server"] as? [String: Any])?["flavour"] as? String == "mastodon")
        #expect(await user.run(["timelines", "pins", "--fields", "name"]).stdout == "mock\n")
    }

    @Test func pinningRefusesAClashingNameAndAnAlreadyPinnedServer() async throws {
        let one = try await MockServer.start()
        let two = try await MockServer.start()
        let user = CommandHarness()
        #expect(await user.run(["timelines", "pin", one.base, "--name", "news"]).status == 0)
        let sameAgain = await user.run(["timelines", "pin", one.base, "--name", "news"])
        #expect(sameAgain.status == 0, "\(sameAgain)")
        let clash = await user.run(["timelines", "pin", two.base, "--name", "NEWS"])
        #expect(clash.status == 65, "\(clash)")
        #expect(clash.stderr.contains("a timeline is already pinned as news (\(one.base))"))
        let twice = await user.run(["timelines", "pin", one.base, "--name", "other"])
        #expect(twice.status == 65, "\(twice)")
        #expect(try user.logins.load().pins?.count == 1)
        let bad = await user.run(["timelines", "pin", one.base, "--name", "my news"])
        #expect(bad.status == 64, "\(bad)")
    }

    @Test func namesThatAreNeitherPinsNorServersAndSinceLastWithoutAPin() async throws {
        let user = CommandHarness()
        let unknown = await user.run(["timelines", "show", "nosuchpin"])
        #expect(unknown.status == 66, "\(unknown)")
        #expect(unknown.stderr.contains("no timeline is pinned as nosuchpin"))
        let unpin = await user.run(["timelines", "unpin", "nosuchpin"])
        #expect(unpin.status == 66, "\(unpin)")
        let sinceLast = await user.run(["timelines", "show", "127.0.0.1:9", "--since-last"])
        #expect(sinceLast.status == 64, "\(sinceLast)")
        #expect(sinceLast.stderr.contains("--since-last needs a pinned timeline"))
    }

    @Test func withoutAnArgumentTheSelectedAccountsHomeTimeline() async throws {
        let server = try await MockServer.start()
        try await Self.post("my own post", on: server)
        try await Self.post("bob's post", on: server, as: MockServer.bob)
        let alice = UserSide(server, MockServer.alice)
        let home = await alice.run(["timelines", "show"])
        #expect(home.status == 0, "\(home)")
        #expect(
            alice.rows(home.stdout).map { $0[2] } == ["my own post"], "alice follows no one: her home has her own posts"
        )
        let sinceLast = await alice.run(["timelines", "show", "--since-last"])
        #expect(sinceLast.status == 64, "\(sinceLast)")
    }

    // MARK: other software (fixtures)

    @Test func akkomaIsReadAsAVisitorWithItsContentWarningHidden() async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        // Even with a token in the environment, a remote timeline is read without one.
        let user = CommandHarness(environment: ["FEDICTL_TOKEN": "secret-token"])
        let result = await user.run(["timelines", "show", server.base, "--media-only"])
        #expect(result.status == 0, "\(result)")
        let rows = Self.rows(result.stdout)
        #expect(rows.map { $0[1] } == ["@alice", "@alice", "@admin"])
        #expect(rows[0][2] == "Bread day! #baking")
        #expect(rows[1][2] == "[CW: finale spoilers] (hidden; --reveal shows it)")
        #expect(rows[1][4] == "http://\(server.base)/notice/Aq6BplCUCfyoYjcDUW")
        let requests = try await server.receivedRequests().filter {
            $0["path"] as? String == "/api/v1/timelines/public"
        }
        #expect(requests.count == 1)
        let query = Set((requests.first?["query"] as? String ?? "").split(separator: "&").map(String.init))
        #expect(query == ["local=true", "limit=20", "only_media=true"])
        #expect((requests.first?["headers"] as? [String: String])?["authorization"] == nil)
    }

    @Test func misskeyNotesBecomePosts() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let user = CommandHarness()
        #expect(await user.run(["timelines", "pin", server.base, "--name", "mk"]).status == 0)
        let result = await user.run(["timelines", "show", "mk"])
        #expect(result.status == 0, "\(result)")
        let rows = Self.rows(result.stdout)
        #expect(rows.map { $0[1] } == ["@mika", "@mika", "@mika (boost of @alice@mastodon.example)"])
        #expect(
            rows[0][2] == "$[x2 **今日の夕焼け**] :blobcat: #photography from @alice@mastodon.example", "MFM kept as text")
        #expect(rows[0][3] == "1")
        #expect(rows[0][4] == "http://\(server.base)/notes/a318jivk9lbw33xz")
        #expect(rows[1][2] == "[CW: ネタバレ / finale spoilers] (hidden; --reveal shows it)")
        #expect(rows[2][2] == "Big news: the bakery on the corner reopened!")
        #expect(rows[2][4] == "https://mastodon.example/users/alice/statuses/113834500000000000")

        let sent = try await server.received("POST", "/api/notes/local-timeline")
        #expect(sent.count == 2, "one for the pin's check, one for show")
        #expect(sent.last?["limit"] as? Int == 20)
        #expect(sent.last?["withFiles"] as? Bool == false)
        #expect(sent.last?["sinceId"] == nil)
        #expect(sent.last?["i"] == nil, "no credential is sent")

        _ = await user.run(["timelines", "show", "mk", "--since-last", "--media-only"])
        let since = try #require(try await server.received("POST", "/api/notes/local-timeline").last)
        #expect(since["sinceId"] as? String == "a318jivk9lbw33xz")
        #expect(since["withFiles"] as? Bool == true)
    }

    @Test(arguments: ["gotosocial", "pixelfed"])
    func serversThatKeepTheirTimelineFromVisitorsAreExit77(flavour: String) async throws {
        let server = try await FixtureServer.start(flavour: flavour)
        let user = CommandHarness()
        let show = await user.run(["timelines", "show", server.base])
        #expect(show.status == 77, "\(show)")
        #expect(show.stderr.contains("fedictl: \(server.base) does not publish its local timeline to visitors\n"))
        #expect(show.stderr.contains("hint: log in there (fedictl auth login \(server.base))"))
        let pin = await user.run(["timelines", "pin", server.base])
        #expect(pin.status == 77, "\(pin)")
        #expect(try user.logins.load().pins == nil, "a timeline nobody can read is not pinned")
    }

    @Test func goToSocialsOwnAdminPinsAndReadsItWithTheirToken() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        // The fixture answers visitors 401; this route stands for the same request with a token.
        let post: [String: Any] = [
            "id": "01JHC0000000000000000000AA", "created_at": "2025-01-20T10:00:00.000Z",
            "content": "<p>members only</p>",
            "spoiler_text": "", "sensitive": false, "url": "{{base}}/@admin/statuses/01JHC0000000000000000000AA",
            "media_attachments": [],
            "account": [
                "id": "01HQ2XKZ4T6Y9D1B3M5N7P8R0S", "username": "admin", "acct": "admin", "display_name": "GTS Admin",
            ],
        ]
        try await server.addRoutes(["GET /api/v1/timelines/public": ["json": [post]]])
        let admin = CommandHarness(environment: ["FEDICTL_TOKEN": "admin-token"])
        let account = ["--account", "admin@\(server.base)"]
        let pin = await admin.run(["timelines", "pin", server.base, "--name", "gts"] + account)
        #expect(pin.status == 0, "\(pin)")
        let show = await admin.run(["timelines", "show", "gts"] + account)
        #expect(show.status == 0, "\(show)")
        #expect(Self.rows(show.stdout).map { $0[2] } == ["members only"])
        let reads = try await server.receivedRequests().filter { $0["path"] as? String == "/api/v1/timelines/public" }
        #expect(reads.count == 2)
        #expect(reads.allSatisfy { ($0["headers"] as? [String: String])?["authorization"] == "Bearer admin-token" })
    }

    /// GoToSocial's public timeline never reads `only_media`: --media-only keeps the posts with media
    /// on fedictl's side (issue 47).
    @Test func goToSocialMediaOnlyIsFilteredOnTheClient() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        func post(_ id: String, _ text: String, media: [[String: Any]]) -> [String: Any] {
            [
                "id": id, "created_at": "2025-01-20T10:00:0\(id.suffix(1)).000Z", "content": "<p>\(text)</p>",
                "spoiler_text": "", "sensitive": false, "url": "{{base}}/@admin/statuses/\(id)",
                "media_attachments": media,
                "account": ["id": "01HQ2XKZ4T6Y9D1B3M5N7P8R0S", "username": "admin", "acct": "admin"],
            ]
        }
        let picture: [String: Any] = [
            "id": "01JHC0000000000000000000M1", "type": "image",
            "url": "{{base}}/fileserver/a/attachment/original/1.jpg",
        ]
        // What the server answers whatever the query: text posts too.
        try await server.addRoutes([
            "GET /api/v1/timelines/public": [
                "json": [
                    post("01JHC0000000000000000000A3", "just words", media: []),
                    post("01JHC0000000000000000000A2", "a picture", media: [picture]),
                    post("01JHC0000000000000000000A1", "more words", media: []),
                ]
            ]
        ])
        let admin = CommandHarness(environment: ["FEDICTL_TOKEN": "admin-token"])
        let show = await admin.run([
            "timelines", "show", server.base, "--media-only", "--account", "admin@\(server.base)",
        ])
        #expect(show.status == 0, "\(show)")
        #expect(Self.rows(show.stdout).map { $0[2] } == ["a picture"], "\(show)")
        let all = await admin.run(["timelines", "show", server.base, "--account", "admin@\(server.base)"])
        #expect(Self.rows(all.stdout).count == 3, "\(all)")
    }

    @Test func goToSocialPeersNeedALoginAndUseIt() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let features = await CommandHarness().run(["instance", "features", server.base, "-o", "json"])
        let rows = try #require(try features.json() as? [[String: Any]])
        for capability in ["instance peers", "instance blocks", "timelines local"] {
            let row = try #require(rows.first { $0["capability"] as? String == capability })
            #expect(
                (row["note"] as? String)?.hasPrefix("needs a login: GoToSocial shows it to logged-in users only")
                    == true, "\(row)")
        }
        let visitor = await CommandHarness().run(["instance", "peers", server.base])
        #expect(visitor.status == 77, "\(visitor)")
        try await server.addRoutes(["GET /api/v1/instance/peers": ["json": ["a.example", "b.example"]]])
        let admin = CommandHarness(environment: ["FEDICTL_TOKEN": "admin-token"])
        let peers = await admin.run(["instance", "peers", "--account", "admin@\(server.base)", "-o", "json"])
        #expect(peers.status == 0, "\(peers)")
        #expect((try peers.json() as? [String: Any])?["peers"] as? Int == 2)
        let read = try #require(
            try await server.receivedRequests().last { $0["path"] as? String == "/api/v1/instance/peers" })
        #expect((read["headers"] as? [String: String])?["authorization"] == "Bearer admin-token")
    }

    @Test func mastodonWithItsLiveFeedsOffIsExit77() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let instanceFile = RepoPaths.fixtures.appendingPathComponent("mastodon/instance-v2.json")
        var instance = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    String(contentsOf: instanceFile, encoding: .utf8).replacingOccurrences(
                        of: "{{host}}", with: server.base
                    )
                    .replacingOccurrences(of: "{{base}}", with: "http://\(server.base)").utf8)) as? [String: Any])
        var configuration = instance["configuration"] as? [String: Any] ?? [:]
        configuration["timelines_access"] = ["live_feeds": ["local": "disabled", "remote": "disabled"]]
        instance["configuration"] = configuration
        try await server.addRoutes([
            "GET /api/v1/timelines/public": ["json": [Any]()], "GET /api/v2/instance": ["json": instance],
        ])
        let result = await CommandHarness().run(["timelines", "show", server.base])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("does not publish its local timeline to visitors"))
    }

    @Test func friendicaWithNothingToShowIsEmptyNotAnError() async throws {
        let server = try await FixtureServer.start(flavour: "friendica")
        let result = await CommandHarness().run(["timelines", "show", server.base])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let tty = await CommandHarness().run(["timelines", "show", server.base], tty: true)
        #expect(tty.stderr == "No posts on \(server.base).\n")
    }
}
