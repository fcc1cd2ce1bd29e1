import FediCore
import FediTestSupport
import Foundation
import Testing

/// A hostile server's text against every output format, and hostile names against every verb that
/// sends a domain: mastodon_mock over libcurl, asserting on the bytes a user gets and the server's state.
struct HostileTextTests {
    /// An OSC 52 clipboard write, a screen clear, a bell, a CR that overwrites the line, a NUL,
    /// a C1 CSI, a bidi override and isolate, and a spreadsheet formula.
    static let hostile =
        "=cmd|' /C calc'!A0\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\rfake\u{0}\u{9B}31m \u{202E}lmth.exe\u{2066}x\u{2069}"

    /// Scalars no text output may carry raw: controls other than LF and tab, and bidi controls.
    static func unsafe(_ text: String) -> [String] {
        text.replacing("\r\n", with: "\n").unicodeScalars
            .filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                    || InertText.isBidiControl($0)
            }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test func serverTextIsInertInEveryFormatAndExport() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let bobID = try TriageScene.string(
            try TriageScene.object(try await server.json(.get, "/api/v1/accounts/lookup?acct=bob"))["id"])
        _ = try await server.json(
            .post, "/api/v1/reports", token: MockServer.alice.token,
            body: ["account_id": bobID, "comment": Self.hostile, "category": "spam"])
        _ = try await server.json(
            .post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token,
            body: [
                "domain": "evil.example", "severity": "silence", "public_comment": Self.hostile,
                "private_comment": "@SUM(A1)\u{1B}[8m",
            ])

        var outputs: [(String, CommandResult)] = []
        for arguments in [
            ["reports", "list", "-o", "csv"], ["reports", "list"], ["reports", "list", "-o", "json"],
            ["domain-blocks", "list", "-o", "csv", "--fields", "domain,public_comment,private_comment"],
            ["domain-blocks", "list", "--fields", "domain,public_comment"], ["domain-blocks", "list", "-o", "ndjson"],
            ["domain-blocks", "list", "--raw"],
        ]
            + BlocklistFormat.allCases.map({ ["domain-blocks", "export", "--format", $0.rawValue] })
        {
            let result = await admin.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            outputs.append((arguments.joined(separator: " "), result))
        }
        for (name, result) in outputs {
            #expect(Self.unsafe(result.stdout) == [], "\(name): \(result.stdout.debugDescription)")
        }
        let reportsCSV = try #require(outputs.first).1.stdout
        #expect(
            reportsCSV.contains(
                ",\"'=cmd|' /C calc'!A0\u{FFFD}]52;c;cHduZWQ=\u{FFFD}\u{FFFD}[2J\nfake\u{FFFD}\u{FFFD}31m \u{FFFD}lmth.exe\u{FFFD}x\u{FFFD}\"\r\n"
            ),
            "\(reportsCSV.debugDescription)")
        // A handle starts with @ too: guarded like any cell, so a spreadsheet shows it as text.
        #expect(
            reportsCSV.contains(",open,'@alice@\(server.base),'@bob@\(server.base),spam,"),
            "\(reportsCSV.debugDescription)")
        let blocksCSV = outputs[3].1.stdout
        #expect(
            blocksCSV.hasPrefix(
                "account,domain,public_comment,private_comment\r\n\(admin.account),evil.example,\"'=cmd|"),
            "\(blocksCSV.debugDescription)")
        #expect(blocksCSV.hasSuffix(",'@SUM(A1)\u{FFFD}[8m\r\n"), "\(blocksCSV.debugDescription)")
        let tsv = outputs[4].1.stdout
        #expect(
            tsv
                == "\(admin.account)\tevil.example\t=cmd|' /C calc'!A0\u{FFFD}]52;c;cHduZWQ=\u{FFFD}\u{FFFD}[2J fake\u{FFFD}\u{FFFD}31m \u{FFFD}lmth.exe\u{FFFD}x\u{FFFD}\n",
            "\(tsv.debugDescription)")
        // JSON keeps the exact text, written as escapes.
        let json = try #require(try outputs[2].1.json() as? [[String: Any]])
        #expect(json.first?["comment"] as? String == Self.hostile)
        let exported = try #require(outputs.first { $0.0.hasSuffix("--format json") }).1
        #expect((try exported.json() as? [[String: Any]])?.first?["public_comment"] as? String == Self.hostile)
    }

    @Test func badNamesAreRefusedBeforeAnythingIsSent() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let cases: [(String, String)] = [
            ("spam..example", "it has an empty label (two dots in a row, or a leading dot)"),
            ("esc\u{1B}.example", "it holds U+001B, which no domain name has"),
            ("bell\u{07}.example", "it holds U+0007, which no domain name has"),
            ("rlo\u{202E}.example", "it holds U+202E, which no domain name has"),
            ("zw\u{200B}sp.example", "it holds U+200B, which no domain name has"),
            ("a;b.example", "it holds ';', which no domain name has"),
            ("quote\".example", "it holds '\"', which no domain name has"),
            (
                String(repeating: "l", count: 64) + ".example",
                "the label '\(String(repeating: "l", count: 64))' is 64 characters long, more than 63"
            ),
            (
                Array(repeating: "abcdefghi", count: 26).joined(separator: ".") + ".example",
                "it is 267 characters long, more than 253"
            ),
        ]
        for (name, problem) in cases {
            for verb in [["domain-blocks", "add"], ["domain-allows", "add"], ["email-blocks", "add"]] {
                let result = await admin.run(verb + [name, "--verbose"])
                #expect(result.status == 64, "\(verb) \(name.debugDescription): \(result)")
                #expect(
                    result.stderr.contains("is not a domain: \(problem)\n"),
                    "\(verb) \(name.debugDescription): \(result.stderr.debugDescription)")
                #expect(!result.stderr.contains("POST"), "\(result.stderr)")
            }
            let user = await admin.run(["user-domain-blocks", "add", name, "--yes"])
            #expect(user.status == 64 && user.stderr.contains(problem), "\(name.debugDescription): \(user)")
        }
        // A wildcard is Pleroma's; Mastodon blocks subdomains with their domain.
        let wildcard = await admin.run(["domain-blocks", "add", "*.spam.example"])
        #expect(wildcard.status == 65, "\(wildcard)")
        #expect(
            wildcard.stderr.hasPrefix(
                "fedictl: Mastodon cannot keep a *. wildcard (Mastodon blocks subdomains with their domain: block spam.example) for *.spam.example\n"
            ),
            "\(wildcard.stderr)")
        for path in ["/api/v1/admin/domain_blocks", "/api/v1/admin/domain_allows", "/api/v1/admin/email_domain_blocks"]
        {
            #expect(
                (try await server.json(.get, path, token: MockServer.admin.token) as? [Any])?.isEmpty == true, "\(path)"
            )
        }

        // An IDN is sent as punycode, and its punycode spelling is the same block.
        #expect(await admin.run(["domain-blocks", "add", "Bücher.example"]).status == 0)
        let again = await admin.run(["domain-blocks", "add", "xn--bcher-kva.example", "--verbose"])
        #expect(
            again.status == 0
                && again.stderr.contains("xn--bcher-kva.example is already blocked with these settings; nothing sent."),
            "\(again)")
        let blocks = try #require(
            try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        #expect(blocks.map { $0["domain"] as? String } == ["xn--bcher-kva.example"])
    }

    @Test func badBlocklistFilesPlanNothing() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let directory = try TemporaryDirectory.make("hostile-blocklists")
        defer { try? FileManager.default.removeItem(at: directory) }

        // Control bytes: every line named, nothing planned or sent.
        let junk = directory.appendingPathComponent("junk.txt")
        var bytes: [UInt8] = Array("ok.example\n".utf8)
        for index in 0..<942 { bytes += [UInt8(index % 30 + 1), 0x1B, UInt8(index % 26 + 0x61), 0x0A] }
        try Data(bytes).write(to: junk)
        let refused = await admin.run(["domain-blocks", "import", junk.path, "--verbose"])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.hasPrefix("fedictl: \(junk.path): 9"), "\(refused.stderr.debugDescription)")
        #expect(
            refused.stderr.contains("hint: line 2: '\u{FFFD}\u{FFFD}a' is not a domain: it holds U+0001"),
            "\(refused.stderr.debugDescription)")
        #expect(
            Self.unsafe(refused.stderr) == [] && !refused.stderr.contains("> POST"),
            "\(refused.stderr.debugDescription)")

        // An unbalanced quote names its line instead of swallowing the rows after it.
        let quoted = await admin.run(
            ["domain-blocks", "import", "-"],
            input:
                "#domain,#severity,#public_comment\na.example,suspend,ok\nb.example,silence,\"oops\nc.example,suspend,x\n"
        )
        #expect(quoted.status == 65, "\(quoted)")
        #expect(
            quoted.stderr.hasPrefix(
                "fedictl: stdin: line 3: a quote opened here is never closed; nothing was planned from it\n"),
            "\(quoted.stderr)")
        #expect(
            (try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token) as? [Any])?
                .isEmpty == true)

        // IDN and punycode rows are one domain: one add.
        let idn = await admin.run(
            ["domain-blocks", "import", "-"], input: "bücher.example\nxn--bcher-kva.example\nok.example\n")
        #expect(idn.status == 0, "\(idn)")
        #expect(
            idn.stderr.hasPrefix(
                "Skipping line 2 (xn--bcher-kva.example): repeats line 1.\n2 to add, 0 to update, 0 unchanged\n"),
            "\(idn.stderr)")
        let blocks = try #require(
            try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        #expect(Set(blocks.compactMap { $0["domain"] as? String }) == ["xn--bcher-kva.example", "ok.example"])
    }

    /// Pleroma/Akkoma keep `*.example` entries in `:mrf_simple`: the one software a wildcard is sent to.
    @Test func aWildcardGoesToPleromaOnly() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let admin = UserSide(fixture: server, username: "admin")
        // The fixture answers a write with a fixed config: this one holds the wildcard, as Pleroma would.
        let stored: [String: Any] = [
            "configs": [
                [
                    "group": ":pleroma", "key": ":mrf_simple",
                    "value": [
                        ["tuple": [":reject", [["tuple": ["*.wild.example", ""]]]]]
                    ],
                ]
            ]
        ]
        try await server.addRoutes(["POST /api/v1/pleroma/admin/config": ["json": stored]])
        let add = await admin.run(["domain-blocks", "add", "*.Wild.example"])
        #expect(add.status == 0, "\(add)")
        let posted = try await server.received("POST", "/api/v1/pleroma/admin/config")
        try #require(posted.count == 1)
        #expect(try DomainBlockFlavourTests.mrfSimple(in: posted[0])[":reject"]?.last == ["*.wild.example", ""])
        let bad = await admin.run(["domain-blocks", "add", "a.*.example"])
        #expect(
            bad.status == 64
                && bad.stderr.hasPrefix(
                    "fedictl: 'a.*.example' is not a domain: a wildcard is only allowed as a leading *.\n"),
            "\(bad)")
    }
}
