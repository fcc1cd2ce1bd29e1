import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks sync` in the fast tier: the plan per software, nothing sent on a dry run.
@Suite struct DomainBlocksSyncCommandTests {
    static func state() throws -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sync-fast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": directory.path]
    }

    @Test func aDryRunPlansPerSoftwareAndSendsNoWrite() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(
            .get, "/api/v1/admin/domain_blocks",
            json: #"[{"id": "01A", "domain": "old.example", "public_comment": "spam"}]"#)
        let list = """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            old.example,suspend,true,true,,false
            loud.example,silence,false,false,,false
            new.example,suspend,true,false,bots,false
            """
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--dry-run", "-o", "json"], input: list, environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "fake.test: 1 to add, 1 unchanged, 1 the server cannot keep.\n", "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(
            rows.map { "\($0["domain"]!) \($0["action"]!)" } == [
                "loud.example skip", "new.example add", "old.example unchanged",
            ])
        #expect(
            rows[0]["note"] as? String == "GoToSocial cannot keep severity silence (GoToSocial blocks can be: suspend)")
        let stamp = rows[1]["private_comment"] as? String
        #expect(stamp?.hasPrefix("[fedictl-sync sources=stdin at=") == true, "\(rows)")
        #expect(rows[1]["public_comment"] as? String == "bots")
        #expect(
            rows.allSatisfy {
                $0["account"] as? String == "admin@fake.test" && ($0["list_digest"] as? String)?.count == 64
            })
        #expect(server.transport.requests.allSatisfy { $0.method == .get }, "\(server.transport.requests.map(\.route))")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withYesItWritesAndRecordsWhatItMade() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks",
            json: #"{"id": "01B", "domain": "new.example", "private_comment": "[fedictl sync]"}"#)
        let environment = try Self.state()
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--yes"], input: "new.example\n", environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "fake.test: 1 to add.\nWrote 1 of 1 change on fake.test.\n", "\(result)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/domain_blocks")
        #expect(post.jsonBody?["domain"] as? String == "new.example")
        #expect((post.jsonBody?["private_comment"] as? String)?.hasPrefix("[fedictl-sync sources=stdin at=") == true)
        let record = try String(
            contentsOfFile: environment["XDG_STATE_HOME"]! + "/fedictl/sync/admin@fake.test/journal.jsonl",
            encoding: .utf8)
        #expect(
            record.contains(#""domain":"new.example""#) && record.contains(#""sources":["stdin"]"#)
                && record.contains(#""action":"add""#), "\(record)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// Issue 26: a block made by hand is kept, and on a terminal the plan shows whole what the sources
    /// would have overwritten, however narrow the terminal; nothing is sent.
    @Test func aHandMadeBlockIsKeptAndTheTableNeverCutsItsOldToNew() async throws {
        let server = FakeServerAccount(software: "mastodon", version: "4.3.0")
        let comment = "reports 12, 13, 14 and the appeal of 2026-11-20"
        let block = DomainBlockStubs.block("1", "hate.example", severity: "silence")
            .replacingOccurrences(of: "\"private_comment\": null", with: "\"private_comment\": \"\(comment)\"")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[\(block)]")
        let list = "#domain,#severity,#private_comment\nhate.example,suspend,partner list: harassment campaign\n"
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--dry-run"], tty: true, width: 80, input: list,
            environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("fake.test: 1 kept (made by hand)."), "\(result)")
        let details =
            "severity silence → suspend, "
            + "private_comment \"\(comment)\" → \"partner list: harassment campaign\""
        #expect(
            result.stdout.contains(details),
            "\(result.stdout)")
        #expect(server.transport.requests.allSatisfy { $0.method == .get })
    }

    /// `--exclude` takes domains and files, the named config's `exclude` adds to them, and a value
    /// that is neither is a usage error before anything is read from the server.
    @Test func excludesFromTheCommandLineAFileAndTheConfigAreNeverTouched() async throws {
        var environment = try Self.state()
        let config = URL(fileURLWithPath: environment["XDG_STATE_HOME"]!).appendingPathComponent("config")
        let lists = config.appendingPathComponent("fedictl/blocklists")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        try #"{"sources": [], "exclude": ["pins.txt"]}"#.write(
            to: lists.appendingPathComponent("nightly.json"),
            atomically: true, encoding: .utf8)
        try "# ours\npinned.example\n".write(
            to: lists.appendingPathComponent("pins.txt"), atomically: true,
            encoding: .utf8)
        let file = lists.appendingPathComponent("more.txt")
        try "filed.example\n".write(to: file, atomically: true, encoding: .utf8)
        environment["XDG_CONFIG_HOME"] = config.path
        let server = FakeServerAccount(software: "mastodon", version: "4.3.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let list = "new.example\npinned.example\nfiled.example\nsub.partner.example\n"
        let result = await server.run(
            [
                "domain-blocks", "sync", "-", "--config", "nightly", "--exclude", file.path,
                "--exclude", "Partner.Example", "--dry-run", "-o", "json",
            ],
            input: list, environment: environment)
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(
            rows.map { "\($0["domain"]!) \($0["action"]!)" }
                == ["filed.example kept", "new.example add", "pinned.example kept", "sub.partner.example kept"],
            "\(rows)")
        #expect(rows[3]["note"] as? String == "excluded (by partner.example, --exclude): sync never touches it")
        #expect(result.stderr == "fake.test: 1 to add, 3 excluded.\n", "\(result)")

        let bad = await server.run(
            ["domain-blocks", "sync", "-", "--exclude", "not a domain", "--dry-run"],
            input: list, environment: environment)
        #expect(bad.status == 64, "\(bad)")
        #expect(
            bad.stderr.hasPrefix("fedictl: --exclude 'not a domain' is neither a domain nor a file\nhint: "),
            "\(bad)")
        #expect(
            server.transport.requests.filter { $0.route == "GET /api/v1/admin/domain_blocks" }.count == 1,
            "only the first run's list: \(server.transport.requests.map(\.route))")
    }

    @Test func withoutYesOffATerminalNothingIsSent() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let result = await server.run(
            ["domain-blocks", "sync", "-"], input: "new.example\n", environment: try Self.state())
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.contains("fedictl: Apply 1 change to fake.test (1 to add): confirmation needed\n"),
            "\(result)")
        #expect(server.transport.requests.allSatisfy { $0.method == .get })
    }

    /// Measures as Mastodon answers them: `follows` local accounts follow the domain's, `followers` of them follow back.
    static func measures(follows: Int, followers: Int) -> String {
        #"[{"key": "instance_follows", "unit": null, "total": "\#(follows)", "data": []}, "#
            + #"{"key": "instance_followers", "unit": null, "total": "\#(followers)", "data": []}]"#
    }

    /// A cron run with the cap lifted (--yes, output read by nobody first) sends what an import of the
    /// merged list sends: the list, then the writes; no follow counts, no peers (nothing is obfuscated).
    @Test func underYesWithNobodyReadingOnlyTheListAndTheWritesAreSent() async throws {
        let server = FakeServerAccount(software: "mastodon", version: "4.3.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.block("1", "a.example"))
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.block("2", "b.example", severity: "silence"))
        let list = "a.example,suspend\nb.example,silence\n"
        let result = await server.run(
            [
                "domain-blocks", "sync", "-", "--yes", "--max-followed-severity", "suspend",
                "-o", "json",
            ],
            input: list, environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.map(\.route).sorted()
                == [
                    "GET /api/v1/admin/domain_blocks", "POST /api/v1/admin/domain_blocks",
                    "POST /api/v1/admin/domain_blocks",
                ])
        let rows = try #require(try result.json() as? [[String: Any]])
        // Not asked: the rows say nothing about follows rather than a wrong 0.
        #expect(
            rows.count == 2 && rows.allSatisfy { $0["follows"] == nil && $0["followers"] == nil && $0["note"] == nil },
            "\(rows)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// The counts are asked for wherever they are read or needed: a dry run (a saved plan), the cap
    /// (the default), and with the cap lifted the follows field asked for, a table on a terminal.
    @Test(arguments: [
        ["--dry-run", "-o", "json"], ["--yes", "-o", "json"],
        [
            "--yes", "--max-followed-severity", "suspend", "-o", "json",
            "--fields", "domain,action,follows",
        ],
        ["--yes", "--max-followed-severity", "suspend", "--fields", "domain,note"],
    ])
    func theCountsAreAskedForWhereSomeoneReadsThemOrTheCapNeedsThem(_ arguments: [String]) async throws {
        let server = FakeServerAccount(software: "mastodon", version: "4.3.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/measures", json: Self.measures(follows: 4, followers: 1))
        let writes = arguments.contains("--yes")
        let capped = !arguments.contains("--max-followed-severity")
        if writes {
            server.transport.stub(
                .post, "/api/v1/admin/domain_blocks",
                json: DomainBlockStubs.block("1", "a.example", severity: capped ? "silence" : "suspend"))
        }
        let onTerminal = !arguments.contains("-o")
        let result = await server.run(
            ["domain-blocks", "sync", "-"] + arguments, tty: onTerminal, width: 200, input: "a.example,suspend\n",
            environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.filter { $0.route == "POST /api/v1/admin/measures" }.count == 1)
        if onTerminal {
            #expect(result.stdout.contains("4 local follows, 1 follower"), "\(result)")
        } else {
            let row = try #require((try result.json() as? [[String: Any]])?.first)
            #expect(row["follows"] as? Int == 4, "\(row)")
        }
        if writes {
            let post = try #require(server.transport.requests.last { $0.route == "POST /api/v1/admin/domain_blocks" })
            #expect(post.jsonBody?["severity"] as? String == (capped ? "silence" : "suspend"))
        }
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// The cap on followed domains is the default: a suspension of a domain local accounts follow is
    /// written as silence and the row says why and how to lift it; one nobody follows stays suspend.
    @Test func aFollowedDomainIsSilencedNotSuspendedByDefault() async throws {
        let server = FakeServerAccount(software: "mastodon", version: "4.3.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/measures", json: Self.measures(follows: 2, followers: 0))
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks",
            json: DomainBlockStubs.block("1", "a.example", severity: "silence"))
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--yes", "-o", "json"],
            input: "a.example,suspend\n",
            environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        let row = try #require((try result.json() as? [[String: Any]])?.first)
        #expect(
            row["note"] as? String
                == "2 local follows, 0 followers: capped at silence (--max-followed-severity suspend lifts the cap)",
            "\(row)")
        let post = try #require(server.transport.requests.last { $0.route == "POST /api/v1/admin/domain_blocks" })
        #expect(post.jsonBody?["severity"] as? String == "silence")
    }

    /// Counts the server will not give: the cap cannot be checked, so a run that writes writes
    /// nothing (exit 75 for a 503), a dry run notes it on the row, and lifting the cap writes the suspension.
    @Test func uncountedFollowsStopAWriteUnderTheDefaultCap() async throws {
        let server = FakeServerAccount(software: "mastodon", version: "4.3.0")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/measures", status: 422, json: #"{"error": "no measures here"}"#)
        let refused = await server.run(
            ["domain-blocks", "sync", "-", "--yes"], input: "a.example,suspend\n",
            environment: try Self.state())
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.contains(
                "fedictl: cannot count the follows of a.example, which the cap on followed "
                    + "domains (--max-followed-severity) needs"), "\(refused)")
        #expect(
            refused.stderr.contains("hint: nothing was written; run again, or with --max-followed-severity"),
            "\(refused)")
        #expect(!server.transport.requests.contains { $0.route == "POST /api/v1/admin/domain_blocks" })

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/measures", status: 422, json: #"{"error": "no measures here"}"#)
        let plan = await server.run(
            ["domain-blocks", "sync", "-", "--dry-run", "-o", "json"],
            input: "a.example,suspend\n",
            environment: try Self.state())
        #expect(plan.status == 0, "\(plan)")
        let note = try #require((try plan.json() as? [[String: Any]])?.first?["note"] as? String)
        #expect(
            note.hasPrefix("follows not counted (")
                && note.hasSuffix("the cap at silence cannot be checked, so a run that writes stops"),
            "\(note)")

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.block("1", "a.example"))
        let lifted = await server.run(
            ["domain-blocks", "sync", "-", "--yes", "--max-followed-severity", "suspend"],
            input: "a.example,suspend\n", environment: try Self.state())
        #expect(lifted.status == 0, "\(lifted)")
        let post = try #require(server.transport.requests.last { $0.route == "POST /api/v1/admin/domain_blocks" })
        #expect(post.jsonBody?["severity"] as? String == "suspend")
    }

    /// A server that can silence but counts no follows (Misskey): nothing is capped, and the run says so.
    @Test func whereTheServerCannotCountTheRunSaysNothingIsCapped() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/admin/meta", json: #"{"blockedHosts": [], "silencedHosts": []}"#)
        let result = await server.run(
            ["domain-blocks", "sync", "-", "--dry-run", "-o", "json"],
            input: "a.example,suspend\n",
            environment: try Self.state())
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("so suspensions of domains local accounts follow are not capped on fake.test"),
            "\(result)")
        let row = try #require((try result.json() as? [[String: Any]])?.first)
        #expect(row["severity"] as? String == "suspend" && row["action"] as? String == "add", "\(row)")
    }

    /// The server's peers are read only when an obfuscated entry is left that the sources
    /// themselves do not reveal.
    @Test func peersAreReadOnlyForAnObfuscatedEntryTheSourcesLeaveUnmatched() async throws {
        let hidden = DomainDigest.sha256Hex("hidden.example")
        let shown = DomainDigest.sha256Hex("shown.example")
        let directory = try #require(Self.state()["XDG_STATE_HOME"])
        let plain = directory + "/plain.csv"
        let obfuscated = directory + "/public.json"
        try "shown.example,silence\n".write(toFile: plain, atomically: true, encoding: .utf8)
        try #"[{"domain": "sh*wn.example", "digest": "\#(shown)", "severity": "silence"}]"#.write(
            toFile: obfuscated, atomically: true, encoding: .utf8)

        // plain.csv names the domain the digest stands for: no peers needed.
        let revealed = FakeServerAccount(software: "mastodon", version: "4.3.0")
        revealed.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let first = await revealed.run(
            ["domain-blocks", "sync", plain, obfuscated, "--dry-run", "-o", "json"], environment: try Self.state())
        #expect(first.status == 0, "\(first)")
        #expect(try (first.json() as? [[String: Any]])?.compactMap { $0["domain"] as? String } == ["shown.example"])
        #expect(revealed.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])

        // Nothing names hidden.example but the server's peers.
        try #"[{"domain": "hid**n.example", "digest": "\#(hidden)", "severity": "silence"}]"#.write(
            toFile: obfuscated, atomically: true, encoding: .utf8)
        let matched = FakeServerAccount(software: "mastodon", version: "4.3.0")
        matched.transport.stub(.get, "/api/v1/instance/peers", json: #"["friendly.example", "hidden.example"]"#)
        matched.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let second = await matched.run(
            ["domain-blocks", "sync", plain, obfuscated, "--dry-run", "-o", "json"], environment: try Self.state())
        #expect(second.status == 0, "\(second)")
        let rows = try #require(try second.json() as? [[String: Any]])
        #expect(rows.map { "\($0["domain"]!) \($0["action"]!)" } == ["hidden.example add", "shown.example add"])
        #expect(matched.transport.unusedRoutes.isEmpty, "\(matched.transport.unusedRoutes)")

        // Peers the server will not give: the entry stays unmatched, and the run says why.
        let refused = FakeServerAccount(software: "mastodon", version: "4.3.0")
        refused.transport.stub(
            .get, "/api/v1/instance/peers", status: 401,
            json: #"{"error": "This method requires an authenticated user"}"#)
        refused.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let third = await refused.run(
            ["domain-blocks", "sync", plain, obfuscated, "--dry-run", "-o", "json"], environment: try Self.state())
        #expect(third.status == 0, "\(third)")
        #expect(
            try (third.json() as? [[String: Any]])?.map { "\($0["domain"]!) \($0["action"]!)" } == [
                "hid**n.example unmatched", "shown.example add",
            ])
        #expect(third.stderr.contains("fedictl: fake.test's known peers could not be read ("), "\(third.stderr)")
        #expect(third.stderr.contains("); obfuscated entries stay unmatched\n"), "\(third.stderr)")
        #expect(refused.transport.unusedRoutes.isEmpty, "\(refused.transport.unusedRoutes)")
    }
}
