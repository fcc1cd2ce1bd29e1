import FediCore
import FediTestSupport
import Foundation
import Testing

/// Sign-ups waiting for approval on mastodon_mock: listed with the applicant's reason, approved,
/// rejected, with the server's state checked after each step.
struct SignUpApprovalTests {
    @Test func aPendingSignUpShowsItsReasonAndIsApprovedOrRejected() async throws {
        let carol = SeedAccount("carol", token: "carol-token")
        let dave = SeedAccount("dave", token: "dave-token")
        let server = try await MockServer.start(accounts: [MockServer.admin, MockServer.alice, carol, dave])
        let carolID = try await TriageScene.accountID("carol", on: server)
        let daveID = try await TriageScene.accountID("dave", on: server)
        try await server.makePending("carol", reason: "I'd like to talk about birds in the Netherlands.")
        try await server.makePending("dave", reason: "cheap watches")
        #expect(try await server.request(.get, "/api/v1/accounts/verify_credentials", token: carol.token).status == 403)
        let admin = UserSide(server, MockServer.admin)

        let pending = await admin.run(["accounts", "list", "--pending"])
        #expect(pending.status == 0, "\(pending)")
        // The columns before the IP, which mastodon_mock leaves empty; the join date (offset 4) left out.
        let rows = admin.rows(pending.stdout).map { row in
            row.prefix(6).enumerated().filter { $0.offset != 4 }.map(\.element)
        }
        #expect(
            Set(rows.map { $0.joined(separator: "|") }) == [
                "\(carolID)|@carol|pending|carol@example.test|I'd like to talk about birds in the Netherlands.",
                "\(daveID)|@dave|pending|dave@example.test|cheap watches",
            ])
        let show = await admin.run(["accounts", "show", "@carol"])
        #expect(show.stdout.contains("status\tpending\n"), "\(show)")
        #expect(show.stdout.contains("approved\tno\n"))
        #expect(show.stdout.contains("reason\tI'd like to talk about birds in the Netherlands.\n"))

        let approve = await admin.run(["accounts", "approve", carolID, "--fields", "acct,status,approved"])
        #expect(approve.status == 0, "\(approve)")
        #expect(approve.stdout == "acct\t@carol\nstatus\tactive\napproved\tyes\n")
        #expect(try await server.adminAccount(carolID)["approved"] as? Bool == true)
        #expect(try await server.request(.get, "/api/v1/accounts/verify_credentials", token: carol.token).status == 200)
        #expect(
            await admin.run(["accounts", "list", "--pending", "--fields", "acct"]).stdout == admin.listed("@dave\n"))

        let unconfirmed = await admin.run(["accounts", "reject", daveID])
        #expect(unconfirmed.status == 64, "\(unconfirmed)")
        #expect(
            unconfirmed.stderr.hasPrefix(
                "fedictl: Reject the sign-up of @dave on \(server.base) and delete it: confirmation needed\n"))
        #expect(try await server.adminAccount(daveID)["approved"] as? Bool == false)
        let reject = await admin.run(["accounts", "reject", "@dave", "--yes", "-o", "json"])
        #expect(reject.status == 0, "\(reject)")
        #expect((try reject.json() as? [String: Any])?["reason"] as? String == "cheap watches")
        #expect(
            try await server.request(.get, "/api/v1/admin/accounts/\(daveID)", token: MockServer.admin.token).status
                == 404)
        #expect(await admin.run(["accounts", "list", "--pending", "-o", "json"]).stdout == "[]\n")
    }

    @Test func olderMastodonsAreAskedThroughTheV1List() async throws {
        // Mastodon before 3.5 has no v2 admin list: the mock says it runs 3.4.1.
        let erin = SeedAccount("erin", token: "erin-token")
        let server = try await MockServer.start(
            accounts: [MockServer.admin, erin], settings: "mocked_version = \"3.4.1\"")
        try await server.makePending("erin", reason: "hello")
        let admin = UserSide(server, MockServer.admin)
        let result = await admin.run([
            "accounts", "list", "--pending", "--local", "--verbose",
            "--fields", "acct,reason",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == admin.listed("@erin\thello\n"), "\(result)")
        #expect(
            result.stderr.contains(
                "> GET http://\(server.base)/api/v1/admin/accounts?local=true&pending=true&limit=40\n"), "\(result)")
    }

    @Test func onlyTheV1ListFindsTheSensitized() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let bobID = try await TriageScene.accountID("bob", on: server)
        _ = try await server.json(
            .post, "/api/v1/admin/accounts/\(bobID)/action", token: MockServer.admin.token, body: ["type": "sensitive"])
        let result = await admin.run(["accounts", "list", "--sensitized", "--verbose", "--fields", "acct,sensitized"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == admin.listed("@bob\tyes\n"), "\(result)")
        #expect(
            result.stderr.contains("> GET http://\(server.base)/api/v1/admin/accounts?sensitized=true&limit=40\n"),
            "\(result)")
        let pending = await admin.run(["accounts", "list", "--pending", "--verbose"])
        #expect(
            pending.stderr.contains("> GET http://\(server.base)/api/v2/admin/accounts?status=pending&limit=40\n"),
            "\(pending)")
        let both = await admin.run(["accounts", "list", "--pending", "--sensitized"])
        #expect(both.status == 64, "one state at a time: \(both)")
    }
}

extension ServerProcess {
    /// Turns a seeded account into a sign-up waiting for approval with `reason`. mastodon_mock's API
    /// cannot (its sign-ups are approved at once and keep no reason), so its SQLite file is changed:
    /// "in memory" is a temporary file the process holds open.
    /// The SQLite file mastodon_mock keeps its state in (the one it holds open).
    func mockDatabase() throws -> String {
        let fds = "/proc/\(try #require(child).pid)/fd"
        let database = try FileManager.default.contentsOfDirectory(atPath: fds)
            .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\($0)") }
            .first { $0.hasSuffix(".sqlite") }
        return try #require(database, "mastodon_mock holds no .sqlite file open")
    }

    func makePending(_ username: String, reason: String) async throws {
        let path = try mockDatabase()
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10)
            changed = db.execute("UPDATE accounts SET approved = 0, invite_request = ? WHERE username = ? AND domain IS NULL",
                                 (sys.argv[3], sys.argv[2])).rowcount
            db.commit()
            sys.exit(0 if changed == 1 else 3)
            """
        let result = try await ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, path, username, reason])
        try #require(result.status == 0, "could not mark \(username) pending: \(result)")
    }

    func adminAccount(_ id: String) async throws -> [String: Any] {
        try #require(
            try await json(.get, "/api/v1/admin/accounts/\(id)", token: MockServer.admin.token) as? [String: Any])
    }
}
