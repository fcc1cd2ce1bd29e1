import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports note` in the fast tier (Pleroma, Akkoma, Misskey, Sharkey).
@Suite struct ReportsNoteTests {
    @Test func akkomaPostsTheNoteThenShowsTheReportWithIt() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        let id = "Aq0e8GNBL9JsFHK97S"
        server.transport.stub(.post, "/api/v1/pleroma/admin/reports/\(id)/notes", status: 204, json: "")
        try server.transport.stub(.get, "/api/v1/pleroma/admin/reports/\(id)", fixture: "akkoma/admin-report.json")
        let result = await server.run(["reports", "note", id, "Looks like the usual watch spam.", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            (result.jsonObject?["notes"] as? [[String: Any]])?.first?["content"] as? String
                == "Looks like the usual watch spam.", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "POST /api/v1/pleroma/admin/reports/\(id)/notes", "GET /api/v1/pleroma/admin/reports/\(id)",
            ])
        #expect(server.transport.requests.first?.bodyText == #"{"content":"Looks like the usual watch spam."}"#)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyReplacesTheModerationNote() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/admin/update-abuse-user-report", status: 204, json: "")
        let result = await server.run(["reports", "note", "9r1", "checked"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Noted on report 9r1 on fake.test.\n", "\(result)")
        let body = try #require(server.transport.requests.first?.jsonBody)
        #expect(body["reportId"] as? String == "9r1" && body["moderationNote"] as? String == "checked")
        #expect(
            server.transport.requests.first?.bodyText
                == #"{"i":"fake-admin-token","moderationNote":"checked","reportId":"9r1"}"#)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonHasNoReportNotesAPI() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["reports", "note", "17", "checked"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: reports note is not available on Mastodon 4.3.0
                hint: Mastodon has no API for it; `fedictl instance features fake.test` lists what this server can do

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeysNoSuchReportIsExit66() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/admin/update-abuse-user-report", status: 400,
            json: #"{"error": {"message": "No such report.", "code": "NO_SUCH_REPORT", "id": "x"}}"#)
        let result = await server.run(["reports", "note", "nope", "checked"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no report nope on fake.test\nhint: "), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
