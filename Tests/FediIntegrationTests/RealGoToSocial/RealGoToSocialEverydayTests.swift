import FediCore
import FediTestSupport
import Foundation
import Testing

/// The everyday verbs on the real GoToSocial: instance facts, blocks, mutes, domain blocks of a
/// user's own, timelines, the journal, and a fleet command over it and a mastodon_mock server.
@Suite(.realGoToSocial) struct RealGoToSocialEverydayTests {
    @Test func instanceCommandsReadTheServer() async throws {
        let gts = try await GoToSocialServer.shared()
        let admin = gts.adminSide
        let info = await admin.run(["instance", "info", "-o", "json"])
        #expect(info.status == 0, "\(info)")
        #expect(info.stdout.contains("0.20.0-rc1"), "\(info)")
        let features = await admin.run(["instance", "features", "--fields", "capability,available"])
        #expect(features.status == 0, "\(features)")
        #expect(features.stdout.contains("apps verify\tno"), "\(features)")
        for verb in ["rules", "peers", "activity", "blocks", "nodeinfo"] {
            let result = await admin.run(["instance", verb])
            #expect(result.status == 0 || result.status == 69, "\(verb): \(result)")
        }
        let nodeinfo = await admin.run(["instance", "nodeinfo", "-o", "json"])
        #expect(nodeinfo.stdout.contains("gotosocial"), "\(nodeinfo)")
    }

    /// A logged-in admin reads the server's peers and public blocklist as the server lists them; its
    /// rules as the server keeps them; activity is a Mastodon-only endpoint (69).
    @Test func instanceReadsShowWhatTheServerHolds() async throws {
        let gts = try await GoToSocialServer.shared()
        let admin = gts.adminSide
        let domain = "\(GoToSocialServer.uniqueName("public")).example"
        #expect(await admin.run(["domain-blocks", "add", domain, "--public-comment", "spam"]).status == 0)
        let blocks = await admin.run(["instance", "blocks", "--fields", "domain,comment"])
        #expect(blocks.status == 0 && blocks.stdout.contains("\(domain)\tspam\n"), "\(blocks)")
        let listed = try #require(try await gts.get("/api/v1/instance/domain_blocks") as? [[String: Any]])
        #expect(listed.contains { $0["domain"] as? String == domain })
        // `instance peers` counts them (a lone server has none).
        let peers = await admin.run(["instance", "peers", "--fields", "peers"])
        #expect(peers.status == 0, "\(peers)")
        let onServer = try #require(try await gts.get("/api/v1/instance/peers") as? [String])
        #expect(peers.stdout == "peers\t\(onServer.count)\n", "\(peers)")
        let rules = await admin.run(["instance", "rules", "-o", "json"])
        #expect(rules.status == 0, "\(rules)")
        let kept = try #require(try await gts.get("/api/v1/instance/rules") as? [[String: Any]])
        #expect(((try? rules.json() as? [Any]) ?? []).count == kept.count, "\(rules)")
        let activity = await admin.run(["instance", "activity"])
        #expect(activity.status == 69, "\(activity)")
        #expect(await admin.run(["domain-blocks", "remove", domain, "--yes"]).status == 0)
    }

    /// The home timeline (no server named) shows what the server's home timeline holds.
    @Test func theHomeTimelineShowsWhatTheServerHolds() async throws {
        let gts = try await GoToSocialServer.shared()
        let text = "home news \(UUID().uuidString)"
        _ = try await gts.http.json(
            .post, "/api/v1/statuses", token: gts.bob.token,
            body: ["status": text, "visibility": "public"])
        let answer = try await gts.get("/api/v1/timelines/home?limit=40", token: gts.bob.token)
        let home = try #require(answer as? [[String: Any]])
        let newest = try #require(home.first?["id"] as? String, "bob's home timeline is empty")
        let shown = await gts.bobSide.run(["timelines", "show", "--limit", "40", "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        let posts = try #require(try shown.json() as? [[String: Any]], "\(shown)")
        #expect(posts.first?["id"] as? String == newest, "\(shown)")
        #expect(home.contains { ($0["content"] as? String)?.contains(text) == true }, "the server's home timeline")
        #expect(posts.contains { ($0["content"] as? String ?? $0["text"] as? String ?? "").contains(text) }, "\(shown)")
    }

    /// `statuses show` reads a post as the real GoToSocial has it; the writes (GoToSocial has no API
    /// for one post) are refused naming its version, and the post is read back unchanged (issue 48).
    @Test func statusesShowReadsAPostAndTheWritesAreRefused() async throws {
        let gts = try await GoToSocialServer.shared()
        let text = "cheap watches \(UUID().uuidString)"
        // Posted by the admin: a post of bob's or alice's would land in the home timeline another test reads.
        let posted = try #require(
            try await gts.http.json(
                .post, "/api/v1/statuses", token: gts.admin.token,
                body: ["status": text, "visibility": "public", "sensitive": true, "spoiler_text": "ad"])
                as? [String: Any])
        let id = try #require(posted["id"] as? String)
        let shown = await gts.adminSide.run(["statuses", "show", id, "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        let post = try #require(try shown.json() as? [String: Any], "\(shown)")
        #expect(post["id"] as? String == id && post["content_warning"] as? String == "ad", "\(post)")
        #expect((post["content"] as? String)?.contains(text) == true, "\(post)")
        for verb in [["delete", id, "--yes"], ["sensitive", id], ["visibility", id, "--to", "private"]] {
            let refused = await gts.adminSide.run(["statuses"] + verb)
            #expect(refused.status == 69, "\(refused)")
            #expect(
                refused.stderr.hasPrefix("fedictl: statuses \(verb[0]) is not available on GoToSocial"), "\(refused)")
        }
        let after = try #require(try await gts.get("/api/v1/statuses/\(id)", token: gts.admin.token) as? [String: Any])
        #expect(after["visibility"] as? String == "public" && after["sensitive"] as? Bool == true, "\(after)")
    }

    /// `media refetch` is accepted by the server (it works in the background and reports nothing back).
    @Test func mediaRefetchIsAccepted() async throws {
        let gts = try await GoToSocialServer.shared()
        let result = await gts.adminSide.run(["media", "refetch", "--yes"])
        #expect(result.status == 0, "\(result)")
    }

    @Test func blocksMutesAndUserDomainBlocksChangeTheServer() async throws {
        let gts = try await GoToSocialServer.shared()
        let (username, id) = try await gts.makeUser("noisy")
        let bob = gts.bobSide
        func relationship() async throws -> [String: Any] {
            let answer = try await gts.get("/api/v1/accounts/relationships?id[]=\(id)", token: gts.bob.token)
            let list = try #require(answer as? [[String: Any]])
            return try #require(list.first)
        }

        #expect(await bob.run(["blocks", "add", "@\(username)", "--yes"]).status == 0)
        #expect(try await relationship()["blocking"] as? Bool == true)
        #expect(await bob.run(["blocks", "list", "--fields", "acct"]).stdout.contains("\(username)"))
        #expect(await bob.run(["blocks", "remove", "@\(username)"]).status == 0)
        #expect(try await relationship()["blocking"] as? Bool == false)

        #expect(await bob.run(["mutes", "add", "@\(username)"]).status == 0)
        #expect(try await relationship()["muting"] as? Bool == true)
        #expect(await bob.run(["mutes", "list", "--fields", "acct"]).stdout.contains("\(username)"))
        #expect(await bob.run(["mutes", "remove", "@\(username)"]).status == 0)
        #expect(try await relationship()["muting"] as? Bool == false)

        let domain = "\(GoToSocialServer.uniqueName("loud")).example"
        let add = await bob.run(["user-domain-blocks", "add", domain, "--yes"])
        #expect(add.status == 0 || add.status == 69, "\(add)")
        if add.status == 0 {
            let mine = try #require(try await gts.get("/api/v1/domain_blocks", token: gts.bob.token) as? [String])
            #expect(mine.contains(domain))
            #expect(await bob.run(["user-domain-blocks", "remove", domain]).status == 0)
            let after = try #require(try await gts.get("/api/v1/domain_blocks", token: gts.bob.token) as? [String])
            #expect(after.contains(domain) == false)
        }
    }

    @Test func theLocalTimelineShowsAlicesPost() async throws {
        let gts = try await GoToSocialServer.shared()
        let text = "a walk by the river \(UUID().uuidString)"
        _ = try await gts.http.json(
            .post, "/api/v1/statuses", token: gts.alice.token,
            body: ["status": text, "visibility": "public"])
        let show = await gts.aliceSide.run(["timelines", "show", gts.base, "--limit", "40"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains(text), "\(show)")
    }

    /// The journal records a write with GoToSocial's name and version, and its undo runs.
    @Test func theJournalRecordsAWriteAndItsUndoRuns() async throws {
        let gts = try await GoToSocialServer.shared()
        let (journal, state) = try SeededJournal.make("gts-journal", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(gts.http, gts.admin, journal: journal)
        let domain = "\(GoToSocialServer.uniqueName("journal")).example"
        #expect(await admin.run(["domain-blocks", "add", domain]).status == 0)
        let entry = try #require(try journal.readNow().entries.first { $0.verb == "domain-blocks add" })
        #expect(entry.software == "gotosocial" && entry.softwareVersion?.hasPrefix("0.20.0") == true, "\(entry)")
        #expect(entry.undo == "fedictl --account admin@\(gts.base) domain-blocks remove \(domain) --yes")
        let log = await admin.run(["log", "--fields", "verb,target"])
        #expect(log.stdout.contains("domain-blocks add\t\(domain)"), "\(log)")
        let undo = await admin.run(["domain-blocks", "remove", domain, "--yes"])
        #expect(undo.status == 0, "\(undo)")
        let blocks = try #require(try await gts.get("/api/v1/admin/domain_blocks") as? [[String: Any]])
        #expect(blocks.contains { $0["domain"] as? String == domain } == false)
    }

    /// One write over two servers: the GoToSocial admin and a mastodon_mock admin.
    @Test func aFleetWriteReachesBothServers() async throws {
        let gts = try await GoToSocialServer.shared()
        let mock = try await MockServer.start()
        let logins = InMemoryLoginStore()
        let secrets = InMemorySecretStore()
        let harness = CommandHarness(secrets: secrets, logins: logins)
        for (base, token) in [(gts.base, gts.admin.token), (mock.base, MockServer.admin.token)] {
            let added = await harness.run(["auth", "add", base, "--token-stdin"], input: token + "\n")
            #expect(added.status == 0, "\(added)")
        }
        let domain = "\(GoToSocialServer.uniqueName("fleet")).example"
        let both = "admin@\(gts.base),admin@\(mock.base)"
        let result = await harness.run(["domain-blocks", "add", domain, "--account", both, "--yes"])
        #expect(result.status == 0, "\(result)")
        let onGoToSocial = try #require(try await gts.get("/api/v1/admin/domain_blocks") as? [[String: Any]])
        #expect(onGoToSocial.contains { $0["domain"] as? String == domain })
        let answer = try await mock.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
        let mocked = try #require(answer as? [[String: Any]])
        #expect(mocked.contains { $0["domain"] as? String == domain })
        let list = await harness.run(["domain-blocks", "list", "--all", "--account", both, "--fields", "domain"])
        #expect(list.stdout.components(separatedBy: domain).count - 1 == 2, "\(list)")
    }
    /// The fleet's queue with no --account over the real GoToSocial and a mastodon_mock: one list,
    /// oldest first, each row naming its server, with the reporter's comment.
    @Test func theFleetsQueueListsBothServersOldestFirst() async throws {
        let gts = try await GoToSocialServer.shared()
        let mock = try await MockServer.start()
        let harness = CommandHarness(secrets: InMemorySecretStore(), logins: InMemoryLoginStore())
        for (base, token) in [(gts.base, gts.admin.token), (mock.base, MockServer.admin.token)] {
            let added = await harness.run(["auth", "add", base, "--token-stdin"], input: token + "\n")
            #expect(added.status == 0, "\(added)")
        }
        let onMock = try await TriageScene.set(on: mock)  // alice reports bob on the mock
        let comment = "fleet queue \(UUID().uuidString)"
        let filed = await gts.aliceSide.run(["reports", "file", "@bob", "--comment", comment])
        #expect(filed.status == 0, "\(filed)")

        let queue = await harness.run(["queue", "--kind", "report", "-o", "json"])
        #expect(queue.status == 0, "\(queue)")
        let items = try #require(try queue.json() as? [[String: Any]])
        let fromMock = try #require(
            items.first { $0["server"] as? String == mock.base && $0["id"] as? String == onMock.reportID })
        #expect(fromMock["from"] as? String == "@alice@\(mock.base)")
        let fromGts = try #require(
            items.first { $0["server"] as? String == gts.base && $0["comment"] as? String == comment },
            "\(queue)")
        #expect(
            fromGts["target"] as? String == "@bob@\(gts.base)" && fromGts["from"] as? String == "@alice@\(gts.base)")
        let dates = items.compactMap { $0["created_at"] as? String }.compactMap(FlexibleDate.parse)
        #expect(dates.count == items.count && dates == dates.sorted(), "\(queue)")
        #expect(items.allSatisfy { $0["account"] == nil }, "\(queue)")
    }
}
