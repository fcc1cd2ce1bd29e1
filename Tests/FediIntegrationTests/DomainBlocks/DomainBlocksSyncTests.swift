import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks sync` and `apply` over libcurl against mastodon_mock and the fixture servers:
/// the plan per server, what each software can keep, provenance and retraction, saved plans and
/// drift, a run killed mid-apply and re-run.
struct DomainBlocksSyncTests {
    /// A user whose state (sync provenance) lives in its own temporary directory.
    struct Syncer {
        let server: ServerProcess
        let username: String
        let token: String
        let state: URL

        func run(_ arguments: [String], input: String = "") async -> CommandResult {
            let harness = CommandHarness(environment: ["FEDICTL_TOKEN": token, "XDG_STATE_HOME": state.path])
            return await harness.run(arguments + ["--account", "\(username)@\(server.base)"], input: input)
        }

        var environment: [String: String] { ["FEDICTL_TOKEN": token, "XDG_STATE_HOME": state.path] }
    }

    static func file(_ text: String, _ name: String = "list.csv") throws -> URL {
        let directory = try TemporaryDirectory.make("sync-lists")
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func rows(_ result: CommandResult) throws -> [String: [String: Any]] {
        let list = try #require(try result.json() as? [[String: Any]], "\(result)")
        return Dictionary(list.map { ($0["domain"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func mastodonBlocks(_ server: ServerProcess) async throws -> [[String: Any]] {
        try await DomainBlockImportTests.serverBlocks(server)
    }

    static func block(_ server: ServerProcess, _ fields: [String: Any]) async throws {
        _ = try await server.json(.post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token, body: fields)
    }

    @Test func mastodonPlanApplyAndLiftOnlyWhatSyncMadeAndEverySourceDropped() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token, state: state)
        // Made by hand before any sync.
        try await Self.block(server, ["domain": "hand.example", "severity": "suspend", "private_comment": "ours"])
        try await Self.block(server, ["domain": "raise.example", "severity": "silence"])
        try await Self.block(server, ["domain": "lower.example", "severity": "suspend"])
        try await Self.block(server, ["domain": "comment.example", "severity": "silence", "public_comment": "old"])
        try await Self.block(server, ["domain": "same.example", "severity": "suspend"])
        let a = try Self.file(
            """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            new.example,suspend,false,false,,false
            raise.example,suspend,false,false,,false
            lower.example,silence,false,false,,false
            comment.example,silence,true,false,new,false
            same.example,suspend,false,false,,false
            """, "a.csv")
        let b = try Self.file("new.example\nsame.example\n", "b.txt")

        let dryRun = await admin.run(["domain-blocks", "sync", a.path, b.path, "--dry-run", "-o", "json"])
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(dryRun.stderr.contains("1 to add, 1 unchanged, 3 kept (made by hand)."), "\(dryRun.stderr)")
        let planned = try Self.rows(dryRun)
        #expect(planned["new.example"]?["action"] as? String == "add")
        #expect(planned["new.example"]?["sources"] as? [String] == ["a.csv", "b.txt"])
        // Made by hand: kept, showing what the sources would set.
        #expect(planned["raise.example"]?["action"] as? String == "kept")
        #expect(planned["raise.example"]?["details"] as? [String] == ["severity silence → suspend"])
        #expect(planned["lower.example"]?["action"] as? String == "kept")
        #expect(
            planned["comment.example"]?["details"] as? [String]
                == ["reject_media no → yes", "public_comment \"old\" → \"new\""])
        #expect(planned["same.example"]?["action"] as? String == "unchanged")
        #expect(planned["hand.example"] == nil)
        #expect(try await Self.mastodonBlocks(server).count == 5)

        // --adopt takes them over: their comments stay, the sources' follow.
        let applied = await admin.run(["domain-blocks", "sync", a.path, b.path, "--adopt", "--yes"])
        #expect(applied.status == 0, "\(applied)")
        #expect(applied.stderr.contains("Wrote 4 of 4 changes on \(server.base)."), "\(applied.stderr)")
        var blocks = Dictionary(
            try await Self.mastodonBlocks(server).map { ($0["domain"] as? String ?? "", $0) },
            uniquingKeysWith: { a, _ in a })
        #expect(blocks.count == 6)
        let stamp = try #require(SyncStamp.parse(blocks["new.example"]?["private_comment"] as? String), "\(blocks)")
        #expect(stamp.sources == ["a.csv", "b.txt"] && !stamp.adopted && stamp.fingerprint != nil)
        #expect(blocks["raise.example"]?["severity"] as? String == "suspend")
        #expect(SyncStamp.parse(blocks["raise.example"]?["private_comment"] as? String)?.adopted == true)
        #expect(blocks["lower.example"]?["severity"] as? String == "silence")
        #expect(blocks["comment.example"]?["public_comment"] as? String == "old; new")
        #expect(blocks["hand.example"]?["private_comment"] as? String == "ours")
        #expect((blocks["same.example"]?["private_comment"] as? String ?? "") == "")  // matched already: left alone
        let records = try String(
            contentsOf: state.appendingPathComponent(
                "fedictl/sync/\(MockServer.admin.username)@\(server.base)/journal.jsonl"), encoding: .utf8)
        #expect(records.split(separator: "\n").count == 4)
        #expect(records.contains("\"domain\":\"new.example\"") && records.contains("\"server\":\"\(server.base)\""))

        // Again: nothing to write.
        let again = await admin.run(["domain-blocks", "sync", a.path, b.path, "--yes"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("5 unchanged."), "\(again.stderr)")

        // Both sources drop new.example and raise.example; a.csv also drops same.example (b.txt keeps it).
        let a2 = try Self.file("lower.example,silence\ncomment.example,silence,true,false,new\n", "a.csv")
        let b2 = try Self.file("same.example\n", "b.txt")
        let kept = await admin.run(["domain-blocks", "sync", a2.path, b2.path, "--yes", "-o", "json"])
        #expect(kept.status == 0, "\(kept)")
        #expect(try await Self.mastodonBlocks(server).count == 6)  // nothing lifted without --lift-retracted

        // Sources are named by path: the same paths, now with the new contents.
        try "lower.example,silence\ncomment.example,silence,true,false,new\n".write(
            to: a, atomically: true, encoding: .utf8)
        try "same.example\n".write(to: b, atomically: true, encoding: .utf8)
        let lifted = await admin.run([
            "domain-blocks", "sync", a.path, b.path, "--lift-retracted", "--yes", "-o", "json",
        ])
        #expect(lifted.status == 0, "\(lifted)")
        let liftRows = try Self.rows(lifted)
        #expect(liftRows["new.example"]?["action"] as? String == "lift")
        // raise.example was made by hand (sync only raised it), hand.example never came from a source.
        #expect(liftRows["raise.example"] == nil && liftRows["hand.example"] == nil)
        blocks = Dictionary(
            try await Self.mastodonBlocks(server).map { ($0["domain"] as? String ?? "", $0) },
            uniquingKeysWith: { a, _ in a })
        #expect(
            Set(blocks.keys) == ["hand.example", "raise.example", "lower.example", "comment.example", "same.example"])
    }

    @Test func aSavedPlanIsRefusedWhenTheServerChangedUnlessForced() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token, state: state)
        let list = try Self.file("one.example\ntwo.example\n", "list.txt")
        let plan = await admin.run(["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"])
        #expect(plan.status == 0, "\(plan)")
        let planFile = try Self.file(plan.stdout, "plan.json")

        // Meanwhile someone silences one of the planned domains by hand.
        try await Self.block(server, ["domain": "one.example", "severity": "silence"])
        let refused = await admin.run(["domain-blocks", "apply", planFile.path, "--yes"])
        #expect(refused.status == 79, "\(refused)")
        #expect(
            refused.stderr == """
                fedictl: the domain blocks on \(server.base) changed since the plan was made; nothing was sent
                hint: make the plan again with `fedictl domain-blocks sync ... --dry-run -o json`, or pass --force

                """, "\(refused.stderr)")
        #expect(try await Self.mastodonBlocks(server).count == 1)

        // Forced, the plan's add meets the block made meanwhile: raised, not created twice.
        let forced = await admin.run(["domain-blocks", "apply", planFile.path, "--yes", "--force", "-o", "json"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try Self.rows(forced)["one.example"]?["action"] as? String == "raise")
        let afterForce = try await Self.mastodonBlocks(server)
        #expect(
            afterForce.map { "\($0["domain"] as? String ?? "") \($0["severity"] as? String ?? "")" }.sorted() == [
                "one.example suspend", "two.example suspend",
            ])

        // A fresh plan applies without --force; applied twice, the second finds nothing to write.
        try await Self.block(server, ["domain": "three.example", "severity": "silence"])
        let list2 = try Self.file("one.example\ntwo.example\nfour.example\n", "list.txt")
        let fresh = try Self.file(
            await admin.run(["domain-blocks", "sync", list2.path, "--dry-run", "-o", "json"]).stdout, "plan.json")
        let ok = await admin.run(["domain-blocks", "apply", fresh.path, "--yes"])
        #expect(ok.status == 0, "\(ok)")
        #expect(try await Self.mastodonBlocks(server).count == 4)
    }

    @Test func killedMidApplyThenRerunDuplicatesNothingAndLosesNothing() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("sync-state")
        let domains = (0..<40).map { "k\($0).example" }
        let list = try Self.file(domains.joined(separator: "\n") + "\n", "list.txt")
        // Slow creates, so the kill lands in the middle of the apply.
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "latency", "delay_ms": 150], "count": 1000,
        ])
        var environment = ProcessInfo.processInfo.environment
        environment.merge(
            BinaryRunner.userEnvironment(["FEDICTL_TOKEN": MockServer.admin.token, "XDG_STATE_HOME": state.path])
        ) { $1 }
        let process = Process()
        process.executableURL = RepoPaths.fedictlBinary
        process.arguments = [
            "domain-blocks", "sync", list.path, "--yes", "--concurrency", "2", "--account",
            "\(MockServer.admin.username)@\(server.base)",
        ]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once some blocks are on the server, well before all 40.
        var written = 0
        for _ in 0..<400 where written < 5 {
            try await Task.sleep(nanoseconds: 25_000_000)
            written = try await Self.mastodonBlocks(server).count
        }
        kill(process.processIdentifier, SIGKILL)
        try await ProcessRunner.waitForExit(process)
        // A create the mock was still holding (its latency) lands now or never: let it settle, as a
        // real server's in-flight write does before anyone re-runs.
        try await Task.sleep(nanoseconds: 500_000_000)
        let afterKill = try await Self.mastodonBlocks(server).count
        #expect(afterKill >= 5 && afterKill < 40, "\(afterKill) blocks when killed")

        let rerun = try await BinaryRunner.run(
            ["domain-blocks", "sync", list.path, "--yes", "--account", "\(MockServer.admin.username)@\(server.base)"],
            environment: ["FEDICTL_TOKEN": MockServer.admin.token, "XDG_STATE_HOME": state.path])
        #expect(rerun.status == 0, "\(rerun)")
        let blocks = try await Self.mastodonBlocks(server).compactMap { $0["domain"] as? String }
        #expect(blocks.count == 40, "duplicates or losses: \(blocks.sorted())")
        #expect(Set(blocks) == Set(domains))
    }

    /// On GoToSocial 0.17, which cannot change a block in place (0.19 can).
    @Test func goToSocialSkipsSilencesByNameAndKeepsSuspensionsWhole() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial-0.17")
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(server: server, username: "admin", token: "fixture-token", state: state)
        let list = try Self.file(
            """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            spam.example,suspend,true,true,,false
            loud.example,silence,false,false,,false
            newspam.example,suspend,true,true,Spam,false
            scrapers.example,suspend,false,false,Scrapers,false
            badactors.example,noop,false,false,,false
            """)
        // The fixture's blocks were made by hand: --adopt lets sync change and lift them.
        let plan = await admin.run(["domain-blocks", "sync", list.path, "--adopt", "--dry-run", "-o", "json"])
        #expect(plan.status == 0, "\(plan)")
        let rows = try Self.rows(plan)
        #expect(rows["loud.example"]?["action"] as? String == "skip")
        #expect(
            rows["loud.example"]?["note"] as? String
                == "GoToSocial cannot keep severity silence (GoToSocial blocks can be: suspend)")
        #expect(rows["newspam.example"]?["action"] as? String == "add")
        #expect(rows["spam.example"]?["action"] as? String == "unchanged")
        // A comment to change, on a GoToSocial that cannot change a block in place (0.19+).
        #expect(rows["scrapers.example"]?["action"] as? String == "skip")
        #expect(
            rows["scrapers.example"]?["note"] as? String
                == "change not possible: domain-blocks update is not available on GoToSocial 0.17.3")
        // A noop entry lowers; GoToSocial only suspends, so it would lift, and sync never lifts a block it
        // did not make (a lift deletes the block's comments with it): kept, saying why.
        #expect(rows["badactors.example"]?["action"] as? String == "kept")
        #expect(
            rows["badactors.example"]?["note"] as? String
                == "noop: GoToSocial cannot keep a lower block, and an adopted block is never lifted: left as it is")

        try await server.addRoutes([
            "DELETE /api/v1/admin/domain_blocks/01HZ9B1D3F5H7K9N1Q3S5V7X9Z": [
                "json": ["id": "01HZ9B1D3F5H7K9N1Q3S5V7X9Z", "domain": "badactors.example", "obfuscate": true]
            ]
        ])
        let applied = await admin.run(["domain-blocks", "sync", list.path, "--adopt", "--yes"])
        #expect(applied.status == 0, "\(applied)")
        let posts = try await server.received("POST", "/api/v1/admin/domain_blocks")
        var post = try #require(posts.first, "\(posts)")
        #expect(SyncStamp.parse(post["private_comment"] as? String)?.sources == ["list.csv"], "\(post)")
        post["private_comment"] = nil
        #expect(
            posts.count == 1
                && NSDictionary(dictionary: post)
                    == NSDictionary(dictionary: [
                        "domain": "newspam.example", "obfuscate": false, "public_comment": "Spam",
                    ])
        )
        #expect(try await server.received("DELETE", "/api/v1/admin/domain_blocks/01HZ9B1D3F5H7K9N1Q3S5V7X9Z").isEmpty)
    }

    @Test func pleromaGetsMRFSimpleGroupsInOneWrite() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(server: server, username: "admin", token: "fixture-token", state: state)
        // noisy.example is silenced there, by hand: a noop entry would lift it (Pleroma keeps no block that
        // limits nothing), and sync never lifts a block it did not make, adopted or not.
        let list = try Self.file(
            """
            domain,severity,reject_media,public_comment
            spam.example,suspend,false,Spam
            a.example,silence,true,meh
            noisy.example,noop,false,
            """)
        let result = await admin.run(["domain-blocks", "sync", list.path, "--adopt", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("1 to add, 1 unchanged, 1 kept (made by hand)."), "\(result.stderr)")
        // Pleroma keeps no private comment: provenance stays on this machine, and fedictl says so.
        #expect(
            result.stderr.contains(
                "keeps no private comment to stamp, so what sync made on \(server.base) "
                    + "is known only to "
                    + "this machine's state directory"), "\(result.stderr)")
        let posted = try await server.received("POST", "/api/v1/pleroma/admin/config")
        try #require(posted.count == 1)
        #expect(
            try DomainBlockFlavourTests.mrfSimple(in: posted[0]) == [
                ":reject": [["spam.example", "Spam"], ["badactors.example", "Hate speech"]],
                ":federated_timeline_removal": [["noisy.example", "Noisy"], ["a.example", "meh"]],
                ":media_removal": [["nsfw.example", ""], ["a.example", "meh"]],
                ":accept": [],
            ])
    }

    @Test func misskeyKeepsHostListsAndDropsWhatItCannotKeep() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(server: server, username: "mika", token: "fixture-token", state: state)
        let list = try Self.file(
            """
            domain,severity,reject_media,reject_reports,public_comment
            quiet.example,silence,true,true,no comments on Misskey
            """)
        let plan = await admin.run(["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"])
        let row = try #require(try Self.rows(plan)["quiet.example"])
        #expect(row["action"] as? String == "add")
        #expect(row["note"] as? String == "dropped reject_reports (Misskey cannot keep it)")
        let applied = await admin.run(["domain-blocks", "sync", list.path, "--yes"])
        #expect(applied.status == 0, "\(applied)")
        let updates = try await server.received("POST", "/api/admin/update-meta")
        #expect(
            updates.map { NSDictionary(dictionary: $0) } == [
                NSDictionary(dictionary: [
                    "silencedHosts": ["noisy.example", "quiet.example"],
                    "mediaSilencedHosts": ["nsfw.example", "quiet.example"], "i": "fixture-token",
                ])
            ])
    }

    @Test func obfuscatedEntriesAreMatchedAgainstTheServersPeers() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token, state: state)
        try await server.addFault([
            "match": ["methods": ["GET"], "path": "/api/v1/instance/peers"],
            "effect": [
                "type": "status", "status": 200,
                "body": [
                    "friendly.example", "hidden.example", "botfarm.example",
                    "one.example", "ane.example",
                ],
            ],
            "count": 100,
        ])
        let hidden = DomainDigest.sha256Hex("hidden.example")
        let other = DomainDigest.sha256Hex("elsewhere.example")
        // GoToSocial publishes obfuscated entries without a digest: matched by their pattern (issue 26).
        let list = try Self.file(
            """
            [{"domain": "hid**n.example", "digest": "\(hidden)", "severity": "suspend"},
             {"domain": "else*****.example", "digest": "\(other)", "severity": "suspend"},
             {"domain": "b*tf*rm.example", "severity": "suspend"},
             {"domain": "*ne.example", "severity": "suspend"}]
            """, "public.json")
        let plan = await admin.run(["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"])
        #expect(plan.status == 0, "\(plan)")
        let rows = try Self.rows(plan)
        #expect(rows["hidden.example"]?["action"] as? String == "add")
        #expect(rows["else*****.example"]?["action"] as? String == "unmatched")
        #expect(
            (rows["else*****.example"]?["note"] as? String)?.hasPrefix(
                "obfuscated; no known peer of this server matches it") == true)
        #expect(rows["botfarm.example"]?["action"] as? String == "add", "\(rows.keys)")
        #expect(rows["*ne.example"]?["action"] as? String == "unmatched")
        #expect(
            rows["*ne.example"]?["note"] as? String
                == "obfuscated without a digest; ambiguous: 2 known domains fit it (ane.example, one.example)")
    }

    @Test func newSuspensionsShowWhatTheyCutAndFollowedOnesAreCappedByDefault() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("sync-state")
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token, state: state)
        let counts: [[String: Any]] = [
            ["key": "instance_follows", "unit": NSNull(), "total": "4", "data": []],
            ["key": "instance_followers", "unit": NSNull(), "total": "1", "data": []],
        ]
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/measures"],
            "effect": ["type": "status", "status": 200, "body": counts], "count": 100,
        ])
        try await Self.block(server, ["domain": "quiet.example", "severity": "silence"])
        let list = try Self.file(
            "followed.example,suspend\nquiet.example,suspend\nlimited.example,silence\n", "list.csv")

        // quiet.example was silenced by hand: --adopt lets sync raise it, once the cap is lifted.
        let plan = await admin.run([
            "domain-blocks", "sync", list.path, "--adopt", "--max-followed-severity", "suspend",
            "--dry-run", "-o", "json",
        ])
        #expect(plan.status == 0, "\(plan)")
        let rows = try Self.rows(plan)
        #expect(
            rows["followed.example"]?["follows"] as? Int == 4 && rows["followed.example"]?["followers"] as? Int == 1)
        #expect(rows["followed.example"]?["note"] as? String == "4 local follows, 1 follower")
        #expect(
            rows["quiet.example"]?["action"] as? String == "raise" && rows["quiet.example"]?["follows"] as? Int == 4)
        #expect(rows["limited.example"]?["follows"] == nil)  // not a suspension: not asked

        // The cap is the default: no flag needed.
        let capped = await admin.run(["domain-blocks", "sync", list.path, "--adopt", "--yes", "-o", "json"])
        #expect(capped.status == 0, "\(capped)")
        let cappedRows = try Self.rows(capped)
        #expect(cappedRows["quiet.example"]?["action"] as? String == "unchanged")
        #expect(
            cappedRows["followed.example"]?["note"] as? String
                == "4 local follows, 1 follower: capped at silence (--max-followed-severity suspend lifts the cap)")
        let blocks = Dictionary(
            try await Self.mastodonBlocks(server).map {
                ($0["domain"] as? String ?? "", $0["severity"] as? String ?? "")
            },
            uniquingKeysWith: { a, _ in a })
        #expect(blocks == ["followed.example": "silence", "quiet.example": "silence", "limited.example": "silence"])

        // The capped block is sync's own on the next run (its stamp says what was written), and sync's
        // to lift once the list drops it: not "changed by hand since sync".
        let again = try Self.rows(await admin.run(["domain-blocks", "sync", list.path, "--yes", "-o", "json"]))
        #expect(again["followed.example"]?["action"] as? String == "unchanged", "\(again)")
        try "limited.example,silence\n".write(to: list, atomically: true, encoding: .utf8)
        let lifted = try Self.rows(
            await admin.run([
                "domain-blocks", "sync", list.path, "--lift-retracted", "--yes",
                "-o", "json",
            ]))
        #expect(lifted["followed.example"]?["action"] as? String == "lift", "\(lifted)")
        #expect(
            try await Self.mastodonBlocks(server).contains { $0["domain"] as? String == "followed.example" } == false)
    }

    /// The budgets left on the mock's fault rules, by path: a rule nobody's request met keeps its whole budget.
    static func faultBudgets(_ server: ServerProcess) async throws -> [String: Int] {
        let rules = try #require(try await server.json(.get, "/api/v1/_mock/faults") as? [[String: Any]])
        return Dictionary(
            rules.compactMap { rule in
                ((rule["match"] as? [String: Any])?["path"] as? String).map { ($0, rule["remaining"] as? Int ?? -1) }
            }, uniquingKeysWith: { a, _ in a })
    }

    /// A cron run with the cap lifted (--yes, output not on a terminal) asks the server neither for
    /// follow counts nor for peers, and its rows say nothing about follows; a dry run of the same list
    /// still shows what the suspension cuts.
    @Test func aCronRunAsksNeitherForFollowCountsNorForPeers() async throws {
        let server = try await MockServer.start()
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token,
            state: try TemporaryDirectory.make("sync-state"))
        let counts: [[String: Any]] = [
            ["key": "instance_follows", "unit": NSNull(), "total": "4", "data": []],
            ["key": "instance_followers", "unit": NSNull(), "total": "1", "data": []],
        ]
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/measures"],
            "effect": ["type": "status", "status": 200, "body": counts], "count": 100,
        ])
        try await server.addFault([
            "match": ["methods": ["GET"], "path": "/api/v1/instance/peers"],
            "effect": ["type": "status", "status": 200, "body": ["cut.example"]], "count": 100,
        ])
        let list = try Self.file("cut.example,suspend\nquiet.example,silence\n", "list.csv")

        let plan = await admin.run(["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"])
        #expect(plan.status == 0, "\(plan)")
        #expect(try Self.rows(plan)["cut.example"]?["follows"] as? Int == 4)
        #expect(try await Self.faultBudgets(server) == ["/api/v1/admin/measures": 99, "/api/v1/instance/peers": 100])

        let applied = await admin.run([
            "domain-blocks", "sync", list.path, "--yes", "--max-followed-severity",
            "suspend", "-o", "json",
        ])
        #expect(applied.status == 0, "\(applied)")
        let rows = try Self.rows(applied)
        #expect(rows["cut.example"]?["result"] as? String == "done", "\(rows)")
        #expect(rows["cut.example"]?["follows"] == nil && rows["cut.example"]?["note"] == nil, "\(rows)")
        #expect(try await Self.faultBudgets(server) == ["/api/v1/admin/measures": 99, "/api/v1/instance/peers": 100])
        let blocks = Dictionary(
            try await Self.mastodonBlocks(server).map {
                ($0["domain"] as? String ?? "", $0["severity"] as? String ?? "")
            },
            uniquingKeysWith: { a, _ in a })
        #expect(blocks == ["cut.example": "suspend", "quiet.example": "silence"])
    }

    /// Peers the server refuses: an obfuscated entry is shown unmatched, and the run says why
    /// rather than letting "unmatched" read as "no peer of this server".
    @Test func peersThatCannotBeReadAreSaidSo() async throws {
        let server = try await MockServer.start()
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token,
            state: try TemporaryDirectory.make("sync-state"))
        try await server.addFault([
            "match": ["methods": ["GET"], "path": "/api/v1/instance/peers"],
            "effect": ["type": "status", "status": 403, "body": ["error": "peers are private here"]], "count": 10,
        ])
        let digest = DomainDigest.sha256Hex("hidden.example")
        let list = try Self.file(
            #"[{"domain": "hid**n.example", "digest": "\#(digest)", "severity": "suspend"}]"#, "public.json")
        let plan = await admin.run(["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"])
        #expect(plan.status == 0, "\(plan)")
        #expect(try Self.rows(plan)["hid**n.example"]?["action"] as? String == "unmatched", "\(plan)")
        #expect(plan.stderr.contains("known peers could not be read ("), "\(plan.stderr)")
        #expect(plan.stderr.contains("peers are private here"), "\(plan.stderr)")
        #expect(try await Self.faultBudgets(server) == ["/api/v1/instance/peers": 9])
    }

    /// A cap that cannot be checked fails closed: a suspension is never written uncapped because
    /// the server would not count its follows.
    @Test func aCapWhoseCountsFailWritesNothing() async throws {
        let server = try await MockServer.start()
        let admin = Syncer(
            server: server, username: MockServer.admin.username, token: MockServer.admin.token,
            state: try TemporaryDirectory.make("sync-state"))
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/measures"],
            "effect": ["type": "status", "status": 503], "count": 1000,
        ])
        let list = try Self.file("followed.example,suspend\n", "list.csv")
        let capped = await admin.run(["domain-blocks", "sync", list.path, "--yes", "--max-wait", "1"])
        #expect(capped.status == 75, "\(capped)")
        #expect(
            capped.stderr.contains(
                "cannot count the follows of followed.example, which the cap on followed "
                    + "domains (--max-followed-severity) needs"), "\(capped.stderr)")
        #expect(try await Self.mastodonBlocks(server).isEmpty)
        // With the cap lifted the counts are only shown: a count the server will not give is left out.
        let uncapped = await admin.run([
            "domain-blocks", "sync", list.path, "--yes", "--max-followed-severity",
            "suspend", "--max-wait", "1",
        ])
        #expect(uncapped.status == 0, "\(uncapped)")
        #expect(try await Self.mastodonBlocks(server).compactMap { $0["domain"] as? String } == ["followed.example"])
    }

    @Test func severalServersArePlannedTogetherAndASavedPlanIsConfirmedOnce() async throws {
        let fleet = try await FleetTests.Fleet.start()
        defer { fleet.stop() }
        let environment = ["XDG_STATE_HOME": try TemporaryDirectory.make("sync-state").path]
        let list = try Self.file(
            """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            shared.example,suspend,true,true,,false
            loud.example,silence,false,false,,false
            """)
        let all = ["--account", "\(fleet.idA),\(fleet.idB),\(fleet.idG)"]
        let plan = await fleet.run(
            all + ["domain-blocks", "sync", list.path, "--dry-run", "-o", "json"], environment: environment)
        #expect(plan.status == 0, "\(plan)")
        let rows = try #require(try plan.json() as? [[String: Any]])
        let view = Set(rows.map { "\($0["account"]!) \($0["domain"]!) \($0["action"]!)" })
        #expect(
            view == [
                "\(fleet.idA) shared.example add", "\(fleet.idA) loud.example add", "\(fleet.idB) shared.example add",
                "\(fleet.idB) loud.example add", "\(fleet.idG) shared.example add", "\(fleet.idG) loud.example skip",
            ], "\(view)")
        #expect(try await Self.mastodonBlocks(fleet.mastodonA).isEmpty)
        let saved = try Self.file(plan.stdout, "plan.json")

        // The plan names its accounts; off a terminal the one confirmation needs --yes.
        let refused = await fleet.run(["domain-blocks", "apply", saved.path], environment: environment)
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("fedictl: 3 accounts need a confirmation\n"), "\(refused.stderr)")
        #expect(try await Self.mastodonBlocks(fleet.mastodonA).isEmpty)

        let confirmed = await fleet.run(
            ["domain-blocks", "apply", saved.path], tty: true, input: "y\n", environment: environment)
        #expect(confirmed.status == 0, "\(confirmed)")
        #expect(confirmed.stderr.components(separatedBy: "[y/N]").count == 2, "one prompt: \(confirmed)")
        // Each account's line: its software, its own question, and the first request it would send.
        #expect(
            confirmed.stderr.contains(
                "  \(fleet.idA) (Mastodon 4.6.0): Apply 2 changes to \(fleet.mastodonA.base) (2 to add)? POST /api/v1/admin/domain_blocks "
            ), "\(confirmed.stderr)")
        #expect(
            confirmed.stderr.contains(
                "  \(fleet.idG) (GoToSocial 0.20.0-rc1): Apply 1 change to \(fleet.gts.base) (1 to add, 1 the server cannot keep)? POST "
            ))
        // Nothing is counted as written before the question is answered.
        let beforeQuestion = try #require(confirmed.stderr.components(separatedBy: "[y/N]").first)
        #expect(!beforeQuestion.contains("written"), "\(beforeQuestion)")
        for server in [fleet.mastodonA, fleet.mastodonB] {
            #expect(
                Set(try await Self.mastodonBlocks(server).compactMap { $0["domain"] as? String }) == [
                    "shared.example", "loud.example",
                ])
        }
        #expect(
            try await fleet.gts.received("POST", "/api/v1/admin/domain_blocks").map { $0["domain"] as? String } == [
                "shared.example"
            ])
    }
}
