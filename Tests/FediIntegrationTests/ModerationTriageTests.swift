import FediCore
import FediTestSupport
import Foundation
import Testing

/// A moderator's morning against mastodon_mock, over libcurl: a user files a report, the admin
/// lists it, reads it with its posts, assigns it, suspends the reported account through it, sees it
/// resolved, reopens it. The server's own JSON is checked after every step.
struct ModerationTriageTests {
    @Test func aReportFromFilingToResolvedAndReopened() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let scene = try await TriageScene.set(on: server)

        // The queue.
        let list = await admin.run(["reports", "list"])
        #expect(list.status == 0, "\(list)")
        let rows = admin.rows(list.stdout)
        try #require(rows.count == 1)
        #expect(rows[0][0] == scene.reportID)
        #expect(
            Array(rows[0][2...]) == [
                "open", "@alice@\(server.base)", "@bob@\(server.base)", "spam", "", "Scam links in every reply",
            ])
        let aboutBob = await admin.run(["reports", "list", "--target", "@bob", "-o", "json"])
        #expect((try aboutBob.json() as? [[String: Any]])?.map { $0["id"] as? String } == [scene.reportID])
        let byBob = await admin.run(["reports", "list", "--reporter", scene.bobID, "-o", "json"])
        #expect(byBob.stdout == "[]\n")

        // The report with its posts: plain text, the warned one hidden, media as URLs.
        let show = await admin.run(["reports", "show", scene.reportID])
        #expect(show.status == 0, "\(show)")
        for line in [
            "state\topen", "reporter\t@alice@\(server.base)", "target\t@bob@\(server.base)", "category\tspam",
            "comment\tScam links in every reply",
            "forwarded\tno", "assigned_to\t", "action_taken\tno", "posts\t2",
            "post1.id\t\(scene.plainPostID)", "post1.content\tCheap watches at https://spam.example/deal #deals",
            "post1.media_urls\t\(scene.plainMediaURL)",
            "post2.id\t\(scene.warnedPostID)", "post2.content\t[CW: hot take] (hidden; --reveal shows it)",
            "post2.media_urls\t1 hidden",
        ] {
            #expect(show.stdout.contains(line + "\n"), "missing \(line) in:\n\(show.stdout)")
        }
        #expect(!show.stdout.contains("you are all wrong"))
        let raw = await admin.run(["reports", "show", scene.reportID, "--raw"])
        #expect(raw.stdout.contains("<a href=\\\"https://spam.example/deal\\\""), "the server sent HTML: \(raw.stdout)")
        #expect(!show.stdout.contains(scene.warnedMediaURL))
        let revealed = await admin.run(["reports", "show", scene.reportID, "--reveal"])
        // Revealed, the warning still goes first.
        #expect(revealed.stdout.contains("post2.content\t[CW: hot take] you are all wrong\n"), "\(revealed)")
        #expect(revealed.stdout.contains("post2.media_urls\t\(scene.warnedMediaURL)\n"))
        let json = try #require(
            try await admin.run(["reports", "show", scene.reportID, "-o", "json"]).json() as? [String: Any])
        let posts = try #require(json["posts"] as? [[String: Any]])
        #expect(posts.map { $0["content_warning"] as? String } == [nil, "hot take"])
        #expect(posts.last?["content"] as? String == "you are all wrong")  // JSON carries the text behind the warning

        // A bad --fields is refused before anything changes on the server.
        let badFields = await admin.run(["reports", "assign", scene.reportID, "--fields", "id,bogus"])
        #expect(badFields.status == 64, "\(badFields)")
        #expect(badFields.stderr.hasPrefix("fedictl: unknown field bogus\n"))
        #expect(try await scene.adminReport()["assigned_account"] is NSNull)

        // Assigned to me.
        let assign = await admin.run(["reports", "assign", scene.reportID])
        #expect(assign.status == 0, "\(assign)")
        #expect(assign.stdout.contains("assigned_to\t@admin@\(server.base)\n"))
        #expect(
            try await scene.adminReport()["assigned_account"].flatMap { ($0 as? [String: Any])?["username"] as? String }
                == "admin")

        // Suspending bob through the report needs --yes off a terminal, and resolves the report.
        let unconfirmed = await admin.run([
            "accounts", "action", scene.bobID, "--type", "suspend", "--report", scene.reportID,
        ])
        #expect(unconfirmed.status == 64, "\(unconfirmed)")
        #expect(unconfirmed.stderr.hasPrefix("fedictl: Suspend @bob on \(server.base): confirmation needed\n"))
        #expect(try await scene.adminAccount()["suspended"] as? Bool == false)

        let suspend = await admin.run([
            "accounts", "action", scene.bobID, "--type", "suspend", "--report", scene.reportID,
            "--text", "Spam", "--yes",
        ])
        #expect(suspend.status == 0, "\(suspend)")
        #expect(suspend.stdout.contains("status\tsuspended\n"))
        #expect(try await scene.adminAccount()["suspended"] as? Bool == true)
        let resolvedOnServer = try await scene.adminReport()
        #expect(resolvedOnServer["action_taken"] as? Bool == true)
        #expect((resolvedOnServer["action_taken_by_account"] as? [String: Any])?["username"] as? String == "admin")

        // Resolved: gone from the queue, in the resolved list.
        #expect(await admin.run(["reports", "list"]).stdout.isEmpty)
        let resolved = await admin.run(["reports", "list", "--resolved", "--fields", "id,state"])
        #expect(resolved.stdout == admin.listed("\(scene.reportID)\tresolved\n"), "\(resolved)")
        let shown = await admin.run(["reports", "show", scene.reportID])
        #expect(
            shown.stdout.contains("state\tresolved\n")
                && shown.stdout.contains("action_taken_by\t@admin@\(server.base)\n"), "\(shown)")

        // Reopened.
        let reopen = await admin.run(["reports", "reopen", scene.reportID, "--fields", "id,state"])
        #expect(reopen.status == 0, "\(reopen)")
        #expect(reopen.stdout == "id\t\(scene.reportID)\nstate\topen\n")
        #expect(try await scene.adminReport()["action_taken"] as? Bool == false)
        #expect(admin.rows(await admin.run(["reports", "list"]).stdout).map(\.first) == [scene.reportID])

        // Bob, suspended, is still found by handle (the client API hides him), and can be let back.
        let unsuspend = await admin.run(["accounts", "unsuspend", "@bob", "--fields", "acct,status"])
        #expect(unsuspend.stdout == "acct\t@bob\nstatus\tactive\n", "\(unsuspend)")
        #expect(try await scene.adminAccount()["suspended"] as? Bool == false)
    }

    @Test func resolvingAndUnassigningWithoutActing() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let scene = try await TriageScene.set(on: server)
        _ = await admin.run(["reports", "assign", scene.reportID])
        let unassign = await admin.run(["reports", "unassign", scene.reportID, "-o", "json"])
        #expect(unassign.status == 0, "\(unassign)")
        #expect((try unassign.json() as? [String: Any])?["assigned_to"] is NSNull)
        #expect(try await scene.adminReport()["assigned_account"] is NSNull)

        let resolve = await admin.run(["reports", "resolve", scene.reportID, "--fields", "state,action_taken"])
        #expect(resolve.stdout == "state\tresolved\naction_taken\tyes\n", "\(resolve)")
        #expect(try await scene.adminReport()["action_taken"] as? Bool == true)
        #expect(try await scene.adminAccount()["suspended"] as? Bool == false)

        let comment = await admin.run(["reports", "resolve", scene.reportID, "--comment", "thanks"])
        #expect(comment.status == 69, "\(comment)")
        #expect(
            comment.stderr.hasPrefix(
                "fedictl: reports resolve --comment is not available through the Mastodon admin API\n"))
        let note = await admin.run(["reports", "note", scene.reportID, "seen it"])
        #expect(note.status == 69, "\(note)")
        #expect(note.stderr.hasPrefix("fedictl: reports note is not available on Mastodon 4.6.0\n"), "\(note)")
    }

    @Test func accountsActionsAndTheirUndoing() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let bobID = try await TriageScene.accountID("bob", on: server)
        func state() async throws -> [String: Any] {
            try #require(
                try await server.json(.get, "/api/v1/admin/accounts/\(bobID)", token: MockServer.admin.token)
                    as? [String: Any])
        }

        let dryRun = await admin.run(["accounts", "action", bobID, "--type", "silence", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(
            dryRun.stdout.hasPrefix(
                "dry run: would send POST http://\(server.base)/api/v1/admin/accounts/\(bobID)/action\n"))
        #expect(try await state()["silenced"] as? Bool == false)

        for (kind, flag) in [("silence", "silenced"), ("sensitive", "sensitized"), ("disable", "disabled")] {
            let act = await admin.run(["accounts", "action", "@bob", "--type", kind, "--yes", "--fields", flag])
            #expect(act.stdout == "\(flag)\tyes\n", "\(act)")
            #expect(try await state()[flag] as? Bool == true)
        }
        let listed = await admin.run(["accounts", "list", "--disabled", "--fields", "acct,status"])
        #expect(listed.stdout == admin.listed("@bob\tdisabled\n"), "\(listed)")
        for (verb, flag) in [("unsilence", "silenced"), ("unsensitive", "sensitized"), ("enable", "disabled")] {
            let undo = await admin.run(["accounts", verb, bobID, "--fields", flag])
            #expect(undo.stdout == "\(flag)\tno\n", "\(undo)")
            #expect(try await state()[flag] as? Bool == false)
        }

        let warn = await admin.run([
            "accounts", "action", bobID, "--type", "none", "--text", "Please stop", "--no-notify", "-o", "json",
        ])
        #expect(warn.status == 0, "\(warn)")
        #expect((try warn.json() as? [String: Any])?["status"] as? String == "active")

        // Mastodon deletes only a suspended account: checked first, nothing sent (the mock would delete).
        let notSuspended = await admin.run(["accounts", "delete", bobID, "--yes"])
        #expect(notSuspended.status == 65, "\(notSuspended)")
        #expect(
            notSuspended.stderr.hasPrefix(
                "fedictl: @bob is not suspended; Mastodon deletes only suspended accounts, nothing was sent\n"))
        #expect(
            try await server.request(.get, "/api/v1/admin/accounts/\(bobID)", token: MockServer.admin.token).status
                == 200)
        #expect(await admin.run(["accounts", "action", bobID, "--type", "suspend", "--yes"]).status == 0)
        let refused = await admin.run(["accounts", "delete", bobID])
        #expect(refused.status == 64, "\(refused)")
        let delete = await admin.run(["accounts", "delete", bobID, "--yes", "--fields", "acct"])
        #expect(delete.stdout == "acct\t@bob\n", "\(delete)")
        #expect(
            try await server.request(.get, "/api/v1/admin/accounts/\(bobID)", token: MockServer.admin.token).status
                == 404)
    }

    @Test func listingAccountsByStateOriginAndName() async throws {
        let remote = SeedAccount("spammer", token: "spammer-token")
        let server = try await MockServer.start(
            accounts: [MockServer.admin, MockServer.alice, MockServer.bob, remote],
            extraConfig: "[[seed.accounts]]\nusername = \"mallory\"\ndomain = \"spam.example\"\n")
        let admin = UserSide(server, MockServer.admin)
        let local = await admin.run(["accounts", "list", "--local", "--fields", "acct"])
        #expect(
            Set(admin.rows(local.stdout).map { $0.joined() }) == ["@admin", "@alice", "@bob", "@spammer"], "\(local)")
        let remoteOnes = await admin.run([
            "accounts", "list", "--remote", "--domain", "spam.example", "--fields", "acct,domain",
        ])
        #expect(remoteOnes.stdout == admin.listed("@mallory@spam.example\tspam.example\n"), "\(remoteOnes)")
        let staff = await admin.run(["accounts", "list", "--staff", "--fields", "acct,role,staff"])
        #expect(staff.stdout == admin.listed("@admin\tAdmin\tyes\n"), "\(staff)")
        let named = await admin.run([
            "accounts", "list", "--username", "ali", "--email", "alice@example.test", "--fields", "acct,email",
        ])
        #expect(named.stdout == admin.listed("@alice\talice@example.test\n"), "\(named)")
        let limited = await admin.run(["accounts", "list", "--limit", "2", "-o", "json"])
        #expect((try limited.json() as? [Any])?.count == 2)
        let bad = await admin.run(["accounts", "list", "--pending", "--suspended"])
        #expect(bad.status == 64, "\(bad)")
        let shown = await admin.run(["accounts", "show", "@mallory@spam.example", "--fields", "id,acct,domain,email"])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("acct\t@mallory@spam.example\ndomain\tspam.example\nemail\t\n"), "\(shown)")
    }

    // MARK: errors

    @Test func aMissingIdIsNamedWithExit66() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let report = await admin.run(["reports", "show", "4242"])
        #expect(report.status == 66, "\(report)")
        #expect(report.stderr.hasPrefix("fedictl: no report 4242 on \(server.base)\nhint: "))
        let assign = await admin.run(["reports", "assign", "4242"])
        #expect(assign.stderr.hasPrefix("fedictl: no report 4242 on \(server.base)\n"), "\(assign)")
        let account = await admin.run(["accounts", "approve", "4242"])
        #expect(account.status == 66, "\(account)")
        #expect(account.stderr.hasPrefix("fedictl: no account 4242 on \(server.base)\nhint: "))
        let handle = await admin.run(["accounts", "show", "@nobody"])
        #expect(handle.status == 66, "\(handle)")
        #expect(handle.stderr.hasPrefix("fedictl: no account @nobody found on \(server.base)\n"))
    }

    @Test func aTokenWithoutTheAdminRoleGets77AndTheReLoginHint() async throws {
        let server = try await MockServer.start()
        // mastodon_mock does not enforce roles: the 403 a real Mastodon sends is injected.
        try await server.addFault([
            "match": ["path_regex": "^/api/v[12]/admin/"],
            "effect": ["type": "status", "status": 403, "body": ["error": "This action is not allowed"]],
        ])
        let alice = UserSide(server, MockServer.alice)
        for arguments in [["reports", "list"], ["accounts", "list", "--pending"], ["reports", "assign", "1"]] {
            let result = await alice.run(arguments)
            #expect(result.status == 77, "\(result)")
            #expect(
                result.stderr == """
                    fedictl: \(server.base) does not allow this (HTTP 403): This action is not allowed
                    hint: this needs an admin login: fedictl auth login \(server.base) --admin

                    """)
        }
    }

    @Test func aRejectedValueGets65WithTheServersMessage() async throws {
        let server = try await MockServer.start()
        let bobID = try await TriageScene.accountID("bob", on: server)
        try await server.addFault([
            "match": ["path_regex": "/action$"],
            "effect": [
                "type": "status", "status": 422,
                "body": ["error": "Validation failed: Type is not included in the list"],
            ],
        ])
        let result = await UserSide(server, MockServer.admin).run(["accounts", "action", bobID, "--type", "sensitive"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: \(server.base) rejected the request (HTTP 422): Validation failed: Type is not included in the list\n"
            ))
    }
}

/// Bob's posts (one plain with an image, one behind a content warning with an image), reported by
/// Alice through the user API.
struct TriageScene {
    let server: ServerProcess
    let bobID: String
    let plainPostID: String
    let plainMediaURL: String
    let warnedPostID: String
    let warnedMediaURL: String
    let reportID: String

    static func set(on server: ServerProcess) async throws -> TriageScene {
        let bob = MockServer.bob.token
        let bobID = try await accountID("bob", on: server)
        let plainMedia = try await upload(on: server, token: bob)
        let warnedMedia = try await upload(on: server, token: bob)
        let plain = try await object(
            server.json(
                .post, "/api/v1/statuses", token: bob,
                body: ["status": "Cheap watches at https://spam.example/deal #deals", "media_ids": [plainMedia.id]]))
        let warned = try await object(
            server.json(
                .post, "/api/v1/statuses", token: bob,
                body: ["status": "you are all wrong", "spoiler_text": "hot take", "media_ids": [warnedMedia.id]]))
        let report = try await object(
            server.json(
                .post, "/api/v1/reports", token: MockServer.alice.token,
                body: [
                    "account_id": bobID, "status_ids": [plain["id"], warned["id"]],
                    "comment": "Scam links in every reply", "category": "spam",
                ]))
        return TriageScene(
            server: server, bobID: bobID, plainPostID: try string(plain["id"]), plainMediaURL: plainMedia.url,
            warnedPostID: try string(warned["id"]), warnedMediaURL: warnedMedia.url, reportID: try string(report["id"]))
    }

    func adminReport() async throws -> [String: Any] {
        try Self.object(try await server.json(.get, "/api/v1/admin/reports/\(reportID)", token: MockServer.admin.token))
    }

    func adminAccount() async throws -> [String: Any] {
        try Self.object(try await server.json(.get, "/api/v1/admin/accounts/\(bobID)", token: MockServer.admin.token))
    }

    static func accountID(_ username: String, on server: ServerProcess) async throws -> String {
        try string(try object(try await server.json(.get, "/api/v1/accounts/lookup?acct=\(username)"))["id"])
    }

    /// `POST /api/v2/media` with a small PNG, as a multipart form.
    static func upload(on server: ServerProcess, token: String) async throws -> (id: String, url: String) {
        let boundary = "fedictl-test-\(UUID().uuidString)"
        let png = Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
        var body = Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"dot.png\"\r\nContent-Type: image/png\r\n\r\n"
                .utf8)
        body += png + Data("\r\n--\(boundary)--\r\n".utf8)
        var request = HTTPRequest(method: .post, url: server.baseURL.appendingPathComponent("api/v2/media"), body: body)
        request.setHeader("Authorization", "Bearer \(token)")
        request.setHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")
        let response = try await CommandHarness.sharedTransport.send(
            request, options: TransportOptions(connectTimeout: 2, totalTimeout: 20))
        let media = try object(try JSONSerialization.jsonObject(with: response.body))
        return (try string(media["id"]), try string(media["url"]))
    }

    static func object(_ value: Any) throws -> [String: Any] {
        try #require(value as? [String: Any])
    }

    static func string(_ value: Any?) throws -> String {
        try #require(value as? String)
    }
}
