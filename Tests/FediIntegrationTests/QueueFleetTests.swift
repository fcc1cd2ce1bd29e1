import FediCore
import FediTestSupport
import Foundation
import Testing

/// The moderation queue and "one account, every server" over real servers: two mastodon_mock
/// instances and a GoToSocial fixture server, through libcurl.
struct QueueFleetTests {
    /// A remote account both the first mastodon_mock and the GoToSocial fixture know (its reports there).
    static let spammer = "@cheapwatches@spam.example"
    static let remoteSeed = """
        [[seed.accounts]]
        username = "cheapwatches"
        display_name = "Cheap Watches"
        domain = "spam.example"

        """
    static let mod = SeedAccount("mod", token: "mod-token", admin: true)
    /// The GoToSocial fixture's report and account about cheapwatches@spam.example.
    static let gtsReport = "01JH6A8C0E2G4J6M8P0R2T4W6Y", gtsAccount = "01JGZ4B6D8F0H2K4M6P8R0T2V4"

    /// admin@A (and mod@A when asked), admin@B, admin@G; A knows the remote spammer, B does not.
    static func start(withMod: Bool = false) async throws -> FleetTests.Fleet {
        async let a = MockServer.start(
            accounts: [MockServer.admin, MockServer.alice, MockServer.bob, mod], extraConfig: remoteSeed)
        async let b = MockServer.start()
        async let g = FixtureServer.start(flavour: "gotosocial-0.17")  // its remote spammer
        let fleet = FleetTests.Fleet(
            mastodonA: try await a, mastodonB: try await b, gts: try await g,
            logins: InMemoryLoginStore(), secrets: InMemorySecretStore())
        try await fleet.add(fleet.mastodonA, token: MockServer.admin.token)
        if withMod { try await fleet.add(fleet.mastodonA, username: "mod", token: mod.token) }
        try await fleet.add(fleet.mastodonB, token: MockServer.admin.token)
        try await fleet.add(fleet.gts, token: "fixture-token")
        // The recorded pages link to a next page; a real server answers it with an empty list.
        _ = try await fleet.gts.json(
            .post, "/__fixture/routes",
            body: [
                "GET /api/v1/admin/reports?limit=20&max_id=01JH4C6E8G0J2M4P6R8T0W2Y4A": ["json": [Any]()],
                "GET /api/v2/admin/accounts?limit=50&max_id=01HQ2XKZ4T6Y9D1B3M5N7P8R0S": ["json": [Any]()],
                // The remote spammer as GoToSocial's admin API shows it: read before acting, for the journal.
                "GET /api/v1/admin/accounts/\(gtsAccount)": [
                    "json": [
                        "id": gtsAccount, "username": "cheapwatches", "domain": "spam.example",
                        "created_at": "2025-01-10T10:00:00.000Z", "ips": [Any](), "confirmed": true,
                        "approved": true, "disabled": false, "silenced": false, "suspended": false,
                        "account": [
                            "id": gtsAccount, "username": "cheapwatches", "acct": "cheapwatches@spam.example",
                            "display_name": "", "created_at": "2025-01-10T10:00:00.000Z",
                        ],
                    ]
                ],
            ])
        return fleet
    }

    static func remoteID(on server: ServerProcess) async throws -> String {
        let found = try #require(
            try await server.json(
                .get, "/api/v1/admin/accounts?remote=true&username=cheapwatches",
                token: MockServer.admin.token) as? [[String: Any]])
        return try TriageScene.string(try #require(found.first)["id"])
    }

    /// Files a report by `token`'s user about account `id`; returns the report's id.
    static func file(on server: ServerProcess, by token: String, about id: String, category: String = "spam")
        async throws -> String
    {
        try TriageScene.string(
            try TriageScene.object(
                try await server.json(
                    .post, "/api/v1/reports", token: token,
                    body: ["account_id": id, "comment": "x", "category": category]))["id"])
    }

    static func adminReport(_ id: String, on server: ServerProcess) async throws -> [String: Any] {
        try TriageScene.object(
            try await server.json(.get, "/api/v1/admin/reports/\(id)", token: MockServer.admin.token))
    }

    /// The writes the GoToSocial fixture received, `METHOD /path`.
    static func gtsWrites(_ fleet: FleetTests.Fleet) async throws -> [String] {
        try await fleet.gts.receivedRequests().compactMap { request in
            guard let method = request["method"] as? String, let path = request["path"] as? String,
                method != "GET", !path.hasPrefix("/__fixture")
            else { return nil }
            return "\(method) \(path)"
        }
    }

    @Test func oneListOverThreeServersEachItemOnceWithEveryColumn() async throws {
        let fleet = try await Self.start(withMod: true)
        defer { fleet.stop() }
        let (a, b) = (fleet.mastodonA, fleet.mastodonB)
        let scene = try await TriageScene.set(on: a)  // alice reports bob on A: spam, two posts
        _ = try await a.json(.post, "/api/v1/admin/reports/\(scene.reportID)/assign_to_self", token: Self.mod.token)
        let aliceOnB = try await TriageScene.accountID("alice", on: b)
        let onB = try await Self.file(on: b, by: MockServer.bob.token, about: aliceOnB, category: "other")

        // No --account: every account that can moderate, one list.
        let json = await fleet.run(["queue", "-o", "json"])
        #expect(json.status == 0, "\(json)")
        let items = try #require(try json.json() as? [[String: Any]])
        let modID = "mod@\(a.base)"
        // A's report once (mod@A is the same server, and says so); rows name their server, not an account.
        #expect(
            items.filter { $0["server"] as? String == a.base && $0["id"] as? String == scene.reportID }.count == 1,
            "\(json)")
        #expect(
            json.stderr.contains(
                "\(modID): same server as \(fleet.idA), which acts for it; nothing sent as \(modID)\n"), "\(json)")
        #expect(items.allSatisfy { $0["account"] == nil }, "\(json)")
        // Oldest first across every server.
        let dates = items.compactMap { $0["created_at"] as? String }.compactMap(FlexibleDate.parse)
        #expect(dates.count == items.count && dates == dates.sorted(), "\(json)")
        #expect(Set(items.compactMap { $0["server"] as? String }) == [a.base, b.base, fleet.gts.base])
        // Every column of A's report: the comment and the category, not only the reason.
        let report = try #require(items.first { $0["server"] as? String == a.base })
        #expect(report["kind"] as? String == "report")
        #expect(report["id"] as? String == scene.reportID)
        #expect(report["created_at"] is String)
        #expect(report["target"] as? String == "@bob@\(a.base)")
        #expect(report["from"] as? String == "@alice@\(a.base)")
        #expect(report["category"] as? String == "spam" && report["reason"] as? String == "spam")
        #expect(report["comment"] as? String == "Scam links in every reply")
        #expect(report["posts"] as? Int == 2)
        #expect(report["assigned_to"] as? String == "@mod@\(a.base)")
        let fromB = try #require(items.first { $0["server"] as? String == b.base })
        #expect(
            fromB["id"] as? String == onB && fromB["category"] as? String == "other"
                && fromB["from"] as? String == "@bob@\(b.base)")
        // GoToSocial's reports and its sign-ups.
        let gts = items.filter { $0["server"] as? String == fleet.gts.base }
        #expect(Set(gts.compactMap { $0["kind"] as? String }) == ["report", "sign-up"], "\(gts)")
        let cheap = try #require(gts.first { $0["id"] as? String == Self.gtsReport })
        #expect(cheap["target"] as? String == Self.spammer)
        #expect(cheap["from"] as? String == "@ada@\(fleet.gts.base)")
        #expect(cheap["posts"] as? Int == 1)

        // The table piped: the server first, then every default column.
        let tsv = await fleet.run(["queue", "--kind", "report"])
        let rows = tsvRows(tsv.stdout)
        let row = try #require(rows.first { $0.count > 2 && $0[0] == a.base && $0[2] == scene.reportID }, "\(tsv)")
        #expect(row[1] == "report" && row[4] == "@bob@\(a.base)" && row[5] == "@alice@\(a.base)")
        // A report has no e-mail domain or IP: the last two columns (a sign-up's) are empty.
        #expect(Array(row[6...]) == ["spam", "", "Scam links in every reply", "2", "@mod@\(a.base)", "", ""], "\(row)")
        #expect(rows.count == 1 + 1 + 2, "A once, B, GoToSocial's two: \(tsv)")
    }

    /// Two logins on one mastodon_mock plus a second server: one block, one resolve and one warning
    /// per server, sent as the first login; the other says "same server" and sends nothing.
    @Test func twoLoginsOnOneServerWriteOncePerServer() async throws {
        let fleet = try await Self.start(withMod: true)
        defer { fleet.stop() }
        let (a, b) = (fleet.mastodonA, fleet.mastodonB)
        let modID = "mod@\(a.base)"
        let root = try TemporaryDirectory.make("one-write-per-server")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root)
        let three = ["--account", "\(fleet.idA),\(modID),\(fleet.idB)", "--yes"]
        let sameServer = "\(modID): same server as \(fleet.idA), which acts for it; nothing sent as \(modID)\n"

        // A block: one on each server (a second on A would be Mastodon's 422).
        let block = await fleet.run(three + ["domain-blocks", "add", "wave.example"], journal: journal)
        #expect(block.status == 0, "\(block)")
        #expect(block.stderr.contains(sameServer), "\(block)")
        for server in [a, b] {
            let blocks = try #require(
                try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                    as? [[String: Any]])
            #expect(blocks.filter { $0["domain"] as? String == "wave.example" }.count == 1, "\(server.base): \(blocks)")
        }

        // A resolve: A's report about the spammer, resolved once, as admin@A.
        let spammerID = try await Self.remoteID(on: a)
        let reportID = try await Self.file(on: a, by: MockServer.alice.token, about: spammerID)
        let resolve = await fleet.run(three + ["reports", "resolve", "--target", Self.spammer], journal: journal)
        #expect(resolve.status == 0, "\(resolve)")
        #expect(resolve.stderr.contains(sameServer), "\(resolve)")
        #expect(try await Self.adminReport(reportID, on: a)["action_taken"] as? Bool == true)

        // A warning: one for the spammer on A; B does not know the account: nothing to do there, not a failure.
        let warn = await fleet.run(
            three + ["accounts", "action", Self.spammer, "--type", "none", "--text", "stop"], journal: journal)
        #expect(warn.status == 0, "\(warn)")
        #expect(warn.stderr.contains("Outcome per server:\n"), "\(warn)")
        #expect(warn.stderr.contains("  \(modID): same server as \(fleet.idA)\n"), "\(warn)")
        #expect(warn.stderr.contains("  \(fleet.idB): nothing to do: "), "\(warn)")

        // Every change was made once, as admin@A or admin@B; nothing as mod@A.
        let entries = try await journal.read().entries.filter { $0.outcome == .ok }
        #expect(!entries.contains { $0.account == modID }, "\(entries)")
        #expect(
            entries.filter { $0.verb == "domain-blocks add" }.compactMap(\.account).sorted()
                == [fleet.idA, fleet.idB].sorted(), "\(entries)")
        #expect(entries.filter { $0.verb == "reports resolve" }.compactMap(\.account) == [fleet.idA], "\(entries)")
        #expect(entries.filter { $0.verb == "accounts action" }.compactMap(\.account) == [fleet.idA], "\(entries)")

        // --per-account asks for every login: mod@A then acts too (A already blocks it, so nothing is sent there).
        let each = await fleet.run(three + ["--per-account", "domain-blocks", "add", "wave.example"])
        #expect(!each.stderr.contains("same server"), "\(each)")
    }

    @Test func sinceLastShowsWhatIsNewOnEachServerFromTheStateFile() async throws {
        let fleet = try await Self.start()
        defer { fleet.stop() }
        let root = try TemporaryDirectory.make("queue-since-last")
        defer { try? FileManager.default.removeItem(at: root) }
        let scene = try await TriageScene.set(on: fleet.mastodonA)
        var harness = CommandHarness(secrets: fleet.secrets, logins: fleet.logins)
        harness.lastLooks = FileLastLookStore(paths: StatePaths(environment: ["XDG_STATE_HOME": root.path]))
        let look = [
            "--account", "\(fleet.idA),\(fleet.idB)", "queue", "--kind", "report", "--since-last", "--exit-status",
            "--fields", "id",
        ]

        let first = await harness.run(look)
        #expect(first.status == 1, "\(first)")
        #expect(first.stdout == "\(scene.reportID)\n", "\(first)")
        let nothing = await harness.run(look)
        #expect(nothing.status == 0 && nothing.stdout.isEmpty, "\(nothing)")

        let aliceOnB = try await TriageScene.accountID("alice", on: fleet.mastodonB)
        let onB = try await Self.file(on: fleet.mastodonB, by: MockServer.bob.token, about: aliceOnB)
        let second = await harness.run(look)
        #expect(second.status == 1, "\(second)")
        #expect(second.stdout == "\(onB)\n", "only B's new report: \(second)")
        let state = try String(contentsOf: root.appendingPathComponent("fedictl/queue-looks.json"), encoding: .utf8)
        #expect(state.contains("\"report \(onB)\"") && state.contains(fleet.mastodonA.base), "\(state)")
    }

    @Test func resolveTargetActsOnEveryServerThatHasReportsAboutTheAccount() async throws {
        let fleet = try await Self.start()
        defer { fleet.stop() }
        let a = fleet.mastodonA
        let spammerID = try await Self.remoteID(on: a)
        let first = try await Self.file(on: a, by: MockServer.alice.token, about: spammerID)
        let second = try await Self.file(on: a, by: MockServer.bob.token, about: spammerID)
        let other = try await TriageScene.set(on: a).reportID  // about bob: stays open
        let root = try TemporaryDirectory.make("resolve-target")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root)
        let resolve = ["--all-accounts", "reports", "resolve", "--target", Self.spammer, "--action", "suspend"]

        // The plan per server; nothing is sent.
        let plan = await fleet.run(resolve + ["--dry-run"], journal: journal)
        #expect(plan.status == 0, "\(plan)")
        #expect(
            plan.stdout.contains(
                "\(fleet.idA): dry run: 2 open reports about \(Self.spammer) on \(a.base): \(first), \(second)\n"),
            "\(plan)")
        #expect(
            plan.stdout.contains(
                "\(fleet.idA): dry run: would send POST /api/v1/admin/accounts/\(spammerID)/action type=suspend report_id=\(first)\n"
            ), "\(plan)")
        #expect(
            plan.stdout.contains(
                "\(fleet.idA): dry run: would send POST /api/v1/admin/reports/\(second)/resolve (if still open)\n"),
            "\(plan)")
        #expect(
            plan.stdout.contains(
                "\(fleet.idG): dry run: would send POST /api/v1/admin/accounts/\(Self.gtsAccount)/action type=suspend\n"
            ), "\(plan)")
        #expect(plan.stderr.contains("Outcome per server:\n"), "\(plan)")
        #expect(plan.stderr.contains("  \(fleet.idB): no open report about \(Self.spammer)\n"), "\(plan)")
        #expect(try await Self.adminReport(first, on: a)["action_taken"] as? Bool == false)
        #expect(try await Self.gtsWrites(fleet).isEmpty)

        let done = await fleet.run(resolve + ["--yes"], journal: journal)
        #expect(done.status == 0, "\(done)")
        #expect(
            done.stderr.contains("  \(fleet.idA): suspend \(Self.spammer); resolved 2 reports: \(first), \(second)\n"),
            "\(done)")
        #expect(
            done.stderr.contains("  \(fleet.idG): suspend \(Self.spammer); resolved 1 report: \(Self.gtsReport)\n"),
            "\(done)")
        // A's state afterwards: suspended, both reports resolved, the unrelated one still open.
        let account = try TriageScene.object(
            try await a.json(.get, "/api/v1/admin/accounts/\(spammerID)", token: MockServer.admin.token))
        #expect(account["suspended"] as? Bool == true)
        #expect(try await Self.adminReport(first, on: a)["action_taken"] as? Bool == true)
        #expect(try await Self.adminReport(second, on: a)["action_taken"] as? Bool == true)
        #expect(try await Self.adminReport(other, on: a)["action_taken"] as? Bool == false)
        // GoToSocial: the suspension, then its report resolved; each sent once.
        #expect(
            try await Self.gtsWrites(fleet) == [
                "POST /api/v1/admin/accounts/\(Self.gtsAccount)/action",
                "POST /api/v1/admin/reports/\(Self.gtsReport)/resolve",
            ])
        // Every write is in the journal under its account, each with its own subject and undo: the action
        // (the account) and each report resolved.
        let entries = try await journal.read().entries.filter { $0.verb == "reports resolve" }
        #expect(entries.filter { $0.account == fleet.idA }.count == 3, "the action and its reports: \(entries)")
        #expect(entries.filter { $0.account == fleet.idG }.count == 2, "\(entries)")
        #expect(entries.allSatisfy { $0.outcome == .ok }, "\(entries)")
    }

    @Test func whatASoftwareCannotDoIsRefusedThereBeforeAnythingIsSent() async throws {
        let fleet = try await Self.start()
        defer { fleet.stop() }
        let result = await fleet.run([
            "--account", fleet.idG, "reports", "resolve", "--target", Self.spammer, "--action", "silence",
        ])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: accounts action --type silence is not available on GoToSocial"),
            "\(result)")
        #expect(try await Self.gtsWrites(fleet).isEmpty)
    }

    @Test func accountsActionLooksTheRemoteAccountUpOnEachServer() async throws {
        let fleet = try await Self.start()
        defer { fleet.stop() }
        let spammerID = try await Self.remoteID(on: fleet.mastodonA)
        let result = await fleet.run([
            "--account", "\(fleet.idA),\(fleet.idB)", "accounts", "action", Self.spammer,
            "--type", "silence", "--yes", "-o", "json",
        ])
        #expect(result.status == 0, "A done, B does not know the account (nothing to do there): \(result)")
        #expect(
            result.stderr.contains(
                "fedictl: \(fleet.idB): no account \(Self.spammer) known to \(fleet.mastodonB.base)\nhint: its admin account search by username and domain found none"
            ), "\(result)")
        #expect(result.stderr.contains("  \(fleet.idA): silence \(Self.spammer) (account \(spammerID))\n"), "\(result)")
        #expect(result.stderr.contains("  \(fleet.idB): nothing to do: "), "\(result)")
        let account = try TriageScene.object(
            try await fleet.mastodonA.json(.get, "/api/v1/admin/accounts/\(spammerID)", token: MockServer.admin.token))
        #expect(account["silenced"] as? Bool == true)
        let objects = try #require(try result.json() as? [[String: Any]])
        #expect(objects.first { $0["account"] as? String == fleet.idA }?["id"] as? String == spammerID)
    }
}
