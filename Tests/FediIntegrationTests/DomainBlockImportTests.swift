import FediCore
import FediTestSupport
import Foundation
import Testing

/// The blocklist round trip a moderation team runs, against mastodon_mock over libcurl: a 1,000-domain
/// Mastodon CSV is planned (nothing sent), applied, re-run (nothing written), and exported back.
struct DomainBlockImportTests {
    /// The 1,000 rows: every severity, some media/report rejections, comments with commas and quotes.
    static func blocklist() -> (csv: String, rows: [(domain: String, severity: String, media: Bool, reports: Bool)]) {
        var rows: [(String, String, Bool, Bool)] = []
        var csv = "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\n"
        for index in 0..<1000 {
            let severity = ["suspend", "silence", "noop"][index % 3]
            let domain = "spam\(index).bad\(index % 7).example"
            let media = index % 5 == 0
            let reports = index % 3 == 2
            rows.append((domain, severity, media, reports))
            csv += "\(domain),\(severity),\(media),\(reports),\"Spam, \"\"wave\"\" \(index)\",\(index % 4 == 0)\n"
        }
        return (csv, rows)
    }

    /// Every block on the server, read page by page (40 a page, `max_id` paging) with the admin token.
    static func serverBlocks(_ server: ServerProcess) async throws -> [[String: Any]] {
        var all: [[String: Any]] = []
        var maxID: String?
        while true {
            let query = "limit=40" + (maxID.map { "&max_id=\($0)" } ?? "")
            let page = try #require(
                try await server.json(.get, "/api/v1/admin/domain_blocks?\(query)", token: MockServer.admin.token)
                    as? [[String: Any]])
            guard let last = page.last?["id"] as? String else { return all }
            all += page
            maxID = last
        }
    }

    static func key(_ block: [String: Any]) -> String {
        "\(block["domain"] as? String ?? "")|\(block["severity"] as? String ?? "")|\(block["reject_media"] as? Bool ?? false)|\(block["reject_reports"] as? Bool ?? false)"
    }

    /// No time limit of its own: the integration tier starts its ~400 tests at once on two cores, so
    /// this, its heaviest test, takes as long as the whole tier (23 s alone, 464 s in the tier on an
    /// idle machine, progressing throughout). A hang is bounded by the commands' own --timeout and
    /// --deadline, which the other tests check.
    @Test func aThousandDomainsPlannedAppliedRerunAndExported() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let (csv, rows) = Self.blocklist()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("blocklist-\(UUID().uuidString).csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let wanted = Set(rows.map { "\($0.domain)|\($0.severity)|\($0.media)|\($0.reports)" })

        // The plan: 1,000 adds printed, nothing sent.
        let dryRun = await admin.run(["domain-blocks", "import", file.path, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(dryRun.stderr.contains("1000 to add, 0 to update, 0 unchanged\n"), "\(dryRun.stderr)")
        let planned = dryRun.stdout.split(separator: "\n")
        #expect(planned.count == 1000)
        #expect(planned.allSatisfy { $0.hasPrefix("add\t") })
        #expect(try await Self.serverBlocks(server).isEmpty)

        // Applied: the server holds exactly the file.
        let started = Date()
        let apply = await admin.run(["domain-blocks", "import", file.path])
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stderr.contains("1000 to add, 0 to update, 0 unchanged\n"))
        #expect(apply.stderr.contains("Wrote 1000 of 1000 changes."))
        let elapsed = Date().timeIntervalSince(started)
        let onServer = try await Self.serverBlocks(server)
        #expect(onServer.count == 1000)
        #expect(Set(onServer.map(Self.key)) == wanted)
        #expect(
            onServer.first { $0["domain"] as? String == "spam4.bad4.example" }?["public_comment"] as? String
                == "Spam, \"wave\" 4")
        #expect(onServer.first { $0["domain"] as? String == "spam4.bad4.example" }?["obfuscate"] as? Bool == true)

        // Re-run: nothing to write, and nothing written (any write would now fail with 500).
        try await server.addFault([
            "match": ["methods": ["POST", "PUT", "DELETE"], "path_regex": "^/api/v1/admin/domain_blocks"],
            "effect": ["type": "status", "status": 500],
        ])
        let again = await admin.run(["domain-blocks", "import", file.path, "--verbose"])
        #expect(again.status == 0, "\(again.stderr.suffix(2000))")
        #expect(again.stderr.contains("0 to add, 0 to update, 1000 unchanged\n"))
        #expect(again.stderr.contains("Nothing to write"))
        // Request lines, not the header lines that follow each ("fedictl: >   Accept: …").
        let requests = again.stderr.split(separator: "\n").filter {
            $0.hasPrefix("fedictl: > ") && !$0.hasPrefix("fedictl: >  ")
        }
        #expect(requests.count > 25)  // 1,000 blocks are 25 pages of 40
        #expect(
            requests.allSatisfy { $0.hasPrefix("fedictl: > GET ") },
            "\(requests.filter { !$0.hasPrefix("fedictl: > GET ") })")
        #expect(again.stdout.isEmpty)
        try await server.clearFaults()

        // Exported: the same set, Mastodon's header, every column filled in.
        let export = await admin.run(["domain-blocks", "export"])
        #expect(export.status == 0, "\(export.stderr)")
        var lines = export.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.removeFirst() == "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate")
        #expect(lines.removeLast() == "")
        #expect(lines.count == 1000)
        let exported = try BlocklistFile.parse(Data(export.stdout.utf8), source: "export")
        #expect(
            Set(
                exported.entries.map {
                    "\($0.spec.domain)|\($0.spec.severity.rawValue)|\($0.spec.rejectMedia)|\($0.spec.rejectReports)"
                }) == wanted)
        #expect(
            exported.entries.first { $0.spec.domain == "spam8.bad1.example" }?.spec.publicComment == "Spam, \"wave\" 8")
        print("domain-blocks import of 1,000 rows against mastodon_mock: \(String(format: "%.1f", elapsed)) s")
    }

    @Test func aSecondRunAfterAPartialFailureWritesOnlyWhatIsMissing() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let list = (0..<30).map { "d\($0).example" }.joined(separator: "\n") + "\n"
        // Five creates fail with 503 (the client retries a create, so each needs four failures), five more with 422.
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "status", "status": 422, "body": ["error": "Validation failed: Domain is bad"]],
            "count": 5,
        ])
        let first = await admin.run(["domain-blocks", "import", "-", "--concurrency", "2"], input: list)
        #expect(first.status == 65, "\(first)")
        #expect(first.stderr.contains("30 to add, 0 to update, 0 unchanged\n"))
        #expect(first.stderr.contains("Wrote 25 of 30 changes."))
        #expect(
            first.stderr.contains(
                ": 127.0.0.1:\(server.port) rejected the request (HTTP 422): Validation failed: Domain is bad\n"),
            "\(first.stderr)")
        #expect(first.stderr.contains("fedictl: 5 of 30 changes failed\n"))
        #expect(first.stdout.split(separator: "\n").filter { $0.contains("\tfailed: ") }.count == 5)
        #expect(try await Self.serverBlocks(server).count == 25)

        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "status", "status": 503], "count": 4,
        ])
        let second = await admin.run(["domain-blocks", "import", "-", "--concurrency", "1"], input: list)
        #expect(second.status == 75, "\(second)")
        #expect(second.stderr.contains("5 to add, 0 to update, 25 unchanged\n"))
        #expect(second.stderr.contains("fedictl: 1 of 5 changes failed\n"))
        #expect(second.stderr.contains("hint: run the same import again: it writes only what is still missing\n"))

        let third = await admin.run(["domain-blocks", "import", "-"], input: list)
        #expect(third.status == 0, "\(third)")
        #expect(third.stderr.contains("1 to add, 0 to update, 29 unchanged\n"))
        let blocks = try await Self.serverBlocks(server)
        #expect(Set(blocks.compactMap { $0["domain"] as? String }) == Set((0..<30).map { "d\($0).example" }))
        #expect(blocks.allSatisfy { $0["severity"] as? String == "suspend" })
    }

    @Test func updatesWhatDiffersAndPrunesOnlyWhenAsked() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        for (domain, severity) in [
            ("keep.example", "suspend"), ("change.example", "silence"), ("extra.example", "suspend"),
        ] {
            _ = try await server.json(
                .post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token,
                body: ["domain": domain, "severity": severity, "private_comment": "kept"])
        }
        let json = """
            [{"domain": "keep.example", "severity": "suspend"},
             {"domain": "change.example", "severity": "suspend", "reject_media": true, "public_comment": "now suspended"},
             {"domain": "sub.keep.example", "severity": "silence"}]
            """
        let plan = await admin.run(["domain-blocks", "import", "-", "--dry-run", "--prune", "-o", "json"], input: json)
        #expect(plan.status == 0, "\(plan)")
        #expect(
            plan.stderr.contains(
                "0 to add, 1 to update, 1 unchanged, 1 covered by a parent domain's block, 1 to lift\n"),
            "\(plan.stderr)")
        let steps = try #require(try plan.json() as? [[String: Any]])
        #expect(
            steps.map { "\($0["action"]!) \($0["domain"]!)" } == [
                "update change.example", "covered sub.keep.example", "remove extra.example",
            ])
        #expect(steps[0]["changes"] as? [String] == ["severity", "reject_media", "public_comment"])
        #expect(
            steps[0]["details"] as? [String] == [
                "severity silence → suspend", "reject_media no → yes", "public_comment \"\" → \"now suspended\"",
            ])
        // Piped, the plan's table shows the values too.
        let table = await admin.run(["domain-blocks", "import", "-", "--dry-run", "--prune"], input: json)
        #expect(
            table.stdout.contains(
                "update\tchange.example\tsuspend\tseverity silence → suspend, reject_media no → yes, public_comment \"\" → \"now suspended\""
            ),
            "\(table.stdout)")
        #expect(steps[1]["result"] as? String == "covered by keep.example")

        let withoutPrune = await admin.run(["domain-blocks", "import", "-"], input: json)
        #expect(withoutPrune.status == 0, "\(withoutPrune)")
        var blocks = try await Self.serverBlocks(server)
        #expect(
            Set(blocks.compactMap { $0["domain"] as? String }) == ["keep.example", "change.example", "extra.example"])
        let changed = try #require(blocks.first { $0["domain"] as? String == "change.example" })
        #expect(changed["severity"] as? String == "suspend" && changed["reject_media"] as? Bool == true)
        #expect(
            changed["public_comment"] as? String == "now suspended" && changed["private_comment"] as? String == "kept")

        let unconfirmed = await admin.run(["domain-blocks", "import", "-", "--prune"], input: json)
        #expect(unconfirmed.status == 64, "\(unconfirmed)")
        #expect(
            unconfirmed.stderr.contains(
                "\nfedictl: Lift 1 domain block that stdin does not list (extra.example): confirmation needed\n"),
            "\(unconfirmed)")
        let pruned = await admin.run(["domain-blocks", "import", "-", "--prune", "--yes"], input: json)
        #expect(pruned.status == 0, "\(pruned)")
        blocks = try await Self.serverBlocks(server)
        #expect(Set(blocks.compactMap { $0["domain"] as? String }) == ["keep.example", "change.example"])
    }

    @Test func aFileThatCannotBeReadSendsNothing() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let bad = await admin.run(
            ["domain-blocks", "import", "-"], input: "#domain,#severity\nok.example,suspend\nbad.example,ban\n")
        #expect(bad.status == 65, "\(bad)")
        #expect(
            bad.stderr == """
                fedictl: stdin: 1 row cannot be read as a mastodon-csv blocklist
                hint: line 3: severity 'ban' is not silence, suspend or noop

                """)
        let missing = await admin.run(["domain-blocks", "import", "/nonexistent/list.csv"])
        #expect(missing.status == 66, "\(missing)")
        #expect(try await Self.serverBlocks(server).isEmpty)
    }

    @Test func aTerminalSeesAProgressLine() async throws {
        let server = try await MockServer.start()
        let harness = CommandHarness(environment: ["FEDICTL_TOKEN": MockServer.admin.token])
        let list = (0..<10).map { "p\($0).example" }.joined(separator: "\n")
        let result = await harness.run(
            ["domain-blocks", "import", "-", "--account", "admin@\(server.base)"], tty: true, input: list)
        #expect(result.status == 0, "\(result)")
        // The server's line, counted to the end, then erased before the summary.
        #expect(
            result.stderr.contains("\u{1B}[K127.0.0.1:\(server.port)  10/10 done\n\r\u{1B}[1F\u{1B}[J"),
            "\(result.stderr)")
        #expect(try await Self.serverBlocks(server).count == 10)
    }
}
