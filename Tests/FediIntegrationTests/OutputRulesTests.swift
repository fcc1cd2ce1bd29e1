import FediCore
import FediTestSupport
import Foundation
import Testing

/// Issue 16's output items, over fixture servers and mastodon_mock through libcurl: what the
/// next command needs is never cut, piped keys are unique, accounts read as the CLI takes them.
struct OutputRulesTests {
    static let gtsReport = "01JH6A8C0E2G4J6M8P0R2T4W6Y"

    @Test func goToSocialReportTableKeepsItsIdsWholeAndDropsTheEmptyAssignee() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?resolved=false&limit=40": ["file": "admin-reports.json"]
        ])
        for width in [120, 80] {
            let list = await gts.admin.run(["reports", "list", "--no-color"], tty: true, width: width)
            #expect(list.status == 0, "\(list)")
            let lines = list.stdout.split(separator: "\n").map(String.init)
            try #require(lines.count == 3, "\(list.stdout)")
            #expect(lines[0].hasPrefix("ID                          FILED"), "\(width): \(list.stdout)")
            #expect(!lines[0].contains("ASSIGNED"), "\(width): \(list.stdout)")
            #expect(lines[1].hasPrefix(Self.gtsReport + "  "), "\(width): \(list.stdout)")
            // The server's own accounts as `@user` (piped and JSON keep `@user@host`).
            #expect(lines[1].contains("  open   @alice    @bob    "), "\(width): \(list.stdout)")
            // At 80 columns the category, an extra, makes room for the comment.
            #expect(lines[1].contains("  other  ") == (width == 120), "\(width): \(list.stdout)")
            #expect(list.stderr.isEmpty, "two reports of at most 40: nothing more to say")
        }
        // --wide: nothing cut, even at 80 columns.
        let wide = await gts.admin.run(["reports", "list", "--wide"], tty: true, width: 80)
        #expect(wide.stdout.contains("  Posting scam links in replies to everyone.\n"), "\(wide.stdout)")
        let narrow = await gts.admin.run(["reports", "list"], tty: true, width: 80)
        #expect(!narrow.stdout.contains("Posting scam links in replies to everyone."), "\(narrow.stdout)")
        let piped = await gts.admin.run(["reports", "list"])
        #expect(piped.stdout.contains("\t@alice@\(gts.server.base)\t@bob@\(gts.server.base)\t"), "\(piped.stdout)")
    }

    @Test func aListStoppedAtItsLimitSaysSoOnATerminal() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?resolved=false&limit=2": ["file": "admin-reports.json"]
        ])
        let stopped = await gts.admin.run(["reports", "list", "--limit", "2"], tty: true)
        #expect(stopped.status == 0, "\(stopped)")
        #expect(stopped.stderr == "2 of more; --all for every one, or --limit N.\n", "\(stopped)")
        // Piped to a script (stderr not a terminal): nothing added.
        let piped = await gts.admin.run(["reports", "list", "--limit", "2"])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped)")
        #expect(tsvRows(piped.stdout).count == 2)
    }

    @Test func pipedReportShowGivesEveryPostKeysOfItsOwn() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        let show = await gts.run(["reports", "show", Self.gtsReport])
        #expect(show.status == 0, "\(show)")
        let keys = show.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(keys.count == Set(keys).count, "a key repeats:\n\(show.stdout)")
        #expect(keys.filter { $0 == "id" }.count == 1)
        for line in [
            "id\t\(Self.gtsReport)", "post1.id\t01JH5R7T9V1X3Z5B7D9F1H3K5M",
            "post1.url\t\(gts.server.baseURL.absoluteString)/@bob/statuses/01JH5R7T9V1X3Z5B7D9F1H3K5M",
            "reporter\t@alice@\(gts.server.base)", "target\t@bob@\(gts.server.base)",
        ] {
            #expect(show.stdout.contains(line + "\n"), "missing \(line) in:\n\(show.stdout)")
        }
    }

    @Test func reportJSONNamesAccountsAsTheCLITakesThem() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        let show = try #require(
            try await gts.run(["reports", "show", Self.gtsReport, "-o", "json"]).json() as? [String: Any])
        #expect(show["reporter"] as? String == "@alice@\(gts.server.base)")
        #expect(show["target"] as? String == "@bob@\(gts.server.base)")
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?resolved=false&limit=40": ["file": "admin-reports.json"]
        ])
        let list = try #require(try await gts.run(["reports", "list", "-o", "json"]).json() as? [[String: Any]])
        #expect(list.map { $0["reporter"] as? String } == ["@alice@\(gts.server.base)", "@bob@\(gts.server.base)"])
        #expect(list.map { $0["target"] as? String } == ["@bob@\(gts.server.base)", "@alice@\(gts.server.base)"])
    }

    @Test func instanceInfoNamesTheSoftware() async throws {
        let gts = try await FixtureServer.start(flavour: "gotosocial")
        let harness = CommandHarness()
        let tty = await harness.run(["instance", "info", gts.base, "--no-color"], tty: true)
        #expect(tty.status == 0, "\(tty)")
        #expect(tty.stdout.contains("Software:         GoToSocial 0.20.0-rc1\n"), "\(tty.stdout)")
        let piped = await harness.run(["instance", "info", gts.base])
        #expect(piped.stdout.contains("software_label\tGoToSocial 0.20.0-rc1\n"), "\(piped.stdout)")
        let json = try #require(
            try await harness.run(["instance", "info", gts.base, "-o", "json"]).json() as? [String: Any])
        #expect(json["software_label"] as? String == "GoToSocial 0.20.0-rc1")
        #expect(json["software"] as? String == "gotosocial")
    }

    @Test func domainBlockExportIsOrderedByDomain() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        let list = await gts.run(["domain-blocks", "export", "--format", "list"])
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout == "badactors.example\nscrapers.example\nspam.example\n")
        let csv = await gts.run(["domain-blocks", "export"])
        #expect(
            csv.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
                == ["badactors.example", "scrapers.example", "spam.example"], "\(csv.stdout)")
    }

    @Test func reportStatesAreColouredOnATerminalOnly() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?resolved=false&limit=40": ["file": "admin-reports.json"]
        ])
        let coloured = await gts.admin.run(["reports", "list"], tty: true, width: 200)
        #expect(coloured.stdout.contains("\u{1B}[33mopen\u{1B}[0m  "), "\(coloured.stdout.debugDescription)")
        let plain = await gts.admin.run(["reports", "list", "--no-color"], tty: true, width: 200)
        #expect(!plain.stdout.contains("\u{1B}"), "\(plain.stdout.debugDescription)")
    }

    @Test func timelineURLsStayWholeOnANarrowTerminal() async throws {
        let server = try await MockServer.start()
        let id = try await RemoteTimelinesTests.post(
            String(repeating: "a long and winding post ", count: 8), on: server)
        let shown = await CommandHarness().run(["timelines", "show", server.base, "--no-color"], tty: true, width: 100)
        #expect(shown.status == 0, "\(shown)")
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(shown.stdout)")
        #expect(lines[1].hasSuffix("…  0      http://localhost:\(server.port)/@alice/\(id)"), "\(shown.stdout)")
        #expect(lines[1].count <= 100, "\(shown.stdout)")
    }
}
