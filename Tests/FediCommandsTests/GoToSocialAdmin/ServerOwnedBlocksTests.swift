import FediCore
import FediTestSupport
import Foundation
import Testing

/// Import and sync leave GoToSocial's own decisions alone: a block a subscription owns is never lifted,
/// lowered or changed, and an excluded domain is not touched, unless --force (issue 32).
@Suite struct ServerOwnedBlocksTests {
    static let owned =
        #"{"id":"01OWN","domain":"owned.example","subscription_id":"01SUB","private_comment":"[fedictl sync]"}"#
    static let byHand = #"{"id":"01HND","domain":"hand.example"}"#

    static func state() throws -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-owned-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": directory.path]
    }

    func server(excludes: String = "[]") -> FakeServerAccount {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[\(Self.owned),\(Self.byHand)]")
        server.transport.stub(.get, "/api/v1/admin/domain_permission_excludes", json: excludes)
        server.transport.stub(
            .get, "/api/v1/admin/domain_permission_subscriptions", json: "[\(DomainPermissionToolsTests.subscription)]")
        return server
    }

    @Test func importPruneKeepsTheSubscriptionsBlock() async throws {
        let server = server()
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/01HND", json: Self.byHand)
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: #"{"id":"01OTH","domain":"other.example"}"#)
        let result = await server.run(
            ["domain-blocks", "import", "-", "--prune", "--yes", "-o", "json"],
            input: "other.example\n")
        #expect(result.status == 0, "\(result)")
        let lifts = server.transport.requests.filter { $0.method == .delete }.map(\.route)
        #expect(lifts == ["DELETE /api/v1/admin/domain_blocks/01HND"], "\(result)")
        #expect(result.stderr.contains("1 left to the server's own tools"), "\(result)")
        let rows = try #require((try? result.json()) as? [[String: Any]], "\(result)")
        let kept = try #require(rows.first { $0["domain"] as? String == "owned.example" })
        #expect(kept["action"] as? String == "kept", "\(rows)")
        #expect((kept["result"] as? String)?.contains("owned by GoToSocial subscription 01SUB") == true, "\(rows)")
    }

    /// A block still marked by a removed subscription (GoToSocial 0.20 keeps the id) is the admin's:
    /// import --prune lifts it without --force (issue 47).
    @Test func aMarkNamingNoSubscriptionIsNoOwner() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[\(Self.owned)]")
        server.transport.stub(.get, "/api/v1/admin/domain_permission_excludes", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions", json: "[]")
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/01OWN", json: Self.owned)
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: #"{"id":"01OTH","domain":"other.example"}"#)
        let result = await server.run(["domain-blocks", "import", "-", "--prune", "--yes"], input: "other.example\n")
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.contains { $0.route == "DELETE /api/v1/admin/domain_blocks/01OWN" }, "\(result)")
    }

    @Test func importPruneWithForceLiftsIt() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[\(Self.owned)]")
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/01OWN", json: Self.owned)
        let result = await server.run(
            ["domain-blocks", "import", "-", "--prune", "--force", "--yes"],
            input: "other.example\n")
        #expect(
            server.transport.requests.contains { $0.route == "DELETE /api/v1/admin/domain_blocks/01OWN" },
            "\(result)")
        #expect(!server.transport.requests.contains { $0.url.path.contains("excludes") }, "--force needs no excludes")
    }

    @Test func importLeavesAnExcludedDomainAlone() async throws {
        let server = server(excludes: #"[{"id":"01EX","domain":"partner.example"}]"#)
        let result = await server.run(
            ["domain-blocks", "import", "-", "--yes", "-o", "json"],
            input: "sub.partner.example\n")
        #expect(result.status == 0, "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post }, "\(server.transport.requests.map(\.route))")
        let rows = try #require((try? result.json()) as? [[String: Any]], "\(result)")
        #expect(rows.first?["result"] as? String == "excluded on the server; --force to change it", "\(rows)")
    }

    @Test func syncNeverLiftsTheSubscriptionsBlock() async throws {
        // A sync record says sync made owned.example from "stdin"; the source now drops it.
        let environment = try Self.state()
        let seed = FakeServerAccount(software: "gotosocial", version: "0.20.0")
        seed.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        seed.transport.stub(.get, "/api/v1/admin/domain_permission_excludes", json: "[]")
        seed.transport.stub(.get, "/api/v1/admin/domain_permission_subscriptions", json: "[]")
        seed.transport.stub(.post, "/api/v1/admin/domain_blocks", json: Self.owned)
        #expect(
            await seed.run(
                ["domain-blocks", "sync", "-", "--yes"], input: "owned.example\n",
                environment: environment
            ).status == 0)
        let server = server()
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: #"{"id":"01OTH","domain":"other.example"}"#)
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--lift-retracted", "--yes", "-o", "json"],
            input: "other.example\n",
            environment: environment)
        #expect(
            !server.transport.requests.contains { $0.method == .delete },
            "\(server.transport.requests.map(\.route))")
        let rows = try #require((try? result.json()) as? [[String: Any]], "\(result)")
        let kept = try #require(rows.first { $0["domain"] as? String == "owned.example" }, "\(result)")
        #expect(kept["action"] as? String == "kept", "\(rows)")
        #expect((kept["note"] as? String)?.contains("owned by GoToSocial subscription 01SUB") == true, "\(rows)")
    }

    /// A subscription's block is not "made by hand", and --adopt does not take it over: the row names
    /// the subscription and --force, which does (issue 47).
    @Test func syncNamesTheSubscriptionAsTheOwnerAndForceAsTheWayToTakeItOver() async throws {
        let input = "domain,severity,public_comment\nowned.example,suspend,spam\n"
        let environment = try Self.state()
        for flags in [[], ["--adopt"]] {
            let server = server()
            let result = await server.run(
                ["domain-blocks", "sync", "-", "--dry-run", "-o", "json"] + flags, input: input,
                environment: environment)
            let rows = try #require((try? result.json()) as? [[String: Any]], "\(result)")
            let row = try #require(rows.first { $0["domain"] as? String == "owned.example" }, "\(rows)")
            #expect(row["action"] as? String == "kept", "\(rows)")
            let note = row["note"] as? String ?? ""
            #expect(
                note.contains("owned by GoToSocial subscription 01SUB: left as it is (--force takes it over)"),
                "\(rows)")
            #expect(!note.contains("made by hand") && !note.contains("--adopt"), "\(rows)")
        }
        let server = server()
        let forced = await server.run(
            ["domain-blocks", "sync", "-", "--dry-run", "--force", "-o", "json"], input: input,
            environment: environment)
        let rows = try #require((try? forced.json()) as? [[String: Any]], "\(forced)")
        #expect(rows.first { $0["domain"] as? String == "owned.example" }?["action"] as? String == "change", "\(rows)")
    }

    @Test func syncWithANoopEntryDoesNotLiftTheSubscriptionsBlock() async throws {
        let server = server()
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--dry-run", "-o", "json"],
            input: "owned.example,noop\n",
            environment: try Self.state())
        let rows = try #require((try? result.json()) as? [[String: Any]], "\(result)")
        #expect(rows.first { $0["domain"] as? String == "owned.example" }?["action"] as? String == "kept", "\(rows)")
    }

    @Test func syncAsDraftWritesDraftsNotBlocks() async throws {
        let server = server()
        server.transport.stub(
            .get, "/api/v1/admin/domain_permission_drafts?permission_type=block",
            json: #"[{"id":"01D0","domain":"drafted.example","permission_type":"block"}]"#)
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_drafts",
            json: #"{"id":"01D1","domain":"new.example","permission_type":"block"}"#)
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--as-draft", "--yes", "-o", "json"],
            input: "new.example\ndrafted.example\n",
            environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        let writes = server.transport.requests.filter { $0.method != .get }
        #expect(writes.map(\.route) == ["POST /api/v1/admin/domain_permission_drafts"], "\(result)")
        let body = try #require(writes.first?.jsonBody)
        #expect(body["domain"] as? String == "new.example" && body["permission_type"] as? String == "block", "\(body)")
        #expect((body["private_comment"] as? String)?.hasPrefix("[fedictl-sync sources=stdin at=") == true, "\(body)")
        let rows = try #require((try? result.json()) as? [[String: Any]], "\(result)")
        #expect(
            rows.first { $0["domain"] as? String == "new.example" }?["result"] as? String == "drafted (01D1)",
            "\(rows)")
        #expect(
            rows.first { $0["domain"] as? String == "drafted.example" }?["action"] as? String == "unchanged",
            "\(rows)")
    }

    @Test func syncAsDraftIsRefusedOnMastodonBeforeAnythingIsSent() async {
        await FakeServerAccount(software: "mastodon", version: "4.3.0")
            .expectRefused(
                ["domain-blocks", "sync", "-", "--as-draft", "--yes"],
                startingWith: "fedictl: domain-blocks sync --as-draft is not available on Mastodon 4.3.0")
    }
}
