import FediCore
import FediTestSupport
import Foundation
import Testing

/// Server-wide blocks on the other server families, against the fixture server over libcurl: the
/// requests each server expects (method, path, body) and their real response shapes, normalised.
struct DomainBlockFlavourTests {
    static func json(_ result: CommandResult) throws -> [[String: Any]] {
        try #require(try result.json() as? [[String: Any]], "\(result)")
    }

    static func writes(_ server: ServerProcess) async throws -> [[String: Any]] {
        try await server.receivedRequests().filter {
            ($0["method"] as? String) != "GET" && ($0["path"] as? String)?.hasPrefix("/api/") == true
                && $0["path"] as? String != "/api/admin/meta" && $0["path"] as? String != "/api/meta"
        }
    }

    // MARK: GoToSocial

    @Test func goToSocialBlocksAreSuspensionsOnly() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let admin = UserSide(fixture: server, username: "admin")

        let list = try Self.json(await admin.run(["domain-blocks", "list", "-o", "json"]))
        #expect(list.map { $0["domain"] as? String } == ["spam.example", "badactors.example", "scrapers.example"])
        #expect(list.allSatisfy { $0["severity"] as? String == "suspend" && $0["reject_media"] as? Bool == false })
        #expect(
            list[0]["id"] as? String == "01HX1A3C5E7G9J1M3P5R7T9W1Y"
                && list[0]["private_comment"] as? String == "Hundreds of scam accounts, no moderation.")
        #expect(list[1]["obfuscate"] as? Bool == true && list[2]["public_comment"] is NSNull)

        let add = await admin.run([
            "domain-blocks", "add", "newspam.example", "--public-comment", "Spam", "--private-comment", "fedictl test",
        ])
        #expect(add.status == 0, "\(add)")
        #expect(add.stdout.contains("id\t01JHA0C2E4G6J8M0P2R4T6W8Y0\n") && add.stdout.contains("severity\tsuspend\n"))
        let posts = try await server.received("POST", "/api/v1/admin/domain_blocks")
        #expect(posts.count == 1)
        #expect(
            NSDictionary(dictionary: posts[0])
                == NSDictionary(dictionary: [
                    "domain": "newspam.example", "obfuscate": false,
                    "public_comment": "Spam", "private_comment": "fedictl test",
                ]))

        for unsupported in [
            ["--severity", "silence"], ["--reject-media"], ["--severity", "noop", "--reject-reports"],
        ] {
            let refused = await admin.run(["domain-blocks", "add", "other.example"] + unsupported)
            #expect(refused.status == 65, "\(unsupported): \(refused)")
            #expect(refused.stderr.hasPrefix("fedictl: GoToSocial cannot keep "), "\(refused.stderr)")
        }
        let silence = await admin.run(["domain-blocks", "add", "other.example", "--severity", "silence"])
        #expect(
            silence.stderr.hasPrefix(
                "fedictl: GoToSocial cannot keep severity silence (GoToSocial blocks can be: suspend) for other.example\n"
            ))
        #expect(try await server.received("POST", "/api/v1/admin/domain_blocks").count == 1)

        // Changing a block needs GoToSocial 0.19: 0.17 cannot.
        let old = try await FixtureServer.start(flavour: "gotosocial-0.17")
        let update = await UserSide(fixture: old, username: "admin").run([
            "domain-blocks", "update", "spam.example",
            "--public-comment", "Scams",
        ])
        #expect(update.status == 69, "\(update)")
        #expect(update.stderr.hasPrefix("fedictl: domain-blocks update is not available on GoToSocial 0.17.3\n"))
        #expect(try await old.receivedRequests().contains { $0["method"] as? String != "GET" } == false)

        let remove = await admin.run(["domain-blocks", "remove", "spam.example", "--yes"])
        #expect(remove.status == 0, "\(remove)")
        #expect(
            try await server.received("DELETE", "/api/v1/admin/domain_blocks/01HX1A3C5E7G9J1M3P5R7T9W1Y").count == 1)

        let ipBlocks = await admin.run(["ip-blocks", "list"])
        #expect(ipBlocks.status == 69)
        #expect(ipBlocks.stderr.hasPrefix("fedictl: ip-blocks list is not available on GoToSocial 0.20.0-rc1\n"))
        #expect(await admin.run(["email-blocks", "list"]).status == 69)
    }

    @Test func goToSocialImportRefusesSilencesUnlessBestEffort() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let admin = UserSide(fixture: server, username: "admin")
        // A suspension rejects media and reports anyway: newspam's row is kept whole, not refused.
        let csv = """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            spam.example,suspend,false,false,Spam factory,false
            loud.example,silence,false,false,,false
            newspam.example,suspend,true,true,Spam,false
            """
        let refused = await admin.run(["domain-blocks", "import", "-"], input: csv)
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.contains("GoToSocial cannot keep what 1 row of the blocklist ask for; nothing was sent"),
            "\(refused)")
        #expect(refused.stderr.contains("line 3 (loud.example): severity silence"))
        #expect(!refused.stderr.contains("newspam.example"))
        #expect(try await Self.writes(server).isEmpty)

        let applied = await admin.run(["domain-blocks", "import", "-", "--best-effort", "-o", "json"], input: csv)
        #expect(applied.status == 0, "\(applied)")
        #expect(
            applied.stderr.contains("Skipped 1 row GoToSocial cannot block at all (--best-effort): loud.example.\n"),
            "\(applied.stderr)")
        #expect(!applied.stderr.contains("Dropped settings"))
        #expect(applied.stderr.contains("1 to add, 0 to update, 1 unchanged\n"), "\(applied.stderr)")
        let posts = try await server.received("POST", "/api/v1/admin/domain_blocks")
        #expect(posts.map { $0["domain"] as? String } == ["newspam.example"])
        #expect(posts.first?["public_comment"] as? String == "Spam")
    }

    @Test func bestEffortNamesTheRowsItChanged() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let admin = UserSide(fixture: server)
        let csv = """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            loud.example,silence,false,true,,false
            """
        let applied = await admin.run(["domain-blocks", "import", "-", "--best-effort", "--dry-run"], input: csv)
        #expect(applied.status == 0, "\(applied)")
        #expect(
            applied.stderr.contains(
                "Dropped settings Misskey cannot keep from 1 row (--best-effort): loud.example (reject_reports).\n"),
            "\(applied.stderr)")
    }

    @Test func goToSocialAllows() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let admin = UserSide(fixture: server, username: "admin")
        let list = try Self.json(await admin.run(["domain-allows", "list", "-o", "json"]))
        #expect(list.map { $0["domain"] as? String } == ["friends.example", "mastodon.social"])
        #expect(list[1]["public_comment"] as? String == "big neighbour")
        try await server.addRoutes([
            "POST /api/v1/admin/domain_allows": [
                "json": [
                    "id": "01JHB0000000000000000000AA", "domain": "pals.example",
                    "public_comment": "pals", "created_at": "2025-01-20T10:00:00.000Z",
                ]
            ]
        ])
        let add = await admin.run(["domain-allows", "add", "pals.example", "--comment", "pals"])
        #expect(add.status == 0, "\(add)")
        #expect(
            try await server.received("POST", "/api/v1/admin/domain_allows").map { NSDictionary(dictionary: $0) }
                == [NSDictionary(dictionary: ["domain": "pals.example", "public_comment": "pals"])])
    }

    // MARK: Pleroma / Akkoma

    /// The `:mrf_simple` value as sent: group name → [[host, reason]].
    static func mrfSimple(in body: [String: Any]) throws -> [String: [[String]]] {
        let configs = try #require(body["configs"] as? [[String: Any]])
        try #require(configs.count == 1)
        #expect(configs[0]["group"] as? String == ":pleroma" && configs[0]["key"] as? String == ":mrf_simple")
        var groups: [String: [[String]]] = [:]
        for item in try #require(configs[0]["value"] as? [[String: Any]]) {
            let tuple = try #require(item["tuple"] as? [Any])
            groups[try #require(tuple[0] as? String)] = try #require(tuple[1] as? [[String: Any]]).map {
                ($0["tuple"] as? [String]) ?? []
            }
        }
        return groups
    }

    @Test func pleromaBlocksAreAReadModifyWriteOfMRFSimple() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let admin = UserSide(fixture: server, username: "admin")

        let list = try Self.json(await admin.run(["domain-blocks", "list", "-o", "json"]))
        #expect(
            list.map { "\($0["domain"]!) \($0["severity"]!) \($0["reject_media"]!)" }
                == [
                    "spam.example suspend 0", "badactors.example suspend 0", "noisy.example silence 0",
                    "nsfw.example noop 1",
                ])
        #expect(list.map { $0["public_comment"] as? String } == ["Spam", "Hate speech", "Noisy", nil])
        #expect(list[0]["id"] as? String == "spam.example")

        let add = await admin.run(["domain-blocks", "add", "newspam.example", "--public-comment", "fedictl test"])
        #expect(add.status == 0, "\(add)")
        #expect(add.stdout.contains("public_comment\tfedictl test\n"))  // read back from the server's answer
        let posted = try await server.received("POST", "/api/v1/pleroma/admin/config")
        try #require(posted.count == 1)
        #expect(
            try Self.mrfSimple(in: posted[0]) == [
                ":reject": [
                    ["spam.example", "Spam"], ["badactors.example", "Hate speech"],
                    ["newspam.example", "fedictl test"],
                ],
                ":federated_timeline_removal": [["noisy.example", "Noisy"]],
                ":media_removal": [["nsfw.example", ""]],
                ":accept": [],
            ])

        // Silenced → suspended: moved from one group to the other, the reason kept.
        try await server.json(.delete, "/__fixture/requests")
        let update = await admin.run([
            "domain-blocks", "update", "noisy.example", "--severity", "suspend", "--reject-reports",
        ])
        #expect(update.status == 0, "\(update)")
        let groups = try Self.mrfSimple(
            in: try #require(try await server.received("POST", "/api/v1/pleroma/admin/config").first))
        #expect(
            groups[":reject"] == [
                ["spam.example", "Spam"], ["badactors.example", "Hate speech"], ["noisy.example", "Noisy"],
            ])
        #expect(groups[":federated_timeline_removal"] == [])
        #expect(groups[":report_removal"] == [["noisy.example", "Noisy"]])
        #expect(groups[":media_removal"] == [["nsfw.example", ""]])

        for unsupported in [["--private-comment", "x"], ["--obfuscate"], ["--severity", "noop"]] {
            let refused = await admin.run(["domain-blocks", "add", "other.example"] + unsupported)
            #expect(refused.status == 65, "\(unsupported): \(refused)")
            #expect(refused.stderr.hasPrefix("fedictl: Pleroma/Akkoma cannot keep "))
        }
        #expect(await admin.run(["email-blocks", "list"]).status == 69)
        #expect(await admin.run(["canonical-email-blocks", "list"]).status == 69)
    }

    @Test func pleromaImportIsOneWrite() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let admin = UserSide(fixture: server, username: "admin")
        let result = await admin.run(
            ["domain-blocks", "import", "-", "--prune", "--yes"],
            input: """
                domain,severity,reject_media,public_comment
                spam.example,suspend,false,Spam
                a.example,silence,true,meh
                b.example,suspend,false,
                """)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("2 to add, 0 to update, 1 unchanged, 3 to lift\n"), "\(result.stderr)")
        let posted = try await server.received("POST", "/api/v1/pleroma/admin/config")
        try #require(posted.count == 1)
        #expect(
            try Self.mrfSimple(in: posted[0]) == [
                ":reject": [["spam.example", "Spam"], ["b.example", ""]],
                ":federated_timeline_removal": [["a.example", "meh"]],
                ":media_removal": [["a.example", "meh"]],
                ":accept": [],
            ])
    }

    @Test func akkomaAllowsAndTheConfigError() async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        let admin = UserSide(fixture: server, username: "admin")
        #expect(await admin.run(["domain-allows", "list"]).stdout.isEmpty)
        let add = await admin.run(["domain-allows", "add", "friends.example", "--comment", "sister"])
        #expect(add.status == 0, "\(add)")
        let groups = try Self.mrfSimple(
            in: try #require(try await server.received("POST", "/api/v1/pleroma/admin/config").first))
        #expect(groups[":accept"] == [["friends.example", "sister"]])
        // Akkoma's fixture answers the config read after the first with newspam.example added: written back as read.
        #expect(groups[":reject"]?.map(\.first) == ["spam.example", "badactors.example", "newspam.example"])

        try await server.addRoutes([
            "GET /api/v1/pleroma/admin/config": [
                "status": 400,
                "json": ["error": "You must enable configurable_from_database in your config file."],
            ]
        ])
        let refused = await admin.run(["domain-blocks", "list"])
        #expect(refused.status == 69, "\(refused)")
        #expect(refused.stderr.contains("keeps its MRF settings in its config file"))
        #expect(refused.stderr.contains("hint: set `config :pleroma, configurable_from_database: true`"))
    }

    // MARK: Misskey

    @Test func misskeyReplacesWholeHostLists() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let admin = UserSide(fixture: server)

        let list = try Self.json(await admin.run(["domain-blocks", "list", "-o", "json"]))
        #expect(
            list.map { "\($0["domain"]!) \($0["severity"]!) \($0["reject_media"]!)" }
                == [
                    "spam.example suspend 0", "badactors.example suspend 0", "noisy.example silence 0",
                    "nsfw.example noop 1",
                ])
        let raw = await admin.run(["domain-blocks", "list", "--raw"])
        let rawObject = try #require(try raw.json() as? [String: Any])
        #expect(Set(rawObject.keys) == ["blockedHosts", "silencedHosts", "mediaSilencedHosts"])

        let add = await admin.run(["domain-blocks", "add", "NewSpam.example"])
        #expect(add.status == 0, "\(add)")
        var updates = try await server.received("POST", "/api/admin/update-meta")
        #expect(
            updates.map { NSDictionary(dictionary: $0) } == [
                NSDictionary(dictionary: [
                    "blockedHosts": ["spam.example", "badactors.example", "newspam.example"], "i": "fixture-token",
                ])
            ])

        try await server.json(.delete, "/__fixture/requests")
        let update = await admin.run([
            "domain-blocks", "update", "noisy.example", "--severity", "suspend", "--reject-media",
        ])
        #expect(update.status == 0, "\(update)")
        updates = try await server.received("POST", "/api/admin/update-meta")
        #expect(
            updates.map { NSDictionary(dictionary: $0) } == [
                NSDictionary(dictionary: [
                    "blockedHosts": ["spam.example", "badactors.example", "noisy.example"], "silencedHosts": [String](),
                    "mediaSilencedHosts": ["nsfw.example", "noisy.example"], "i": "fixture-token",
                ])
            ])

        for unsupported in [["--public-comment", "x"], ["--reject-reports"], ["--severity", "noop"]] {
            let refused = await admin.run(["domain-blocks", "add", "other.example"] + unsupported)
            #expect(refused.status == 65, "\(unsupported): \(refused)")
            #expect(refused.stderr.hasPrefix("fedictl: Misskey cannot keep "))
        }
        #expect(await admin.run(["ip-blocks", "list"]).status == 69)
    }

    @Test func misskeyImportEmailBlocksAndAllows() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let admin = UserSide(fixture: server)
        let dryRun = await admin.run(
            ["domain-blocks", "import", "-", "--dry-run"], input: "spam.example\nnew1.example\nnew2.example\n")
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(dryRun.stderr.contains("2 to add, 0 to update, 1 unchanged\n"))
        #expect(dryRun.stdout == "add\tnew1.example\tsuspend\t\t\nadd\tnew2.example\tsuspend\t\t\n")
        #expect(try await server.received("POST", "/api/admin/update-meta").isEmpty)
        let applied = await admin.run(
            ["domain-blocks", "import", "-"], input: "spam.example\nnew1.example\nnew2.example\n")
        #expect(applied.status == 0, "\(applied)")
        #expect(
            try await server.received("POST", "/api/admin/update-meta").map { $0["blockedHosts"] as? [String] }
                == [["spam.example", "badactors.example", "new1.example", "new2.example"]])

        try await server.json(.delete, "/__fixture/requests")
        let emails = await admin.run(["email-blocks", "list", "--fields", "domain"])
        #expect(emails.stdout == admin.listed("mailinator.example\ntrashmail.example\n"), "\(emails)")
        #expect(await admin.run(["email-blocks", "add", "spam.mail.example"]).status == 0)
        #expect(await admin.run(["email-blocks", "remove", "trashmail.example", "--yes"]).status == 0)
        #expect(
            try await server.received("POST", "/api/admin/update-meta").map { $0["bannedEmailDomains"] as? [String] }
                == [["mailinator.example", "trashmail.example", "spam.mail.example"], ["mailinator.example"]])

        try await server.json(.delete, "/__fixture/requests")
        #expect(await admin.run(["domain-allows", "list"]).stdout.isEmpty)
        #expect(await admin.run(["domain-allows", "add", "friends.example"]).status == 0)
        #expect(
            try await server.received("POST", "/api/admin/update-meta").map { $0["federationHosts"] as? [String] } == [
                ["friends.example"]
            ])
    }
}
