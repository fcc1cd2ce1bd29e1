import FediCore
import FediOutput
import FediTestSupport
import Foundation
import Testing

/// `accounts list` over several pages: the page fetched ahead fails after the rows before it are
/// out, and rows that decode only the shown keys print the same bytes as rows decoded whole.
@Suite struct AccountsListPagesTests {
    static let first = "/api/v2/admin/accounts?limit=100"
    static let second = "/api/v2/admin/accounts?limit=100&max_id=40"
    static let next = ["Link": "<https://fake.test/api/v2/admin/accounts?limit=100&max_id=40>; rel=\"next\""]

    /// Two accounts unlike each other in every key a row shows (a remote one whose profile spells
    /// its domain otherwise, a pending one, text to escape).
    static let page =
        "[" + AccountsListTests.account() + ", "
        + #"{"id": "40", "username": "bob", "domain": "Remote.Example", "created_at": "2026-11-20T08:00:00.000Z","#
        + #" "email": "b\"ob@x.example", "ip": {"ip": "203.0.113.9"}, "locale": "de", "confirmed": false,"#
        + #" "approved": false, "disabled": false, "silenced": true, "suspended": false, "sensitized": true,"#
        + #" "role": "user", "invite_request": "let me in,\n\u001b[2J please", "account": {"id": "40","#
        + #" "username": "bob", "acct": "bob@remote.example", "display_name": "B\u202eob","#
        + #" "url": "https://remote.example/@bob"}}]"#

    @Test(arguments: ["ndjson", "json", "csv", "table"])
    func aFailingPageAheadEndsTheListAfterTheRowsBeforeIt(format: String) async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, Self.first, json: Self.page, headers: Self.next)
        server.transport.stub(.get, Self.second, status: 500, json: #"{"error": "boom"}"#)
        let result = await server.run(["accounts", "list", "--all", "-o", format, "--fields", "id,acct"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: fake.test") && result.stderr.contains("hint: "), "\(result)")
        let expected = [
            "ndjson": #"{"account":"admin@fake.test","acct":"ann","id":"41"}"# + "\n"
                + #"{"account":"admin@fake.test","acct":"bob@remote.example","id":"40"}"# + "\n",
            "json":
                "[\n  {\n    \"account\" : \"admin@fake.test\",\n    \"acct\" : \"ann\",\n    \"id\" : \"41\"\n  },\n"
                + "  {\n    \"account\" : \"admin@fake.test\",\n    \"acct\" : \"bob@remote.example\",\n"
                + "    \"id\" : \"40\"\n  }",
            "csv": "account,id,acct\r\nadmin@fake.test,41,'@ann\r\nadmin@fake.test,40,'@bob@remote.example\r\n",
            "table": "admin@fake.test\t41\t@ann\nadmin@fake.test\t40\t@bob@remote.example\n",
        ]
        // The rows of page 1 are out, then the error (NDJSON adds it as a last line; a JSON array
        // is left open).
        #expect(result.stdout.hasPrefix(expected[format]!), "\(result)")
        let error =
            #"{"error":{"exit_status":75,"hint":"the server is having trouble; try again later","#
            + #""kind":"temporary","#
            + #""message":"fake.test failed with HTTP 500: boom"}}"# + "\n"
        if format == "ndjson" { #expect(result.stdout == expected[format]! + error, "\(result)") }
        if format == "csv" || format == "table" { #expect(result.stdout == expected[format]!, "\(result)") }
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    static let fieldSets: [[String]?] = [
        nil, ["id", "acct", "email", "created_at"],
        ["display_name", "url", "username"],
        ["domain", "role", "staff", "ip", "locale", "reason", "status", "tags"],
        ["confirmed", "approved", "disabled", "silenced", "suspended", "sensitized"],
    ]

    @Test(arguments: ["ndjson", "json", "csv", "table"], fieldSets)
    func rowsDecodedForTheirFieldsPrintWhatWholeRowsPrint(format: String, fields: [String]?) async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, Self.first, json: Self.page)
        let picked = fields.map { ["--fields", $0.joined(separator: ",")] } ?? []
        let result = await server.run(["accounts", "list", "--all", "-o", format] + picked)
        #expect(result.status == 0, "\(result)")

        // The same page decoded whole (no list is being shown here) and written with the same settings.
        let whole = try JSONCoding.decoder().decode([MastodonAdminAccount].self, from: Data(Self.page.utf8))
            .map(\.account)
        #expect(whole[1].email == "b\"ob@x.example" && whole[1].reason != nil && whole[0].role == "Moderator")
        let written = Recorded<String>()
        let settings = OutputSettings(format: OutputFormat(rawValue: format)!, fields: fields)
        var renderer = Renderer(settings: settings) { written.append($0) }
        renderer.account = "admin@fake.test"  // one account's list names it, as the fleet's does
        let stream = try ListStream<AdminAccount>(renderer: renderer)
        try stream.add(whole)
        stream.finish()
        #expect(result.stdout == written.all.joined(), "\(format) \(fields ?? [])")
    }

    /// Admin accounts go to JSON field by field (`FieldEncodable`), as JSONEncoder writes them.
    @Test func adminAccountsAreWrittenFieldByFieldAsJSONEncoderWritesThem() throws {
        var rows = try JSONCoding.decoder().decode([MastodonAdminAccount].self, from: Data(Self.page.utf8)).map(
            \.account)
        rows[1].tags = ["mrf_tag:sandbox"]
        rows[1].createdAt = Date(timeIntervalSince1970: 1_700_000_000)

        struct Keys: FieldWriting {
            var keys: [String] = []
            mutating func write(_ key: String, _ value: String?) { keys.append(key) }
            mutating func write(_ key: String, _ value: Bool?) { keys.append(key) }
            mutating func write(_ key: String, _ value: Date?) { keys.append(key) }
            mutating func write(_ key: String, _ value: Int?) { keys.append(key) }
            mutating func write(_ key: String, _ value: [String]) { keys.append(key) }
        }
        var keys = Keys()
        #expect(rows[1].writeJSONFields(into: &keys), "the Tabular conformance writes it field by field")
        #expect(keys.keys.sorted() == AdminAccount.fieldNames.sorted(), "every column is a JSON key")
        #expect(
            keys.keys == keys.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
            "written in the order they go out, so a list writes each row as it comes")

        for pretty in [false, true] {
            let written = Recorded<String>()
            let stream = try ListStream<AdminAccount>(
                renderer: Renderer(settings: OutputSettings(format: pretty ? .json : .ndjson)) { written.append($0) })
            try stream.add(rows)
            stream.finish()
            let expected = try rows.map {
                InertText.json(String(decoding: try JSONCoding.encoder(pretty: pretty).encode($0), as: UTF8.self))
            }
            let whole =
                pretty
                ? "[\n"
                    + expected.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: ",\n")
                    + "\n]\n"
                : expected.map { $0 + "\n" }.joined()
            #expect(written.all.joined() == whole)
        }
    }

    /// A next link that drops the list's filters (mastodon_mock 0.6.1's does) gets them back: the
    /// second page is the same domain's, not the whole server's.
    static func remote(_ id: String, _ name: String) -> String {
        #"[{"id": "\#(id)", "username": "\#(name)", "domain": "remote.example", "created_at": "2026-11-21T08:00:00.000Z","#
            + #" "confirmed": true, "approved": true, "disabled": false, "silenced": false, "suspended": false,"#
            + #" "account": {"id": "\#(id)", "username": "\#(name)", "acct": "\#(name)@remote.example"}}]"#
    }

    @Test func aNextLinkThatDropsTheFiltersGetsThemBack() async throws {
        let server = FakeServerAccount()
        let link = ["Link": "<https://fake.test/api/v2/admin/accounts?max_id=40>; rel=\"next\""]
        server.transport.stub(
            .get, "/api/v2/admin/accounts?by_domain=remote.example&origin=remote",
            json: Self.remote("41", "ann"),
            headers: link)
        server.transport.stub(
            .get, "/api/v2/admin/accounts?by_domain=remote.example&origin=remote&max_id=40",
            json: Self.remote("40", "bob"))
        let result = await server.run(["accounts", "list", "--domain", "remote.example", "--fields", "id", "-o", "csv"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "account,id\r\nadmin@fake.test,41\r\nadmin@fake.test,40\r\n", "\(result)")
    }
}
