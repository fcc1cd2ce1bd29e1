import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports …` against the GoToSocial, Pleroma, Akkoma, Misskey and Sharkey fixtures: the requests
/// each server expects, and its real response shapes read into the same report.
struct ReportsFixtureTests {
    static let openGTS = "01JH6A8C0E2G4J6M8P0R2T4W6Y"

    // MARK: GoToSocial

    @Test func goToSocialListsAndPagesOpenReports() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?resolved=false&limit=40": ["file": "admin-reports.json"]
        ])
        let list = await gts.run(["reports", "list"])
        #expect(list.status == 0, "\(list)")
        #expect(
            gts.admin.rows(list.stdout).map { [$0[0]] + $0[2...] } == [
                // Filed as spam: GoToSocial keeps no categories.
                [
                    Self.openGTS, "open", "@alice@\(gts.server.base)", "@bob@\(gts.server.base)", "other", "",
                    "Posting scam links in replies to everyone.",
                ],
                [
                    "01JH4C6E8G0J2M4P6R8T0W2Y4A", "open", "@bob@\(gts.server.base)", "@alice@\(gts.server.base)",
                    "other", "", "",
                ],
            ])
        // GoToSocial lists every state unless told: fedictl always says which.
        #expect(try await gts.queries("GET", "/api/v1/admin/reports") == ["resolved=false&limit=40"])

        // --all follows the Link header to the next page (an empty one here).
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?limit=20&max_id=01JH4C6E8G0J2M4P6R8T0W2Y4A": ["json": [] as [Any]]
        ])
        let all = await gts.run([
            "reports", "list", "--all", "--resolved", "--target", "01JGZ4B6D8F0H2K4M6P8R0T2V4", "-o", "json",
        ])
        #expect(all.status == 0, "\(all)")
        #expect((try all.json() as? [Any])?.count == 2)
        #expect(
            try await gts.queries("GET", "/api/v1/admin/reports").suffix(2) == [
                "resolved=true&target_account_id=01JGZ4B6D8F0H2K4M6P8R0T2V4&limit=100",
                "limit=20&max_id=01JH4C6E8G0J2M4P6R8T0W2Y4A",
            ])
    }

    @Test func goToSocialShowsAndResolvesWithAComment() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        let show = await gts.run(["reports", "show", Self.openGTS])
        #expect(show.status == 0, "\(show)")
        for line in [
            "state\topen", "reporter\t@alice@\(gts.server.base)", "target\t@bob@\(gts.server.base)", "category\tother",
            "rules\t", "comment\tPosting scam links in replies to everyone.",
            "forwarded\tno", "posts\t1", "post1.id\t01JH5R7T9V1X3Z5B7D9F1H3K5M",
            "post1.content\tCheap watches at http://watches.example",
            "post1.url\t\(gts.server.baseURL.absoluteString)/@bob/statuses/01JH5R7T9V1X3Z5B7D9F1H3K5M",
        ] {
            #expect(show.stdout.contains(line + "\n"), "missing \(line) in:\n\(show.stdout)")
        }

        let resolve = await gts.run([
            "reports", "resolve", Self.openGTS, "--comment", "Account suspended, thanks for the report.", "-o", "json",
        ])
        #expect(resolve.status == 0, "\(resolve)")
        #expect(
            try await gts.body("POST", "/api/v1/admin/reports/\(Self.openGTS)/resolve") as? [String: String]
                == ["action_taken_comment": "Account suspended, thanks for the report."])
        let report = try #require(try resolve.json() as? [String: Any])
        #expect(report["state"] as? String == "resolved")
        #expect(report["action_taken_by"] as? String == "@admin@\(gts.server.base)")
        #expect(report["action_comment"] as? String == "Account suspended, thanks for the report.")
        let recorded = try #require(try gts.fixture("admin-report-resolved.json") as? [String: Any])
        #expect(report["action_taken_at"] as? String == recorded["action_taken_at"] as? String)
        #expect((recorded["action_taken_at"] as? String)?.hasPrefix("20") == true)

        let missing = await gts.run(["reports", "show", "01JH00000000000000000000XX"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderr.hasPrefix("fedictl: no report 01JH00000000000000000000XX on \(gts.server.base)\n"))
    }

    @Test func goToSocialCannotAssignReopenOrAnnotate() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        for verb in ["assign", "unassign", "reopen"] {
            let result = await gts.run(["reports", verb, Self.openGTS])
            #expect(result.status == 69, "\(result)")
            #expect(
                result.stderr.hasPrefix(
                    "fedictl: reports \(verb) is not available on GoToSocial 0.20.0-rc1\nhint: GoToSocial has no API for it;"
                ))
        }
        #expect(await gts.run(["reports", "note", Self.openGTS, "hm"]).status == 69)
        #expect(try await gts.writes().isEmpty)
    }

    // MARK: Pleroma and Akkoma

    static let pleromaReports = [("pleroma", "Aq0e8GN2NgeIHNbOoa"), ("akkoma", "Aq0e8GNBL9JsFHK97S")]

    @Test(arguments: pleromaReports) func pleromaListsOpenAndResolvedReports(flavour: String, reportID: String)
        async throws
    {
        let pleroma = try await FixtureModerator.start(flavour)
        try await pleroma.server.addRoutes([
            "GET /api/v1/pleroma/admin/reports?state=open&page_size=40&page=1": ["file": "admin-reports-open.json"]
        ])
        let open = await pleroma.run(["reports", "list"])
        #expect(open.status == 0, "\(open)")
        #expect(
            pleroma.admin.rows(open.stdout).map { [$0[0]] + $0[2...] } == [
                [
                    reportID, "open", "@alice@\(pleroma.server.base)", "@cheapwatches@spam.example", "", "",
                    "Posting scam links in replies to everyone.",
                ]
            ])
        #expect(try await pleroma.queries("GET", "/api/v1/pleroma/admin/reports") == ["state=open&page_size=40&page=1"])

        // Pleroma filters by one state: resolved and closed are fetched together and sorted out.
        let resolved = await pleroma.run(["reports", "list", "--resolved", "--fields", "state,target"])
        #expect(resolved.stdout == pleroma.admin.listed("closed\t@edgelord@noisy.example\n"), "\(resolved)")
        #expect(try await pleroma.queries("GET", "/api/v1/pleroma/admin/reports").last == "page_size=40&page=1")
        // It cannot filter by account: fedictl does, on the pages it fetched.
        let bob = await pleroma.run(["reports", "list", "--reporter", "nobody-id", "-o", "json"])
        #expect(bob.stdout == "[]\n", "\(bob)")
    }

    @Test(arguments: pleromaReports) func pleromaShowsNotesAndChangesState(flavour: String, reportID: String)
        async throws
    {
        let pleroma = try await FixtureModerator.start(flavour)
        let show = await pleroma.run(["reports", "show", reportID])
        #expect(show.status == 0, "\(show)")
        for line in [
            "state\topen", "reporter\t@alice@\(pleroma.server.base)", "target\t@cheapwatches@spam.example",
            "notes\t@admin: Looks like the usual watch spam.",
            "created_at\t2025-01-12T15:01:44.615Z",
            "post1.content\tLuxury watches 90% OFF!!! https://spam.example/deal",
        ] {
            #expect(show.stdout.contains(line + "\n"), "missing \(line) in:\n\(show.stdout)")
        }

        #expect(await pleroma.run(["reports", "resolve", reportID]).status == 0)
        #expect(await pleroma.run(["reports", "reopen", reportID]).status == 0)
        let states = try await pleroma.server.received("PATCH", "/api/v1/pleroma/admin/reports").map {
            $0["reports"] as? [[String: String]]
        }
        #expect(states == [[["id": reportID, "state": "resolved"]], [["id": reportID, "state": "open"]]])

        let note = await pleroma.run(["reports", "note", reportID, "Second spam wave.", "--fields", "id,notes"])
        #expect(note.status == 0, "\(note)")
        // the fixture does not keep it
        #expect(note.stdout == "id\t\(reportID)\nnotes\t@admin: Looks like the usual watch spam.\n")
        #expect(
            try await pleroma.body("POST", "/api/v1/pleroma/admin/reports/\(reportID)/notes") as? [String: String] == [
                "content": "Second spam wave."
            ])

        // A comment on resolving becomes a note.
        #expect(await pleroma.run(["reports", "resolve", reportID, "--comment", "Deactivated."]).status == 0)
        #expect(
            try await pleroma.server.received("POST", "/api/v1/pleroma/admin/reports/\(reportID)/notes").last
                as? [String: String]
                == ["content": "Deactivated."])
    }

    @Test func pleromaNamesAMissingReport() async throws {
        let pleroma = try await FixtureModerator.start("pleroma")
        let missing = await pleroma.run(["reports", "show", "AAAAAAAAAAAAAAAAAA"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderr.hasPrefix("fedictl: no report AAAAAAAAAAAAAAAAAA on \(pleroma.server.base)\nhint: "))
        // A batch entry that fails answers 400; the report is then looked up and named.
        try await pleroma.server.addRoutes([
            "PATCH /api/v1/pleroma/admin/reports": [
                "status": 400, "json": [["id": "AAAAAAAAAAAAAAAAAA", "error": "not_found"]],
            ]
        ])
        let resolve = await pleroma.run(["reports", "resolve", "AAAAAAAAAAAAAAAAAA"])
        #expect(resolve.status == 66, "\(resolve)")
        #expect(await pleroma.run(["reports", "assign", "AAAAAAAAAAAAAAAAAA"]).status == 69)
    }

    // MARK: Misskey family

    static let misskeyReports = [
        ("misskey", "a2xb548wzufshns2", "a2tqzl20b2"), ("sharkey", "a2xb548wwi5q2jgm", "a2tqzl20dy"),
    ]

    @Test(arguments: misskeyReports) func misskeyListsResolvesAndAnnotates(
        flavour: String, reportID: String, targetID: String
    ) async throws {
        let misskey = try await FixtureModerator.start(flavour)
        let list = await misskey.run(["reports", "list"])
        #expect(list.status == 0, "\(list)")
        let rows = misskey.admin.rows(list.stdout).map { [$0[0]] + $0[2...] }
        #expect(
            rows.first == [
                reportID, "open", "@mika@\(misskey.server.base)", "@cheapwatches@spam.example", "", "",
                "Note: https://spam.example/notes/9zq1 ----- スパムです / scam links in replies",
            ])
        #expect(
            rows.dropFirst().first?[1...4] == [
                "resolved", "@mika@\(misskey.server.base)", "@edgelord@noisy.example", "",
            ])
        #expect(rows.dropFirst().first?[5] == "@admin@\(misskey.server.base)")
        let listed = try await misskey.body("POST", "/api/admin/abuse-user-reports")
        #expect(
            listed["state"] as? String == "unresolved" && listed["limit"] as? Int == 40
                && listed["i"] as? String == "fixture-token")

        let target = await misskey.run(["reports", "list", "--target", targetID, "--fields", "id"])
        #expect(
            target.stdout == misskey.admin.listed("\(reportID)\n"),
            "Misskey cannot filter by account; fedictl does: \(target)")

        let resolve = await misskey.run(["reports", "resolve", reportID])
        #expect(resolve.status == 0, "\(resolve)")
        #expect(resolve.stdout.isEmpty)
        #expect(resolve.stderr == "Resolved report \(reportID) on \(misskey.server.base).\n")
        #expect(
            try await misskey.body("POST", "/api/admin/resolve-abuse-user-report") as? [String: String]
                == ["reportId": reportID, "i": "fixture-token"])

        try await misskey.server.addRoutes(["POST /api/admin/update-abuse-user-report": ["status": 204]])
        let note = await misskey.run(["reports", "note", reportID, "warned via DM"])
        #expect(note.status == 0, "\(note)")
        #expect(
            try await misskey.body("POST", "/api/admin/update-abuse-user-report") as? [String: String]
                == ["reportId": reportID, "moderationNote": "warned via DM", "i": "fixture-token"])

        let show = await misskey.run(["reports", "show", reportID])
        #expect(show.status == 69, "\(show)")
        #expect(await misskey.run(["reports", "reopen", reportID]).status == 69)
    }

    @Test func misskeyNamesAMissingReport() async throws {
        let misskey = try await FixtureModerator.start("misskey")
        try await misskey.server.addRoutes([
            "POST /api/admin/resolve-abuse-user-report": [
                "status": 400,
                "json": [
                    "error": [
                        "message": "No such abuse report.", "code": "NO_SUCH_ABUSE_REPORT",
                        "id": "ac3794dd-2ce4-d878-e546-73c60c06b398", "kind": "client",
                    ]
                ],
            ]
        ])
        let result = await misskey.run(["reports", "resolve", "zzzz"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no report zzzz on \(misskey.server.base)\n"))
    }
}
