import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks merge`: the same lists merged by fediblockhole 0.4.6 (`fediblock-sync`, installed
/// beside mastodon_mock) and by fedictl give the same list; URL sources are cached and revalidated;
/// `server:HOST` and `account:NAME` read real servers over libcurl.
struct DomainBlocksMergeTests {
    /// Five lists in five formats that disagree on severities, flags and comments; two repeat a domain.
    static let files: [(name: String, format: String, text: String)] = [
        (
            "a.csv", "mastodon_csv",
            """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            spam.example,suspend,true,true,"spam, bots",false
            noisy.example,silence,false,false,loud,false
            Mixed.Example,silence,true,false,,true
            only-a.example,noop,true,false,reason a,false
            common.example,suspend,false,false,"boring, lack of moderation, nazis, scrapers",false
            edge.example,silence,true,true,x,false
            empty-a.example,,false,true,,false

            """
        ),
        (
            "b.csv", "csv",
            """
            domain,severity,reject_media,reject_reports,public_comment,private_comment,obfuscate
            spam.example,silence,false,true,"bots, harassment",internal b,true
            noisy.example,suspend,true,false,loud,,false
            Mixed.Example,suspend,false,false,mixed,,false
            only-b.example,silence,false,false,,,false
            common.example,silence,true,false,"lack of moderation, scrapers",note,false
            empty-severity.example,,true,false,,,false
            noisy.example,silence,false,true,"quieter, loud",,false

            """
        ),
        (
            "c.json", "json",
            """
            [{"domain": "spam.example", "severity": "suspend", "public_comment": "spam", "reject_media": false},
             {"domain": "noisy.example", "severity": "noop", "public_comment": "", "reject_media": true, "reject_reports": true},
             {"domain": "only-c.example", "severity": "suspend", "public_comment": "c only"},
             {"domain": "common.example", "severity": "suspend", "public_comment": "nazis", "private_comment": "note, more"},
             {"domain": "only-c.example", "severity": "silence", "public_comment": "c again", "reject_reports": true},
             {"domain": "empty-a.example", "severity": "", "reject_reports": true}, {"domain": "null-c.example", "severity": null}]

            """
        ),
        // fediblockhole reads a plain list as RapidBlock's CSV, one domain per CRLF line.
        ("d.txt", "rapidblock.csv", "spam.example\r\ncommon.example\r\nonly-d.example\r\n"),
        (
            "e.json", "rapidblock.json",
            """
            {"@spec": "https://rapidblock.org/spec/v1/", "blocks": {"spam.example": {"isBlocked": true, "reason": "rb spam", "tags": []},
             "only-e.example": {"isBlocked": false, "reason": "watch", "tags": []}}}

            """
        ),
    ]

    static let everyField = ["reject_media", "reject_reports", "public_comment", "private_comment", "obfuscate"]

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var fediblockhole: [String]
        var fedictl: [String]
        /// fediblockhole's default takes domain and severity only; otherwise every field.
        var everyField = true
        /// A source whose severities are capped at silence (fediblockhole's per-source max_severity;
        /// fedictl reads it from a --config file).
        var cappedSource: String?
        /// Domains in an allowlist file.
        var allowFile: [String] = []
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "max", fediblockhole: ["-m", "max"], fedictl: ["--merge", "max"]),
        Scenario(
            name: "min, count 2",
            fediblockhole: ["-m", "min", "--merge-threshold", "2", "--merge-threshold-type", "count"],
            fedictl: ["--merge", "min", "--threshold", "2"]),
        Scenario(
            name: "max, count 3, allowed domain",
            fediblockhole: [
                "-m", "max", "--merge-threshold", "3", "--merge-threshold-type", "count", "-A", "common.example",
            ],
            fedictl: ["--threshold", "3", "--allow", "common.example"]),
        Scenario(
            name: "min, 40%", fediblockhole: ["-m", "min", "--merge-threshold", "40", "--merge-threshold-type", "pct"],
            fedictl: ["--merge", "min", "--threshold", "40%"]),
        Scenario(
            name: "max, 50%, allowlist file",
            fediblockhole: ["-m", "max", "--merge-threshold", "50", "--merge-threshold-type", "pct"],
            fedictl: ["--threshold", "50%"], allowFile: ["spam.example"]),
        Scenario(
            name: "default fields, capped source", fediblockhole: ["-m", "max"], fedictl: ["--take", "none"],
            everyField: false,
            cappedSource: "b.csv"),
    ]

    static var fediblockSync: String {
        URL(fileURLWithPath: RepoPaths.mastodonMock).deletingLastPathComponent().appendingPathComponent(
            "fediblock-sync"
        ).path
    }

    /// Rows as `domain|severity|reject_media|reject_reports|public_comment|private_comment|obfuscate`,
    /// domains lower-cased (fediblockhole keeps the case it read) and booleans as true/false.
    static func normalised(_ csv: String) throws -> [String] {
        let records = try CSVText.records(csv)
        let header = try #require(records.first?.fields)
        return records.dropFirst().map { record in
            var row: [String: String] = [:]
            // fedictl writes Mastodon's `#domain` headers; fediblockhole plain ones.
            for (key, value) in zip(header, record.fields) {
                row[key.hasPrefix("#") ? String(key.dropFirst()) : key] = value
            }
            let flag = { (key: String) in String(BlocklistFile.bool(row[key] ?? "") ?? false) }
            return [
                (row["domain"] ?? "").lowercased(), row["severity"] ?? "", flag("reject_media"), flag("reject_reports"),
                row["public_comment"] ?? "", row["private_comment"] ?? "", flag("obfuscate"),
            ].joined(separator: "|")
        }.sorted()
    }

    @Test(arguments: scenarios)
    func theMergedListIsFediblockholes(scenario: Scenario) async throws {
        let fediblockSync = Self.fediblockSync
        guard FileManager.default.isExecutableFile(atPath: fediblockSync) else {
            throw FediError(
                .failure, "fediblock-sync not found at \(fediblockSync)",
                hint: "run `make test`, which installs fediblockhole into .venv")
        }
        let directory = try TemporaryDirectory.make("merge-parity")
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in Self.files {
            try file.text.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        let allowPath = directory.appendingPathComponent("allow.csv").path
        if !scenario.allowFile.isEmpty {
            try ("domain\n" + scenario.allowFile.joined(separator: "\n") + "\n").write(
                toFile: allowPath, atomically: true, encoding: .utf8)
        }

        // fediblockhole, from its TOML config, writing every field.
        var toml = "blocklist_url_sources = [\n"
        for file in Self.files {
            let cap = scenario.cappedSource == file.name ? ", max_severity = 'silence'" : ""
            toml += "  { url = 'file://\(directory.path)/\(file.name)', format = '\(file.format)'\(cap) },\n"
        }
        toml += "]\n"
        if !scenario.allowFile.isEmpty {
            toml += "allowlist_url_sources = [{ url = 'file://\(allowPath)', format = 'csv' }]\n"
        }
        let conf = directory.appendingPathComponent("conf.toml")
        try toml.write(to: conf, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("fediblockhole.csv").path
        let imported = scenario.everyField ? Self.everyField.flatMap { ["-I", $0] } : []
        let reference = try await ProcessRunner.run(
            fediblockSync,
            [
                "-c", conf.path, "--no-fetch-instance", "--no-push-instance", "-o", out,
                "--loglevel", "warning",
            ] + scenario.fediblockhole + imported
                + Self.everyField.flatMap { ["-E", $0] })
        #expect(reference.status == 0, "\(reference)")
        let expected = try Self.normalised(String(contentsOfFile: out, encoding: .utf8))
        #expect(expected.count >= 2, "the scenario should keep something: \(expected)")

        // fedictl: the sources on the command line, or from a --config file for per-source settings.
        var arguments = ["domain-blocks", "merge", "-o", "csv"] + scenario.fedictl
        var environment: [String: String] = [:]
        if let capped = scenario.cappedSource {
            let configDirectory = directory.appendingPathComponent("config/fedictl/blocklists")
            try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
            let sources: [Any] = Self.files.map { file in
                file.name == capped
                    ? ["source": directory.path + "/" + file.name, "max_severity": "silence", "fields": "none"]
                        as [String: Any]
                    : ["source": directory.path + "/" + file.name, "fields": "none"]
            }
            let json = try JSONSerialization.data(withJSONObject: ["sources": sources])
            try json.write(to: configDirectory.appendingPathComponent("parity.json"))
            environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
            arguments += ["--config", "parity"]
        } else {
            arguments += Self.files.map { directory.path + "/" + $0.name }
        }
        if !scenario.allowFile.isEmpty { arguments += ["--allow", allowPath] }
        let result = await CommandHarness(environment: environment).run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(try Self.normalised(result.stdout) == expected)
    }

    /// A server's public list read by both (fediblockhole's `blocklist_instance_sources`): the same
    /// merge, except the obfuscated entry fediblockhole drops and fedictl keeps, marked unmatched.
    @Test func aServersPublicListMergesAsInFediblockhole() async throws {
        let fediblockSync = Self.fediblockSync
        guard FileManager.default.isExecutableFile(atPath: fediblockSync) else {
            throw FediError(
                .failure, "fediblock-sync not found at \(fediblockSync)",
                hint: "run `make test`, which installs fediblockhole into .venv")
        }
        let server = try await FixtureServer.start(flavour: "mastodon")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "GET /api/v1/instance/domain_blocks": [
                    "json": [
                        [
                            "domain": "spam.example", "digest": DomainDigest.sha256Hex("spam.example"),
                            "severity": "silence", "comment": "harassment, spam",
                        ],
                        [
                            "domain": "noisy.example", "digest": DomainDigest.sha256Hex("noisy.example"),
                            "severity": "suspend", "comment": NSNull(),
                        ],
                        [
                            "domain": "hid****.example", "digest": DomainDigest.sha256Hex("hidden1.example"),
                            "severity": "suspend", "comment": "hidden",
                        ],
                    ]
                ]
            ])
        let directory = try TemporaryDirectory.make("merge-parity-server")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (name, format, text) = Self.files[0]
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let conf = directory.appendingPathComponent("conf.toml")
        try """
        blocklist_url_sources = [{ url = 'file://\(directory.path)/\(name)', format = '\(format)' }]
        blocklist_instance_sources = [{ domain = '\(server.base)', scheme = 'http' }]

        """.write(to: conf, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("fediblockhole.csv").path
        let reference = try await ProcessRunner.run(
            fediblockSync,
            [
                "-c", conf.path, "--no-push-instance", "-o", out, "--loglevel", "warning",
                "-m", "max", "--merge-threshold", "2",
            ]
                + Self.everyField.flatMap { ["-I", $0, "-E", $0] })
        #expect(reference.status == 0, "\(reference)")
        let expected = try Self.normalised(String(contentsOfFile: out, encoding: .utf8))
        #expect(expected.count == 2, "\(expected)")

        let result = await CommandHarness().run([
            "domain-blocks", "merge", directory.path + "/" + name, "server:\(server.base)", "--threshold", "2",
            "-o", "csv",
        ])
        #expect(result.status == 0, "\(result)")
        let merged = try Self.normalised(result.stdout)
        #expect(merged.filter { !$0.contains("*") } == expected)
        #expect(merged.filter { $0.contains("*") }.isEmpty, "one source only lists the obfuscated entry")
        let all = await CommandHarness().run([
            "domain-blocks", "merge", "server:\(server.base)", "-o", "csv", "--fields", "domain,unmatched",
        ])
        #expect(all.stdout.contains("hid****.example,yes\r\n"), "\(all)")
    }

    // MARK: usage (the rest is in the fast tier: FediCommandsTests/DomainBlocks/DomainBlocksMergeTests)

    @Test func configNamesComplete() async throws {
        let home = try TemporaryDirectory.make("merge-completion")
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("fedictl/blocklists")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["nightly", "nordic", "weekly"] {
            try Data("{}".utf8).write(to: directory.appendingPathComponent(name + ".json"))
        }
        let words = ["fedictl", "domain-blocks", "merge", "--config", "n"]
        let result = await CommandHarness(environment: ["XDG_CONFIG_HOME": home.path])
            .run(["---completion", "domain-blocks", "merge", "--", "--config", String(words.count - 1), "1"] + words)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "nightly\nnordic\n")
    }

    // MARK: URL sources

    @Test func aURLSourceIsCachedAndRevalidatedWithItsETag() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let cache = try TemporaryDirectory.make("merge-cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let csv =
            "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\nspam.example,suspend,true,false,Spam,false\n"
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "GET /lists/blocklist.csv": [
                    "sequence": [
                        [
                            "body": csv, "content_type": "text/csv",
                            "headers": ["ETag": "\"v1\"", "Last-Modified": "Mon, 23 Nov 2026 10:00:00 GMT"],
                        ],
                        ["status": 304, "headers": ["ETag": "\"v1\""]],
                    ]
                ]
            ])
        let harness = CommandHarness(environment: ["XDG_CACHE_HOME": cache.path])
        let url = "http://\(server.base)/lists/blocklist.csv"

        let first = await harness.run(["domain-blocks", "merge", url, "-o", "csv"])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("spam.example,suspend,true,false,Spam,false,\n"), "\(first)")
        let second = await harness.run(["domain-blocks", "merge", url, "-o", "csv"])
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("unchanged since the last run (HTTP 304), using the cached copy"), "\(second)")

        let fetches = try await server.receivedRequests().filter { $0["path"] as? String == "/lists/blocklist.csv" }
        let headers = fetches.map { $0["headers"] as? [String: String] ?? [:] }
        #expect(headers.count == 2)
        #expect(headers.first?["if-none-match"] == nil)
        #expect(headers.last?["if-none-match"] == "\"v1\"")
        #expect(headers.last?["if-modified-since"] == "Mon, 23 Nov 2026 10:00:00 GMT")
        // The cached copy is private to the user.
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path + "/fedictl/blocklists").filter {
            $0.hasSuffix(".json")
        }
        #expect(files.count == 1)
        let mode =
            try FileManager.default.attributesOfItem(atPath: cache.path + "/fedictl/blocklists/" + files[0])[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFailingURLSourceStopsTheMergeNamingIt() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let url = "http://\(server.base)/lists/missing.csv"
        let result = await CommandHarness().run(["domain-blocks", "merge", url])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("fedictl: \(url): "), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: server:HOST and account:NAME

    @Test func aServersPublicListMergesAndItsDigestsRevealObfuscatedDomains() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let secretDigest = DomainDigest.sha256Hex("secret.example")
        let unknownDigest = DomainDigest.sha256Hex("unknown.example")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "GET /api/v1/instance/domain_blocks": [
                    "json": [
                        [
                            "domain": "spam.example", "digest": DomainDigest.sha256Hex("spam.example"),
                            "severity": "suspend", "comment": "Spam",
                        ],
                        [
                            "domain": "sec***.example", "digest": secretDigest, "severity": "suspend",
                            "comment": "Hate speech",
                        ],
                        [
                            "domain": "unk****.example", "digest": unknownDigest, "severity": "silence",
                            "comment": NSNull(),
                        ],
                    ]
                ]
            ])
        let directory = try TemporaryDirectory.make("merge-server")
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = directory.appendingPathComponent("ours.csv").path
        try "domain,severity,reject_media\nsecret.example,silence,true\n".write(
            toFile: local, atomically: true, encoding: .utf8)

        let result = await CommandHarness().run([
            "domain-blocks", "merge", "server:\(server.base)", local, "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["domain"] as? String } == ["secret.example", "spam.example", "unk****.example"])
        let secret = rows[0]
        #expect(secret["severity"] as? String == "suspend")
        #expect(secret["reject_media"] as? Bool == true)
        #expect(secret["public_comment"] as? String == "Hate speech")
        #expect(secret["sources"] as? [String] == ["server:\(server.base)", "ours.csv"], "a file by its name")
        #expect(secret["unmatched"] as? Bool == false)
        let unknown = rows[2]
        #expect(unknown["unmatched"] as? Bool == true)
        #expect(unknown["digest"] as? String == unknownDigest)
        #expect(unknown["severity"] as? String == "silence")
        #expect(
            result.stderr.contains("1 obfuscated entry matched by digest; 1 obfuscated entry not matched"),
            "\(result.stderr)")

        // A --known file reveals the other one.
        let peers = directory.appendingPathComponent("peers.txt").path
        try "unknown.example\nelse.example\n".write(toFile: peers, atomically: true, encoding: .utf8)
        let known = await CommandHarness().run([
            "domain-blocks", "merge", "server:\(server.base)", "--known", peers, "-o", "csv",
            "--fields", "domain,severity,unmatched",
        ])
        #expect(known.status == 0, "\(known)")
        #expect(
            known.stdout
                == "domain,severity,unmatched\r\nsec***.example,suspend,yes\r\nspam.example,suspend,no\r\nunknown.example,silence,no\r\n"
        )
    }

    @Test func aStoredAdminAccountsOwnListIsASource() async throws {
        let server = try await MockServer.start()
        for (domain, severity, comment) in [("spam.example", "suspend", "spam"), ("noisy.example", "silence", "loud")] {
            _ = try await server.json(
                .post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token,
                body: [
                    "domain": domain, "severity": severity, "public_comment": comment, "private_comment": "ours",
                    "reject_media": true,
                ])
        }
        let login = Login(id: "admin@\(server.base)", username: "admin", baseURL: server.baseURL.absoluteString)
        let harness = CommandHarness(
            secrets: InMemorySecretStore(secrets: [login.tokenKey: MockServer.admin.token]),
            logins: InMemoryLoginStore(LoginConfig(defaultAccount: nil, accounts: [login])))
        let directory = try TemporaryDirectory.make("merge-account")
        defer { try? FileManager.default.removeItem(at: directory) }
        let theirs = directory.appendingPathComponent("theirs.txt").path
        try "noisy.example\nother.example\n".write(toFile: theirs, atomically: true, encoding: .utf8)

        let result = await harness.run([
            "domain-blocks", "merge", "account:admin", theirs, "--merge", "min", "--threshold", "2", "-o", "csv",
        ])
        #expect(result.status == 0, "\(result)")
        // noisy.example: silence (min of silence and the list's suspend), reject_media only where both say so.
        #expect(
            result.stdout == """
                #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate,#private_comment
                noisy.example,silence,false,false,loud,false,ours

                """)
        let table = await harness.run([
            "domain-blocks", "merge", "account:admin", theirs, "--merge", "min",
            "--threshold", "2", "-o", "csv",
            "--fields", "domain,severity,reject_media,sources",
        ])
        #expect(table.stdout == "domain,severity,reject_media,sources\r\nnoisy.example,silence,no,2\r\n", "\(table)")
    }

    static let mastodonHeader =
        "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate,"
        + "#private_comment\n"

    /// Issue 26: `merge -o csv` is Mastodon's import shape, and it round-trips through `domain-blocks import`.
    @Test func theMergedCSVIsMastodonsImportShapeAndRoundTripsThroughImport() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let list = """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
            spam.example,suspend,true,true,"Spam, lots",false
            noisy.example,silence,true,false,loud,true
            """
        let merged = await CommandHarness().run(["domain-blocks", "merge", "-", "-o", "csv"], input: list)
        #expect(merged.status == 0, "\(merged)")
        #expect(merged.stdout.hasPrefix(Self.mastodonHeader))
        #expect(merged.stdout.contains("noisy.example,silence,true,false,loud,true,\n"), "\(merged.stdout)")
        let imported = await CommandHarness(environment: ["FEDICTL_TOKEN": MockServer.admin.token])
            .run(
                ["domain-blocks", "import", "-", "--yes", "--account", "\(MockServer.admin.username)@\(server.base)"],
                input: merged.stdout)
        #expect(imported.status == 0, "\(imported)")
        let blocks = try await DomainBlockImportTests.serverBlocks(server).map { block in
            ["domain", "severity", "reject_media", "reject_reports", "public_comment", "obfuscate"].map { key in
                (block[key] as? Bool).map { String($0) } ?? "\(block[key] ?? "")"
            }.joined(separator: "|")
        }
        #expect(
            blocks.sorted() == [
                "noisy.example|silence|true|false|loud|true",
                "spam.example|suspend|true|true|Spam, lots|false",
            ], "\(blocks)")
    }
}
