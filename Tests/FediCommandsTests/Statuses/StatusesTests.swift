import FediCore
import FediTestSupport
import Foundation
import Testing

/// `statuses show|delete|sensitive|unsensitive|visibility` in the fast tier.
@Suite struct StatusesTests {
    static func status(_ id: String, sensitive: Bool = false, visibility: String = "public", text: String = "buy now")
        -> String
    {
        #"{"id": "\#(id)", "created_at": "2026-11-20T10:00:00.000Z", "content": "<p>\#(text)</p>", "#
            + #""spoiler_text": "", "sensitive": \#(sensitive), "visibility": "\#(visibility)", "#
            + #""url": "https://fake.test/notice/\#(id)", "media_attachments": [], "#
            + #""account": {"id": "9", "username": "ann", "acct": "ann"}}"#
    }

    static func pleroma() -> FakeServerAccount { FakeServerAccount(software: "pleroma", version: "2.7.1") }

    static func body(_ request: HTTPRequest) -> [String: Any] {
        request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }

    @Test func showOnPleromaReadsTheAdminAPI() async throws {
        let server = Self.pleroma()
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC", visibility: "private"))
        let result = await server.run(["statuses", "show", "AbC", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let post = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(post["id"] as? String == "AbC" && post["visibility"] as? String == "private", "\(post)")
        #expect(post["author"] as? String == "ann" && post["content"] as? String == "buy now", "\(post)")
    }

    @Test func showPipedIsKeyValueLinesWithTheBodyBehindItsMark() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/statuses/12", json: Self.status("12", sensitive: true))
        let result = await server.run(["statuses", "show", "12"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("visibility\tpublic\n"), "\(result)")
        #expect(result.stdout.contains("content\t[sensitive] (hidden; --reveal shows it)\n"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/statuses/12"])
    }

    @Test func showOnMisskeyCallsNotesShow() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/notes/show",
            json: #"{"id": "9xyz", "createdAt": "2026-11-20T10:00:00.000Z", "text": "hello", "cw": null, "#
                + #""visibility": "home", "user": {"id": "u1", "username": "mika", "host": null}, "files": []}"#)
        let result = await server.run(["statuses", "show", "9xyz", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let post = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(post["visibility"] as? String == "home" && post["content"] as? String == "hello", "\(post)")
        let sent = try #require(server.transport.requests.first)
        #expect(Self.body(sent)["noteId"] as? String == "9xyz", "\(Self.body(sent))")
    }

    @Test func aMissingPostIs66NamingIt() async throws {
        let server = Self.pleroma()
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/statuses/nope", status: 404, json: #"{"error": "Not found"}"#)
        let result = await server.run(["statuses", "show", "nope"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no post nope on fake.test\n"), "\(result)")
    }

    @Test func sensitiveSendsPutAndJournalsItsUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("statuses-sensitive")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = Self.pleroma()
        server.transport.stub(.get, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC"))
        server.transport.stub(.put, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC", sensitive: true))
        let result = await server.run(["statuses", "sensitive", "AbC", "-o", "json"], journal: journal)
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["result"] as? String } == ["marked sensitive"], "\(rows)")
        #expect(rows.first?["target"] as? String == "@ann: buy now", "\(rows)")
        let put = try #require(server.transport.requests.last)
        #expect(put.route == "PUT /api/v1/pleroma/admin/statuses/AbC")
        #expect(Self.body(put) as NSDictionary == ["sensitive": true] as NSDictionary, "\(Self.body(put))")
        let entry = try #require(journal.readNow().entries.first { $0.outcome == .ok })
        #expect(entry.target == "post AbC (@ann: buy now)", "\(entry)")
        #expect(entry.before == "sensitive: no; visibility: public", "\(entry)")
        #expect(entry.after == "sensitive: yes; visibility: public", "\(entry)")
        #expect(entry.undo == "fedictl --account admin@fake.test statuses unsensitive AbC --yes", "\(entry)")
    }

    @Test func visibilityIsUndoneByTheOneItHad() async throws {
        let (journal, state) = try JournalUndoTests.journal("statuses-visibility")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = Self.pleroma()
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC", visibility: "unlisted"))
        server.transport.stub(
            .put, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC", visibility: "private"))
        let result = await server.run(["statuses", "visibility", "AbC", "--to", "private"], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "AbC\t@ann: buy now\tmade private\n", "\(result)")
        let put = try #require(server.transport.requests.last)
        #expect(Self.body(put) as NSDictionary == ["visibility": "private"] as NSDictionary, "\(Self.body(put))")
        let entry = try #require(journal.readNow().entries.first { $0.outcome == .ok })
        #expect(entry.before == "sensitive: no; visibility: unlisted", "\(entry)")
        #expect(
            entry.undo == "fedictl --account admin@fake.test statuses visibility AbC --to unlisted --yes", "\(entry)")
    }

    @Test func anUnknownVisibilityIsAUsageError() async {
        let result = await Self.pleroma().run(["statuses", "visibility", "AbC", "--to", "friends"])
        #expect(result.status == 64, "\(result)")
    }

    @Test func deleteIsAskedFirstAndJournaledWithoutUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("statuses-delete")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = Self.pleroma()
        server.transport.stub(.get, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC"))
        let refused = await server.run(["statuses", "delete", "AbC"], tty: true, journal: journal)
        #expect(refused.status != 0 && !server.transport.requests.contains { $0.method == .delete }, "\(refused)")
        server.transport.stub(.get, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC"))
        server.transport.stub(.delete, "/api/v1/pleroma/admin/statuses/AbC", json: "{}")
        let result = await server.run(["statuses", "delete", "AbC", "--yes"], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "AbC\t@ann: buy now\tdeleted\n", "\(result)")
        let entry = try #require(journal.readNow().entries.first { $0.outcome == .ok })
        #expect(entry.after == "none" || entry.after == nil, "\(entry)")
        #expect(entry.undo == nil && entry.noUndo == "a deleted post cannot be brought back", "\(entry)")
    }

    @Test func deleteOnMisskeyIsAModeratorsNotesDelete() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/notes/show",
            json: #"{"id": "9xyz", "text": "spam", "visibility": "public", "user": {"id": "u1", "username": "mika"}}"#)
        server.transport.stub(.post, "/api/notes/delete", status: 204, json: "")
        let result = await server.run(["statuses", "delete", "9xyz", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/notes/show", "POST /api/notes/delete"])
        #expect(Self.body(server.transport.requests[1])["noteId"] as? String == "9xyz")
    }

    @Test func stdinTakesTheIdsAListPrinted() async throws {
        let server = Self.pleroma()
        for id in ["A1", "A2"] {
            server.transport.stub(.get, "/api/v1/pleroma/admin/statuses/\(id)", json: Self.status(id, sensitive: true))
            server.transport.stub(.put, "/api/v1/pleroma/admin/statuses/\(id)", json: Self.status(id))
        }
        let result = await server.run(["statuses", "unsensitive", "-", "-o", "json"], input: "A1\nA2\n")
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["id"] as? String } == ["A1", "A2"], "\(rows)")
        let puts = server.transport.requests.filter { $0.method == .put }
        #expect(puts.map { Self.body($0)["sensitive"] as? Bool } == [false, false])
    }

    @Test func dryRunSendsNoWrite() async throws {
        let server = Self.pleroma()
        server.transport.stub(.get, "/api/v1/pleroma/admin/statuses/AbC", json: Self.status("AbC"))
        let result = await server.run(["statuses", "sensitive", "AbC", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "AbC\t@ann: buy now\twould mark sensitive\n", "\(result)")
        #expect(!server.transport.requests.contains { $0.method != .get })
    }

    @Test func writesAreRefusedWhereTheSoftwareHasNoAPINamingIt() async {
        await FakeServerAccount()
            .expectRefused(
                ["statuses", "delete", "1", "--yes"],
                startingWith: "fedictl: statuses delete is not available on Mastodon 4.3.0")
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["statuses", "sensitive", "1"],
                startingWith: "fedictl: statuses sensitive is not available on GoToSocial 0.17.3")
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["statuses", "visibility", "1", "--to", "private"],
                startingWith: "fedictl: statuses visibility is not available on Misskey 2024.11.0")
    }

    @Test func reportsShowOffersThePostVerbsOnATerminal() async throws {
        let server = Self.pleroma()
        try server.transport.stub(
            .get, "/api/v1/pleroma/admin/reports/Aq0e8GN2NgeIHNbOoa", fixture: "pleroma/admin-report.json")
        let result = await server.run(["reports", "show", "Aq0e8GN2NgeIHNbOoa"], tty: true)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "hint: act on a post by its id: fedictl statuses show|delete|sensitive|unsensitive|visibility "),
            "\(result)")
        let piped = FakeServerAccount()
        piped.transport.stub(
            .get, "/api/v1/admin/reports/5",
            json:
                #"{"id": "5", "created_at": "2026-11-20T10:00:00.000Z", "account": {"id": "1", "username": "a", "account": {"id": "1", "username": "a", "acct": "a"}}, "target_account": {"id": "2", "username": "b", "account": {"id": "2", "username": "b", "acct": "b"}}, "statuses": [\#(Self.status("77"))]}"#
        )
        let shown = await piped.run(["reports", "show", "5"], tty: true)
        #expect(shown.stderr.contains("hint: act on a post by its id: fedictl statuses show 77\n"), "\(shown)")
    }
}

/// Each statuses request against the server's published description of it.
@Suite struct StatusesContractTests {
    @Test func pleromaShowUpdateAndDeleteAreAsDescribed() async throws {
        let contract = try APIContract("pleroma-admin-statuses.json")
        let path = contract["show"].path.replacing("{id}", with: "AbC123")
        let server = StatusesTests.pleroma()
        server.transport.stub(.get, path, json: contract["show"].answerJSON)
        let shown = await server.run(["statuses", "show", "AbC123", "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        APIContract.check(try #require(server.transport.requests.last), against: contract["show"])
        let post = try #require(try shown.json() as? [String: Any], "\(shown)")
        #expect(post["author"] as? String == "cheapwatches@spam.example" && post["visibility"] as? String == "public")
        #expect(["sensitive", "visibility", "spoiler_text", "content"].allSatisfy(contract["show"].fields.contains))

        for (verb, extra) in [("sensitive", [String]()), ("unsensitive", []), ("visibility", ["--to", "private"])] {
            server.transport.stub(.get, path, json: contract["show"].answerJSON)
            server.transport.stub(.put, path, json: contract["update"].answerJSON)
            let result = await server.run(["statuses", verb, "AbC123"] + extra)
            #expect(result.status == 0, "\(verb): \(result)")
            APIContract.check(try #require(server.transport.requests.last), against: contract["update"])
        }
        // Every visibility fedictl offers is one the description allows.
        #expect(Set(PostVisibility.allCases.map(\.rawValue)).isSubset(of: contract["update"].allowedKeys))

        server.transport.stub(.get, path, json: contract["show"].answerJSON)
        server.transport.stub(.delete, path, json: contract["delete"].answerJSON)
        let deleted = await server.run(["statuses", "delete", "AbC123", "--yes"])
        #expect(deleted.status == 0, "\(deleted)")
        let request = try #require(server.transport.requests.last)
        APIContract.check(request, against: contract["delete"])
        #expect(request.body == nil || request.body?.isEmpty == true)
    }

    @Test func misskeyShowAndDeleteAreAsDescribed() async throws {
        let contract = try APIContract("misskey-notes.json")
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/notes/show", json: contract["notes/show"].answerJSON)
        let shown = await server.run(["statuses", "show", "a316s4gwq7htgwws", "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        let show = try #require(server.transport.requests.last)
        APIContract.check(show, against: contract["notes/show"])
        #expect(APIContract.missingRequired(show, contract["notes/show"].required).isEmpty)
        let post = try #require(try shown.json() as? [String: Any], "\(shown)")
        #expect(post["content_warning"] as? String == "ad" && post["visibility"] as? String == "followers", "\(post)")

        server.transport.stub(.post, "/api/notes/show", json: contract["notes/show"].answerJSON)
        server.transport.stub(.post, "/api/notes/delete", status: 204, json: "")
        let deleted = await server.run(["statuses", "delete", "a316s4gwq7htgwws", "--yes"])
        #expect(deleted.status == 0, "\(deleted)")
        let delete = try #require(server.transport.requests.last)
        APIContract.check(delete, against: contract["notes/delete"])
        #expect(APIContract.missingRequired(delete, contract["notes/delete"].required).isEmpty)
    }

    @Test func mastodonShowIsAsDescribed() async throws {
        let contract = try APIContract("mastodon-statuses.json")
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/statuses/103270115826048975", json: contract["show"].answerJSON)
        let shown = await server.run(["statuses", "show", "103270115826048975", "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        APIContract.check(try #require(server.transport.requests.last), against: contract["show"])
        let post = try #require(try shown.json() as? [String: Any], "\(shown)")
        #expect(post["sensitive"] as? Bool == true && post["content_warning"] as? String == "spoilers", "\(post)")
    }
}
