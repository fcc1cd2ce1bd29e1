import FediCore
import FediTestSupport
import Foundation
import Testing

/// `statuses …` over the real paths: mastodon_mock for Mastodon (show; the writes refused before
/// anything is sent, the post read back untouched), and the Pleroma, Akkoma and Misskey fixtures,
/// whose answers come from those servers' own API descriptions, for what each request sends.
struct StatusModerationTests {
    /// Each fixture's report and the post it is about.
    static let reported = ["pleroma": "Aq0abEtfA4eteBRWQR", "akkoma": "Aq0abEtYnFx9MBCokQ"]
    static let report = ["pleroma": "Aq0e8GN2NgeIHNbOoa", "akkoma": "Aq0e8GNBL9JsFHK97S"]

    @Test func mastodonShowsAPostAsTheServerHasItAndRefusesTheWrites() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let admin = UserSide(server, MockServer.admin)
        let posted = try #require(
            try await server.json(
                .post, "/api/v1/statuses", token: MockServer.alice.token,
                body: ["status": "cheap watches", "visibility": "unlisted", "sensitive": true, "spoiler_text": "ad"])
                as? [String: Any])
        let id = try #require(posted["id"] as? String)
        let shown = await admin.run(["statuses", "show", id, "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        let post = try #require(try shown.json() as? [String: Any], "\(shown)")
        let own = try #require(try await admin.get("/api/v1/statuses/\(id)") as? [String: Any])
        #expect(post["id"] as? String == id && post["visibility"] as? String == own["visibility"] as? String, "\(post)")
        #expect(post["sensitive"] as? Bool == own["sensitive"] as? Bool && post["content_warning"] as? String == "ad")
        #expect(post["content"] as? String == "cheap watches", "\(post)")

        for verb in [["delete", id, "--yes"], ["sensitive", id], ["visibility", id, "--to", "private"]] {
            let refused = await admin.run(["statuses"] + verb)
            #expect(refused.status == 69, "\(refused)")
            #expect(refused.stderr.hasPrefix("fedictl: statuses \(verb[0]) is not available on Mastodon 4.6.0\n"))
        }
        // Nothing was sent: the post is as it was.
        let after = try #require(try await admin.get("/api/v1/statuses/\(id)") as? [String: Any])
        #expect(after["visibility"] as? String == own["visibility"] as? String && after["sensitive"] as? Bool == true)
    }

    @Test(arguments: ["pleroma", "akkoma"])
    func pleromaReadsMarksChangesAndDeletesThroughItsAdminAPI(flavour: String) async throws {
        let fixture = try await FixtureModerator.start(flavour)
        defer { fixture.server.stop() }
        let id = try #require(Self.reported[flavour])
        let path = "/api/v1/pleroma/admin/statuses/\(id)"

        // The report names the post; reports show offers the verbs for it on a terminal.
        let report = await fixture.run(["reports", "show", try #require(Self.report[flavour]), "-o", "json"])
        #expect(
            (try report.json() as? [String: Any]).flatMap { $0["posts"] as? [[String: Any]] }?.first?["id"]
                as? String == id, "\(report)")

        let shown = await fixture.run(["statuses", "show", id])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("author\t@cheapwatches@spam.example\n"), "\(shown)")
        #expect(shown.stdout.contains("visibility\tpublic\n") && shown.stdout.contains("sensitive\tno\n"), "\(shown)")

        let marked = await fixture.run(["statuses", "sensitive", id])
        #expect(marked.status == 0, "\(marked)")
        #expect(tsvRows(marked.stdout).first?.last == "marked sensitive", "\(marked)")
        let moved = await fixture.run(["statuses", "visibility", id, "--to", "unlisted"])
        #expect(moved.status == 0, "\(moved)")
        let bodies = try await fixture.server.received("PUT", path)
        #expect(bodies.count == 2, "\(bodies)")
        #expect(bodies.first as NSDictionary? == ["sensitive": true] as NSDictionary, "\(bodies)")
        #expect(bodies.last as NSDictionary? == ["visibility": "unlisted"] as NSDictionary, "\(bodies)")

        let deleted = await fixture.run(["statuses", "delete", id, "--yes"])
        #expect(deleted.status == 0, "\(deleted)")
        #expect(try await fixture.server.received("DELETE", path).count == 1)

        let missing = await fixture.run(["statuses", "sensitive", "AAAAAAAAAAAAAAAAAA"])
        #expect(missing.status == 65, "\(missing)")
        #expect(
            tsvRows(missing.stdout).first?.last?.hasPrefix("failed: no post AAAAAAAAAAAAAAAAAA") == true, "\(missing)")
    }

    @Test func misskeyShowsAndDeletesANoteAsAModerator() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        defer { server.stop() }
        let mika = UserSide(fixture: server, username: "mika")
        let shown = await mika.run(["statuses", "show", "a316s4gwq7htgwws", "-o", "json"])
        #expect(shown.status == 0, "\(shown)")
        let post = try #require(try shown.json() as? [String: Any], "\(shown)")
        #expect(post["id"] as? String == "a316s4gwq7htgwws" && post["author"] as? String == "mika", "\(post)")
        let deleted = await mika.run(["statuses", "delete", "a316s4gwq7htgwws", "--yes"])
        #expect(deleted.status == 0, "\(deleted)")
        let sent = try await server.received("POST", "/api/notes/delete")
        #expect(sent.count == 1 && sent.first?["noteId"] as? String == "a316s4gwq7htgwws", "\(sent)")
        let refused = await mika.run(["statuses", "sensitive", "a316s4gwq7htgwws"])
        #expect(refused.status == 69, "\(refused)")
        #expect(refused.stderr.hasPrefix("fedictl: statuses sensitive is not available on Misskey 2024.11.0\n"))
    }
}
