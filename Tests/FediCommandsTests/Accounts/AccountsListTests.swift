import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts list` in the fast tier: what a moderator sees when a server's page is hostile or broken
/// (pages are read by `JSONTapeDecoder`, and by JSONDecoder when it gives up).
@Suite struct AccountsListTests {
    static let route = "/api/v2/admin/accounts?limit=100"

    static func account(_ fields: String = "") -> String {
        #"{"id": "41", "username": "ann", "domain": null, "created_at": "2026-11-21T08:00:00.000Z", "email": "ann@mail.example", "ip": "198.51.100.7","#
            + #" "locale": "en", "confirmed": true, "approved": true, "disabled": false, "silenced": false, "suspended": false, "sensitized": false,"#
            + #" "role": {"id": "3", "name": "Moderator", "permissions": "1", "color": "", "highlighted": true}\#(fields),"#
            + #" "account": {"id": "41", "username": "ann", "acct": "ann", "display_name": "Ann", "url": "https://fake.test/@ann"}}"#
    }

    func list(_ body: Data, _ arguments: [String] = ["-o", "json"]) async -> CommandResult {
        let server = FakeServerAccount()
        server.transport.stub(.get, Self.route, body: body)
        return await server.run(["accounts", "list", "--limit", "100"] + arguments)
    }

    @Test func hostileValuesInAPageAreReadAsBefore() async throws {
        // Duplicate keys (the first wins), numbers beyond any integer, escapes for terminal controls.
        let hostile =
            #"{"id": "42", "id": "99", "username": "bob", "username": "eve", "ip": 1e400, "locale": 18446744073709551616,"#
            + #" "created_at": 1e19, "confirmed": 2, "approved": "no", "disabled": 1e19, "role": {"name": "\u001b[31mroot", "permissions": 1e30},"#
            + #" "invite_request": "hi\u0007\u202e", "account": {"id": 42, "username": "bob", "acct": "bob", "display_name": "\ud83d\ude00\u0000"}}"#
        let result = await list(Data(("[" + Self.account() + ", " + hostile + "]").utf8))
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["41", "42"])
        #expect(
            rows[0]["role"] as? String == "Moderator" && rows[0]["staff"] as? Bool == true
                && rows[0]["created_at"] as? String == "2026-11-21T08:00:00Z")
        let bob = rows[1]
        #expect(bob["username"] as? String == "bob" && bob["acct"] as? String == "bob")
        // Read leniently, as before: an id is a string, a number no Int holds is text or nothing,
        // a date beyond year 9999 is its epoch seconds.
        #expect(bob["ip"] is NSNull && bob["disabled"] is NSNull && bob["email"] is NSNull, "\(bob)")
        #expect(
            bob["locale"] as? String == "1.8446744073709552e+19" && bob["created_at"] as? String == "1e+19", "\(bob)")
        #expect(
            bob["confirmed"] as? Bool == true && bob["approved"] as? Bool == false
                && bob["status"] as? String == "pending")
        #expect(bob["role"] as? String == "\u{1B}[31mroot" && bob["staff"] as? Bool == false)
        #expect(bob["reason"] as? String == "hi\u{07}\u{202E}" && bob["display_name"] as? String == "\u{1F600}\u{0}")
        // The controls reach stdout only as escapes.
        #expect(result.stdout.contains(#""reason" : "hi\u0007\u202e""#), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })

        // A raw control character where no model reads: not JSON, but JSONDecoder lets it through
        // there, and so the page is listed as before.
        let unread = await list(
            Data(("[" + Self.account(", \"note\": \"a\u{1B}b\"") + "]").utf8), ["--fields", "id,acct"])
        #expect(unread.status == 0 && unread.stdout == "admin@fake.test\t41\t@ann\n", "\(unread)")
    }

    static let broken: [(String, Data)] = {
        let invalidUTF8: Data = Data(("[" + account(#", "note": "a"#)).utf8) + Data([0xFF, 0xFE]) + Data(#""}]"#.utf8)
        let deep: String = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        return [
            ("truncated", Data(("[" + account()).utf8)),
            ("invalid UTF-8", invalidUTF8),
            ("nested too deep", Data(deep.utf8)),
            ("trailing text", Data(("[" + account() + "] <html>").utf8)),
            ("empty", Data()),
        ]
    }()

    @Test(arguments: broken)
    func aPageThatIsNotJSONExits76WithOneLineAndAHint(_ name: String, _ body: Data) async throws {
        // What JSONDecoder says of any body that is not JSON (a syntax error has no path).
        let result = await list(body, [])
        #expect(result.status == 76, "\(name): \(result)")
        #expect(result.stdout.isEmpty, "\(name): \(result.stdout)")
        #expect(
            result.stderr
                == "fedictl: fake.test sent a response fedictl cannot read from /api/v2/admin/accounts: bad value at the top level\n"
                + "hint: run again with --raw to see the server's own JSON\n", "\(name): \(result.stderr)")
    }

    @Test func aPageOfTheWrongShapeNamesWhereItWentWrong() async throws {
        let wrong: [(String, String)] = [
            (#"{"error": "a list was expected"}"#, "expected Array<Any> at the top level"),
            ("[" + Self.account() + #", {"username": "no-id"}]"#, "missing field id at [1]"),
            ("[" + Self.account() + ", 12]", "expected Dictionary<String, Any> at [1]"),
        ]
        for (body, detail) in wrong {
            let result = await list(Data(body.utf8), [])
            #expect(result.status == 76, "\(body): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "fedictl: fake.test sent a response fedictl cannot read from /api/v2/admin/accounts: \(detail)\n"),
                "\(body): \(result.stderr)")
        }
    }
}
