import FediCore
import FediTestSupport
import Foundation
import Testing

/// GoToSocial's domain subscriptions, drafts and excludes, instance rules, header filters and media
/// verbs in the fast tier: what each sends and shows, and the refusal everywhere else (issue 32).
@Suite struct DomainPermissionToolsTests {
    static let gts = ("gotosocial", "0.20.0")
    static let subscription = #"""
        {"id":"01SUB","priority":10,"title":"Shared","permission_type":"block","as_draft":true,"adopt_orphans":false,
         "remove_retracted":true,"created_at":"2026-11-25T18:31:11.954Z","uri":"https://lists.example/block.csv",
         "content_type":"text/csv","fetch_username":"u","fetch_password":"hunter2-secret","count":0}
        """#

    func server() -> FakeServerAccount { FakeServerAccount(software: Self.gts.0, version: Self.gts.1) }

    // MARK: subscriptions

    @Test func subscriptionAddSendsTheSettingsAndNeverShowsThePassword() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_permission_subscriptions", json: Self.subscription)
        let result = await server.run(
            [
                "domain-subscriptions", "add", "https://lists.example/block.csv", "--type",
                "block",
                "--priority", "10", "--title", "Shared", "--fetch-username", "u", "--fetch-password-stdin",
                "--no-adopt-orphans", "-o", "json",
            ], input: "hunter2-secret\n")
        #expect(result.status == 0, "\(result)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/domain_permission_subscriptions")
        let body = try #require(post.jsonBody)
        #expect(body["uri"] as? String == "https://lists.example/block.csv")
        #expect(body["permission_type"] as? String == "block")
        #expect(body["content_type"] as? String == "text/csv", "guessed from the URL: \(body)")
        #expect(body["priority"] as? Int == 10)
        #expect(body["adopt_orphans"] as? Bool == false)
        #expect(body["as_draft"] == nil, "left to the server's default: \(body)")
        #expect(body["fetch_password"] as? String == "hunter2-secret")
        #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"), "\(result)")
        #expect(result.jsonObject?["fetch_password_set"] as? Bool == true, "\(result)")
        #expect(
            result.stderr.contains("Subscribed to https://lists.example/block.csv (01SUB); entries arrive as drafts."),
            "\(result)")
    }

    @Test func subscriptionAddTwiceSendsNothing() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions", json: "[\(Self.subscription)]")
        let result = await server.run([
            "domain-subscriptions", "add", "https://lists.example/block.csv", "--type",
            "block",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Already subscribed"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
    }

    @Test func subscriptionAddNeedsAContentTypeItCannotGuess() async {
        let result = await server().run([
            "domain-subscriptions", "add", "https://lists.example/list", "--type",
            "allow",
        ])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--content-type"), "\(result)")
    }

    /// GoToSocial applies what it fetches: plain http only to loopback, or with --insecure-http (issue 47).
    @Test func subscriptionURLsArePlainHTTPOnlyToLoopbackOrWithInsecureHTTP() async throws {
        for command in [
            ["domain-subscriptions", "add", "http://lists.example/block.csv", "--type", "block"],
            ["domain-subscriptions", "update", "01SUB", "--url", "http://lists.example/block.csv"],
        ] {
            let server = server()
            let refused = await server.run(command)
            #expect(refused.status == 64, "\(refused)")
            #expect(
                refused.stderr.contains("fedictl: refusing plain http:// for lists.example")
                    && refused.stderr.contains("hint: use https://, or pass --insecure-http"), "\(refused)")
            #expect(server.transport.requests.isEmpty)
        }
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_permission_subscriptions", json: Self.subscription)
        server.transport.stub(.patch, "/api/v1/admin/domain_permission_subscriptions/01SUB", json: Self.subscription)
        let insecure = await server.run([
            "domain-subscriptions", "add", "http://lists.example/block.csv", "--type", "block", "--insecure-http",
        ])
        #expect(insecure.status == 0, "\(insecure)")
        let loopback = await server.run([
            "domain-subscriptions", "update", "01SUB", "--url", "http://127.0.0.1:8080/block.csv",
        ])
        #expect(loopback.status == 0, "\(loopback)")
        #expect(
            server.transport.requests.map(\.route).filter { !$0.hasPrefix("GET") } == [
                "POST /api/v1/admin/domain_permission_subscriptions",
                "PATCH /api/v1/admin/domain_permission_subscriptions/01SUB",
            ])
    }

    /// The URL subscribed for blocks cannot be subscribed for allows: said before sending (issue 47).
    @Test func subscriptionAddNamesTheSubscriptionThatHasTheURL() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions", json: "[\(Self.subscription)]")
        let result = await server.run([
            "domain-subscriptions", "add", "https://lists.example/block.csv", "--type", "allow",
        ])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("fedictl: subscription 01SUB has this URL"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
    }

    @Test func subscriptionRawIsRefusedBecauseItHoldsThePassword() async {
        let server = server()
        let result = await server.run(["domain-subscriptions", "list", "--raw"])
        #expect(result.status == 64, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func subscriptionUpdatePatchesOnlyWhatIsGiven() async throws {
        let server = server()
        server.transport.stub(.patch, "/api/v1/admin/domain_permission_subscriptions/01SUB", json: Self.subscription)
        let result = await server.run(["domain-subscriptions", "update", "01SUB", "--no-as-draft", "--priority", "200"])
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body.count == 2 && body["as_draft"] as? Bool == false && body["priority"] as? Int == 200, "\(body)")
    }

    static let blocks =
        #"[{"id":"01CH","domain":"child.example","subscription_id":"01SUB"},{"id":"01HA","domain":"hand.example"}]"#

    /// A fake GoToSocial where subscription 01SUB made child.example, which the server keeps after removing it.
    func subscribedServer() -> FakeServerAccount {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions/01SUB", json: Self.subscription)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.blocks)
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_subscriptions/01SUB/remove",
            json: Self.subscription)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.blocks)
        return server
    }

    @Test func subscriptionRemoveKeepsChildrenWhenAsked() async throws {
        let server = subscribedServer()
        let result = await server.run(["domain-subscriptions", "remove", "01SUB", "--keep-children", "--yes"])
        #expect(result.status == 0, "\(result)")
        let remove = server.transport.requests.first { $0.method == .post }
        #expect(remove?.jsonBody?["remove_children"] as? Bool == false)
        #expect(!server.transport.requests.contains { $0.method == .delete })
        #expect(
            result.stderr.contains("Kept the 1 block it made (child.example) in force, as the admin's"), "\(result)")
    }

    /// GoToSocial 0.20 ignores remove_children: what it left in force is read back and lifted (issue 47).
    @Test func subscriptionRemoveLiftsTheChildrenTheServerKept() async throws {
        let server = subscribedServer()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.blocks)
        server.transport.stub(
            .delete, "/api/v1/admin/domain_blocks/01CH",
            json: #"{"id":"01CH","domain":"child.example","subscription_id":"01SUB"}"#)
        let result = await server.run(["domain-subscriptions", "remove", "01SUB", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.filter { $0.method != .get }.map(\.route) == [
                "POST /api/v1/admin/domain_permission_subscriptions/01SUB/remove",
                "DELETE /api/v1/admin/domain_blocks/01CH",
            ])
        #expect(
            result.stderr.contains("Lifted the 1 block it made, which fake.test kept in force: child.example."),
            "\(result)")
    }

    @Test func subscriptionTestListsWhatTheListWouldMake() async throws {
        let server = server()
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_subscriptions/01SUB/test",
            json: #"[{"domain":"bad.example","public_comment":"spam"},{"domain":"worse.example"}]"#)
        let result = await server.run(["domain-subscriptions", "test", "01SUB", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["domain"] as? String } == ["bad.example", "worse.example"])
        #expect(result.stderr.contains("The list has 2 entries."), "\(result)")
    }

    @Test func subscriptionTestSaysWhyTheServerCouldNotFetch() async {
        let server = server()
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_subscriptions/01SUB/test",
            json: #"{"error":"Get \"http://127.0.0.1:1/list.csv\": dial tcp: blocked"}"#)
        let result = await server.run(["domain-subscriptions", "test", "01SUB"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: fake.test could not fetch or parse subscription 01SUB's list: Get"),
            "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
    }

    @Test func subscriptionTestIsSentOnADryRunAsItChangesNothing() async {
        let server = server()
        server.transport.stub(.post, "/api/v1/admin/domain_permission_subscriptions/01SUB/test", json: "[]")
        let result = await server.run(["domain-subscriptions", "test", "01SUB", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.count == 1)
    }

    @Test func pullSaysGoToSocialHasNoAPIForIt() async {
        await server().expectRefused(
            ["domain-subscriptions", "pull"],
            startingWith: "fedictl: domain-subscriptions pull is not available on GoToSocial 0.20.0")
    }

    // MARK: drafts

    static let draft =
        #"{"domain":"dr.example","public_comment":"pub","id":"01DR","obfuscate":false,"private_comment":"priv","#
        + #""created_at":"2026-11-25T18:31:11.000Z","permission_type":"block","subscription_id":"01SUB"}"#

    @Test func draftsListFiltersByTypeAndSubscription() async throws {
        let server = server()
        server.transport.stub(
            .get,
            "/api/v1/admin/domain_permission_drafts?permission_type=block&subscription_id=01SUB",
            json: "[\(Self.draft)]")
        let result = await server.run(["domain-drafts", "list", "--type", "block", "--subscription", "01SUB"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix("admin@fake.test\t01DR\tdr.example\tblock\t01SUB\t2026-11-25T18:31:11Z\tpriv\n"),
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func draftAddSendsTypeAndComments() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts?permission_type=allow", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_drafts",
            json: #"{"id":"01N","domain":"friends.example","permission_type":"allow"}"#)
        let result = await server.run([
            "domain-drafts", "add", "Friends.Example", "--type", "allow",
            "--private-comment", "ok",
        ])
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(
            body["domain"] as? String == "friends.example" && body["permission_type"] as? String == "allow",
            "\(body)")
        #expect(body["private_comment"] as? String == "ok" && body["obfuscate"] == nil, "\(body)")
    }

    @Test func draftAcceptSendsOverwrite() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts/01DR", json: Self.draft)
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_drafts/01DR/accept",
            json: #"{"id":"01BLK","domain":"dr.example"}"#)
        let result = await server.run(["domain-drafts", "accept", "01DR", "--overwrite", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.last?.jsonBody?["overwrite"] as? Bool == true)
        #expect(result.jsonObject?["id"] as? String == "01BLK", "\(result)")
    }

    @Test func draftAcceptOffATerminalNeedsYes() async {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts/01DR", json: Self.draft)
        let result = await server.run(["domain-drafts", "accept", "01DR"])
        #expect(result.status == 64, "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
    }

    @Test func draftRejectCanExcludeTheDomain() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts/01DR", json: Self.draft)
        server.transport.stub(.post, "/api/v1/admin/domain_permission_drafts/01DR/remove", json: Self.draft)
        let result = await server.run(["domain-drafts", "reject", "01DR", "--exclude", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.last?.jsonBody?["exclude_target"] as? Bool == true)
        #expect(result.stderr.contains("subscriptions will leave it alone"), "\(result)")
    }

    @Test func anUnknownDraftIsExit66() async {
        let server = server()
        server.transport.stub(
            .get, "/api/v1/admin/domain_permission_drafts/nope", status: 404,
            json: #"{"error":"Not Found"}"#)
        let result = await server.run(["domain-drafts", "show", "nope"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no domain draft nope on fake.test"), "\(result)")
    }

    // MARK: excludes

    /// An exclude has no permission type and no subscription: their empty lines are left out of its
    /// view, unless --fields names them; a draft's type still shows (issue 47).
    @Test func anExcludesViewLeavesOutTheFieldsItHasNot() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_excludes", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_excludes", json: #"{"id":"01EX","domain":"partner.example"}"#)
        let added = await server.run(["domain-excludes", "add", "partner.example"])
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout.hasPrefix("id\t01EX\ndomain\tpartner.example\n"), "\(added)")
        #expect(!added.stdout.contains("permission_type") && !added.stdout.contains("subscription_id"), "\(added)")
        server.transport.stub(
            .get, "/api/v1/admin/domain_permission_drafts/01D",
            json: #"{"id":"01D","domain":"d.example","permission_type":"block"}"#)
        let draft = await server.run(["domain-drafts", "show", "01D", "--fields", "permission_type,subscription_id"])
        #expect(draft.stdout == "permission_type\tblock\nsubscription_id\t\n", "\(draft)")
    }

    @Test func excludeAddPostsOnceAndRemoveDeletesById() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_excludes", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_excludes",
            json: #"{"id":"01EX","domain":"partner.example","private_comment":"ours"}"#)
        let added = await server.run(["domain-excludes", "add", "partner.example", "--private-comment", "ours"])
        #expect(added.status == 0, "\(added)")
        #expect(server.transport.requests.last?.jsonBody?["private_comment"] as? String == "ours")
        server.transport.stub(
            .get, "/api/v1/admin/domain_permission_excludes",
            json: #"[{"id":"01EX","domain":"partner.example"}]"#)
        let again = await server.run(["domain-excludes", "add", "partner.example"])
        #expect(again.stderr.contains("already excluded; nothing sent"), "\(again)")
        server.transport.stub(
            .get, "/api/v1/admin/domain_permission_excludes",
            json: #"[{"id":"01EX","domain":"partner.example"}]"#)
        server.transport.stub(
            .delete, "/api/v1/admin/domain_permission_excludes/01EX",
            json: #"{"id":"01EX","domain":"partner.example"}"#)
        let removed = await server.run(["domain-excludes", "remove", "partner.example", "--yes"])
        #expect(removed.status == 0, "\(removed)")
        #expect(
            server.transport.requests.filter { $0.method != .get }.map(\.route)
                == [
                    "POST /api/v1/admin/domain_permission_excludes",
                    "DELETE /api/v1/admin/domain_permission_excludes/01EX",
                ])
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    // MARK: refusals

    static let verbs: [[String]] = [
        ["domain-subscriptions", "list"],
        ["domain-subscriptions", "show", "1"],
        ["domain-subscriptions", "add", "https://l.example/a.csv", "--type", "block"],
        ["domain-subscriptions", "update", "1", "--title", "x"],
        ["domain-subscriptions", "remove", "1", "--yes"],
        ["domain-subscriptions", "test", "1"],
        ["domain-subscriptions", "pull"],
        ["domain-drafts", "list"],
        ["domain-drafts", "show", "1"],
        ["domain-drafts", "add", "a.example", "--type", "block"],
        ["domain-drafts", "accept", "1", "--yes"],
        ["domain-drafts", "reject", "1", "--yes"],
        ["domain-excludes", "list"],
        ["domain-excludes", "add", "a.example"],
        ["domain-excludes", "remove", "a.example", "--yes"],
        ["header-filters", "list"],
        ["header-filters", "add", "--block", "User-Agent", ".*Bot.*"],
        ["header-filters", "remove", "--block", "1", "--yes"],
        ["instance", "rules", "add", "Be kind"],
        ["instance", "rules", "update", "1", "Be kind"],
        ["instance", "rules", "remove", "1", "--yes"],
        ["media", "cleanup", "--days", "3"],
        ["media", "refetch"],
    ]

    @Test(arguments: [
        ("mastodon", "4.3.0", "Mastodon 4.3.0"), ("akkoma", "3.13.2", "Akkoma 3.13.2"),
        ("pleroma", "2.7.0", "Pleroma 2.7.0"), ("misskey", "2024.11.0", "Misskey 2024.11.0"),
        ("sharkey", "2024.9.1", "Sharkey 2024.9.1"),
    ])
    func everyNewVerbIsRefusedElsewhereNamingTheSoftware(software: String, version: String, label: String) async {
        for verb in Self.verbs {
            let name = verb.prefix(verb[0] == "instance" ? 3 : 2).joined(separator: " ")
            await FakeServerAccount(software: software, version: version)
                .expectRefused(verb, startingWith: "fedictl: \(name) is not available on \(label)")
        }
    }

    @Test func anOlderGoToSocialIsToldWhichVersionItNeeds() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["domain-drafts", "list"],
                startingWith: "fedictl: domain-drafts list is not available on GoToSocial 0.17.3")
    }
}
