import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts …` against the GoToSocial, Pleroma, Akkoma, Misskey and Sharkey fixtures: the requests
/// each server expects, and its real response shapes read into the same account.
struct AccountsFixtureTests {
    static let pendingGTS = "01JH8ZQ3V5X7A9C1E3G5J7K9M1"
    static let spammerGTS = "01JGZ4B6D8F0H2K4M6P8R0T2V4"  // bob
    static let otherPendingGTS = "01JH9A1C3E5G7J9L1N3Q5S7U9W"  // trainfan

    // MARK: GoToSocial

    @Test func goToSocialListsShowsApprovesAndRejectsSignUps() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        try await gts.server.addRoutes([
            "GET /api/v2/admin/accounts?status=pending&limit=40": ["file": "admin-accounts-v2-pending.json"]
        ])
        let pending = await gts.run(["accounts", "list", "--pending"])
        #expect(pending.status == 0, "\(pending)")
        // Sign-up times as recorded (a re-recording changes them), to the second.
        let recorded = try #require(try gts.fixture("admin-accounts-v2-pending.json") as? [[String: Any]])
        let filed = recorded.map { String(($0["created_at"] as? String ?? "").prefix(19)) + "Z" }
        #expect(
            gts.admin.rows(pending.stdout) == [
                [
                    Self.pendingGTS, "@birdfan", "pending", "birdfan@mail.example", filed[0],
                    "I'd like to join to talk about birds in the Netherlands.", "127.0.0.1",
                ],
                [
                    Self.otherPendingGTS, "@trainfan", "pending", "trainfan@mail.example", filed[1],
                    "I would like to join to talk about trains and timetables.", "127.0.0.1",
                ],
            ])
        #expect(try await gts.queries("GET", "/api/v2/admin/accounts") == ["status=pending&limit=40"])

        let show = await gts.run(["accounts", "show", Self.pendingGTS])
        #expect(
            show.stdout.contains("status\tpending\nrole\t\nemail\tbirdfan@mail.example\nip\t127.0.0.1\n"), "\(show)")

        let approve = await gts.run(["accounts", "approve", Self.pendingGTS, "--fields", "acct,status"])
        #expect(approve.stdout == "acct\t@birdfan\nstatus\tactive\n", "\(approve)")
        let reject = await gts.run(["accounts", "reject", Self.otherPendingGTS, "--yes", "--fields", "acct"])
        #expect(reject.stdout == "acct\t@trainfan\n", "\(reject)")
        #expect(
            try await gts.writes() == [
                "POST /api/v1/admin/accounts/\(Self.pendingGTS)/approve",
                "POST /api/v1/admin/accounts/\(Self.otherPendingGTS)/reject",
            ])

        let all = await gts.run(["accounts", "list", "--local", "--staff", "--fields", "acct,role,staff"])
        #expect(
            try await gts.queries("GET", "/api/v2/admin/accounts").dropFirst().first
                == "origin=local&permissions=staff&limit=40")
        #expect(all.stdout.contains("@admin\tadmin\tyes\n"), "\(all)")
        let sensitized = await gts.run(["accounts", "list", "--sensitized"])
        #expect(sensitized.status == 69, "\(sensitized)")
        #expect(
            sensitized.stderr.hasPrefix(
                "fedictl: accounts list --sensitized is not available on GoToSocial 0.20.0-rc1\n"))
    }

    @Test func goToSocialOnlySuspends() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        let report = try #require(try gts.fixture("admin-report.json") as? [String: Any])
        try await gts.server.addRoutes([
            "GET /api/v1/admin/accounts/\(Self.spammerGTS)": ["json": try #require(report["target_account"])]
        ])

        let silence = await gts.run(["accounts", "action", Self.spammerGTS, "--type", "silence", "--yes"])
        #expect(silence.status == 69, "\(silence)")
        #expect(
            silence.stderr.hasPrefix(
                """
                fedictl: accounts action --type silence is not available on GoToSocial 0.20.0-rc1
                hint: GoToSocial's admin API can only suspend accounts

                """))
        #expect(try await gts.writes().isEmpty)

        let suspend = await gts.run([
            "accounts", "action", Self.spammerGTS, "--type", "suspend", "--report", ReportsFixtureTests.openGTS,
            "--text", "Watch spam", "--yes", "--fields", "acct",
        ])
        #expect(suspend.status == 0, "\(suspend)")
        #expect(suspend.stdout == "acct\t@bob\n", "\(suspend)")
        // GoToSocial's action takes no report: the report is resolved after it.
        #expect(
            try await gts.writes() == [
                "POST /api/v1/admin/accounts/\(Self.spammerGTS)/action",
                "POST /api/v1/admin/reports/\(ReportsFixtureTests.openGTS)/resolve",
            ])
        #expect(
            try await gts.body("POST", "/api/v1/admin/accounts/\(Self.spammerGTS)/action") as? [String: String]
                == ["type": "suspend", "text": "Watch spam"])
        #expect(await gts.run(["accounts", "unsuspend", Self.spammerGTS]).status == 69)
        #expect(await gts.run(["accounts", "delete", Self.spammerGTS, "--yes"]).status == 69)
    }

    // MARK: Pleroma and Akkoma

    @Test(arguments: ["pleroma", "akkoma"]) func pleromaListsAndApprovesByNickname(flavour: String) async throws {
        let pleroma = try await FixtureModerator.start(flavour)
        let newbie = try pleroma.pleromaUser("newbie")
        let newbieID = try #require(newbie["id"] as? String)
        try await pleroma.routePleromaUsers(["newbie", "alice"])
        try await pleroma.server.addRoutes([
            "GET /api/v1/pleroma/admin/users?filters=local,need_approval&page_size=40&page=1": [
                "file": "admin-users-need-approval.json"
            ]
        ])
        let pending = await pleroma.run(["accounts", "list", "--pending", "--local"])
        #expect(pending.status == 0, "\(pending)")
        #expect(
            pleroma.admin.rows(pending.stdout) == [
                [
                    newbieID, "@newbie", "pending", "newbie@mail.example", "2025-01-14T18:30:00Z",
                    "Hi! I'm a friend of @alice and would like to join.", "",
                ]
            ])
        #expect(
            try await pleroma.queries("GET", "/api/v1/pleroma/admin/users") == [
                "filters=local,need_approval&page_size=40&page=1"
            ])

        let everyone = await pleroma.run(["accounts", "list", "--fields", "acct,status,role,tags"])
        #expect(
            pleroma.admin.rows(everyone.stdout) == [
                ["@newbie", "pending", "", ""], ["@alice", "active", "", ""], ["@admin", "active", "admin", ""],
                ["@cheapwatches@spam.example", "silenced", "", "mrf_tag:sandbox"],
                ["@edgelord@noisy.example", "active", "", ""],
            ], "\(everyone)")
        let staff = await pleroma.run(["accounts", "list", "--staff", "--fields", "acct"])
        #expect(staff.stdout == pleroma.admin.listed("@admin\n"), "staff is checked by fedictl: \(staff)")
        let ip = await pleroma.run(["accounts", "list", "--ip", "192.0.2.1"])
        #expect(ip.status == 69, "\(ip)")

        let show = await pleroma.run(["accounts", "show", "@newbie", "--fields", "id,reason"])
        #expect(
            show.stdout == "id\t\(newbieID)\nreason\tHi! I'm a friend of @alice and would like to join.\n", "\(show)")

        let approve = await pleroma.run(["accounts", "approve", newbieID, "--fields", "acct,status"])
        #expect(approve.stdout == "acct\t@newbie\nstatus\tactive\n", "\(approve)")
        #expect(
            try await pleroma.body("PATCH", "/api/v1/pleroma/admin/users/approve") as? [String: [String]] == [
                "nicknames": ["newbie"]
            ])

        let alice = try #require(try pleroma.pleromaUser("alice")["id"] as? String)
        let notPending = await pleroma.run(["accounts", "reject", alice, "--yes"])
        #expect(notPending.status == 65, "\(notPending)")
        #expect(notPending.stderr.hasPrefix("fedictl: @alice on \(pleroma.server.base) is not waiting for approval\n"))
        let reject = await pleroma.run(["accounts", "reject", newbieID, "--yes", "--fields", "acct"])
        #expect(reject.stdout == "acct\t@newbie\n", "\(reject)")
        #expect(
            try await pleroma.body("DELETE", "/api/v1/pleroma/admin/users") as? [String: [String]] == [
                "nicknames": ["newbie"]
            ])
    }

    @Test func pleromaDeactivatesTagsAndUndoes() async throws {
        let pleroma = try await FixtureModerator.start("pleroma")
        let spammer = "cheapwatches@spam.example"
        let id = try #require(try pleroma.pleromaUser(spammer)["id"] as? String)
        try await pleroma.routePleromaUsers([spammer])
        try await pleroma.server.addRoutes([
            "PUT /api/v1/pleroma/admin/users/tag": ["status": 204],
            "DELETE /api/v1/pleroma/admin/users/tag": ["status": 204],
        ])

        let suspend = await pleroma.run([
            "accounts", "action", id, "--type", "suspend", "--report", "Aq0e8GN2NgeIHNbOoa", "--text", "Watch spam",
            "--yes",
        ])
        #expect(suspend.status == 0, "\(suspend)")
        #expect(
            try await pleroma.writes() == [
                "PATCH /api/v1/pleroma/admin/users/deactivate",
                "POST /api/v1/pleroma/admin/reports/Aq0e8GN2NgeIHNbOoa/notes",
                "PATCH /api/v1/pleroma/admin/reports",
            ])
        #expect(
            try await pleroma.body("PATCH", "/api/v1/pleroma/admin/users/deactivate") as? [String: [String]] == [
                "nicknames": [spammer]
            ])
        #expect(
            try await pleroma.body("POST", "/api/v1/pleroma/admin/reports/Aq0e8GN2NgeIHNbOoa/notes")
                as? [String: String] == ["content": "Watch spam"])

        for (kind, tag) in [("silence", "mrf_tag:force-unlisted"), ("sensitive", "mrf_tag:media-force-nsfw")] {
            let act = await pleroma.run(["accounts", "action", "@\(spammer)", "--type", kind, "--yes"])
            #expect(act.status == 0, "\(act)")
            let sent = try await pleroma.server.received("PUT", "/api/v1/pleroma/admin/users/tag").last
            #expect(sent?["nicknames"] as? [String] == [spammer] && sent?["tags"] as? [String] == [tag])
        }
        #expect(await pleroma.run(["accounts", "unsilence", id]).status == 0)
        #expect(await pleroma.run(["accounts", "unsensitive", id]).status == 0)
        let removed = try await pleroma.server.received("DELETE", "/api/v1/pleroma/admin/users/tag").map {
            $0["tags"] as? [String]
        }
        #expect(removed == [["mrf_tag:force-unlisted", "mrf_tag:sandbox"], ["mrf_tag:media-force-nsfw"]])

        let enable = await pleroma.run(["accounts", "enable", id, "--fields", "acct,status"])
        #expect(enable.stdout == "acct\t@\(spammer)\nstatus\tsilenced\n", "the answer of activate: \(enable)")
        #expect(
            try await pleroma.body("PATCH", "/api/v1/pleroma/admin/users/activate") as? [String: [String]] == [
                "nicknames": [spammer]
            ])
        let delete = await pleroma.run(["accounts", "delete", id, "--yes", "--fields", "acct"])
        #expect(delete.stdout == "acct\t@\(spammer)\n", "\(delete)")
        #expect(
            try await pleroma.body("DELETE", "/api/v1/pleroma/admin/users") as? [String: [String]] == [
                "nicknames": [spammer]
            ])

        let before = try await pleroma.writes().count
        for arguments in [
            ["--type", "none"], ["--type", "suspend", "--text", "no report"],
            ["--type", "suspend", "--warning-preset", "1"],
        ] {
            let refused = await pleroma.run(["accounts", "action", id, "--yes"] + arguments)
            #expect(refused.status == 69, "\(refused)")
        }
        #expect(try await pleroma.writes().count == before, "nothing is sent for what Pleroma cannot do")
    }

    // MARK: Misskey family

    static let misskeyUsers = [
        ("misskey", "a30dgnk01yzb60r0", "a2tqzl20b2"), ("sharkey", "a30dgnk0j6m2cwqa", "a2tqzl20dy"),
    ]

    @Test(arguments: misskeyUsers) func misskeyListsShowsSuspendsAndUnsuspends(
        flavour: String, newbieID: String, spammerID: String
    ) async throws {
        let misskey = try await FixtureModerator.start(flavour)
        let users = try #require(try misskey.fixture("admin-show-users.json") as? [[String: Any]])
        let newbie = try #require(users.first { $0["id"] as? String == newbieID })
        try await misskey.server.addRoutes(["POST /api/users/show": ["json": newbie]])

        let remote = await misskey.run([
            "accounts", "list", "--remote", "--domain", "spam.example", "--fields", "id,acct,status",
        ])
        #expect(remote.status == 0, "\(remote)")
        #expect(
            remote.stdout == misskey.admin.listed("\(spammerID)\t@cheapwatches@spam.example\tsuspended\n"), "\(remote)")
        let asked = try await misskey.body("POST", "/api/admin/show-users")
        #expect(
            asked["origin"] as? String == "remote" && asked["hostname"] as? String == "spam.example"
                && asked["state"] as? String == "all")
        // A selector (--domain) reads every page: the server's largest, from the start.
        #expect(asked["limit"] as? Int == 100 && asked["offset"] as? Int == 0, "\(asked)")
        for flag in ["--pending", "--silenced", "--disabled"] {
            #expect(await misskey.run(["accounts", "list", flag]).status == 69)
        }

        let show = await misskey.run(["accounts", "show", "@newbie", "-o", "json"])
        #expect(show.status == 0, "\(show)")
        let account = try #require(try show.json() as? [String: Any])
        #expect(account["id"] as? String == newbieID)
        #expect(account["email"] as? String == "newbie@mail.example")
        #expect(account["ip"] as? String == "198.51.100.23")
        #expect(account["status"] as? String == (flavour == "sharkey" ? "pending" : "active"))
        #expect(account["reason"] as? String == (flavour == "sharkey" ? "Hi! Friend of @mika, I'd like to join." : nil))
        let lookups = try await misskey.server.received("POST", "/api/users/show")
        #expect(lookups.map { $0["username"] as? String } == ["newbie", nil])
        #expect(lookups.last?["userId"] as? String == newbieID)

        let silence = await misskey.run(["accounts", "action", newbieID, "--type", "silence", "--yes"])
        #expect(silence.status == 69, "\(silence)")
        let suspend = await misskey.run([
            "accounts", "action", newbieID, "--type", "suspend", "--yes", "--fields", "acct",
        ])
        #expect(suspend.stdout == "acct\t@newbie\n", "\(suspend)")
        #expect(
            try await misskey.body("POST", "/api/admin/suspend-user") as? [String: String] == [
                "userId": newbieID, "i": "fixture-token",
            ])
        let unsuspend = await misskey.run(["accounts", "unsuspend", newbieID, "--fields", "acct"])
        #expect(unsuspend.stdout == "acct\t@newbie\n", "\(unsuspend)")
        #expect(
            try await misskey.body("POST", "/api/admin/unsuspend-user") as? [String: String] == [
                "userId": newbieID, "i": "fixture-token",
            ])
        #expect(await misskey.run(["accounts", "approve", newbieID]).status == 69)
    }
}
