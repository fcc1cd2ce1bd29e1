import FediCore
import FediTestSupport
import Foundation
import Testing

/// `signup` in the fast tier: on the fake server whose software is known, so only the sign-up's
/// own requests are sent.
@Suite struct SignupTests {
    static let password = "correct horse battery staple\n"
    static let app =
        #"{"id": "5", "name": "fedictl", "client_id": "cid-123", "client_secret": "csecret-456", "scopes": ["write"]}"#
    static let carol = [
        "signup", "fake.test", "--username", "carol", "--email", "carol@example.net", "--password-stdin", "--agree",
    ]

    static func registrations(enabled: Bool = true, approval: Bool = false) -> String {
        #"{"registrations": {"enabled": \#(enabled), "approval_required": \#(approval), "reason_required": false}}"#
    }

    /// A whole sign-up on `server`: the policy, the app, its token, the account's answer, the revocation.
    static func stubSignUp(
        _ server: FakeServerAccount, approval: Bool = false, status: Int = 200,
        answer: String = #"{"access_token": "user-token-1", "token_type": "Bearer"}"#
    ) {
        server.transport.stub(.get, "/api/v2/instance", json: registrations(approval: approval))
        server.transport.stub(.post, "/api/v1/apps", json: app)
        server.transport.stub(.post, "/oauth/token", json: #"{"access_token": "app-token-1", "token_type": "Bearer"}"#)
        server.transport.stub(.post, "/api/v1/accounts", status: status, json: answer)
        server.transport.stub(.post, "/oauth/revoke", json: "{}")
    }

    @Test func openRegistrationsRegisterTheAppThenCreateTheAccountWithAnAppToken() async throws {
        let (journal, state) = try JournalUndoTests.journal("signup")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        Self.stubSignUp(server)
        let result = await server.run(Self.carol + ["-o", "json"], input: Self.password, journal: journal)
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(
            shown["account"] as? String == "carol@fake.test" && shown["state"] as? String == "awaiting_confirmation")
        #expect(shown["approval_required"] as? Bool == false && shown["email_confirmation"] as? Bool == true)
        #expect(
            shown["next_step"] as? String
                == "Open the confirmation link sent to carol@example.net, then log in: fedictl auth login fake.test")
        #expect(
            result.stderr
                == "Registered fedictl as an app on fake.test (scopes: read write follow).\n"
                + "Signed up carol@fake.test.\n",
            "\(result)")
        for secret in ["user-token-1", "app-token-1", "csecret-456", "correct horse"] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(secret) in \(result)")
        }
        let sent = server.transport.requests
        #expect(
            sent.map(\.route) == [
                "GET /api/v2/instance", "POST /api/v1/apps", "POST /oauth/token", "POST /api/v1/accounts",
                "POST /oauth/revoke",
            ])
        let form = sent[3].formBody
        #expect(
            form["username"] == "carol" && form["email"] == "carol@example.net"
                && form["password"] == "correct horse battery staple" && form["agreement"] == "true"
                && form["locale"] == "en", "\(form)")
        #expect(sent[3].header("Authorization") == "Bearer app-token-1", "\(sent[3].headers)")
        // The journal has the two writes (the app tokens are not changes), no undo and no secret.
        let entries = try journal.readNow().entries
        #expect(entries.map(\.request) == ["POST /api/v1/apps", "POST /api/v1/accounts"], "\(entries)")
        #expect(entries.allSatisfy { $0.verb == "signup" && $0.outcome == .ok && $0.undo == nil }, "\(entries)")
        let lines = try String(contentsOf: journal.currentFile, encoding: .utf8)
        for secret in ["user-token-1", "app-token-1", "csecret-456", "correct horse"] {
            #expect(!lines.contains(secret), "\(secret) in the journal")
        }
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aTableShowsWhatTheAccountWaitsFor() async throws {
        let server = FakeServerAccount()
        Self.stubSignUp(server, approval: true)
        let result = await server.run(
            Self.carol + ["--reason", "I run the local choir", "--fields", "account,state,approval_required"],
            input: Self.password)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "account\tcarol@fake.test\nstate\tawaiting_approval\napproval_required\tyes\n",
            "\(result)")
        #expect(server.transport.requests[3].formBody["reason"] == "I run the local choir")
    }

    @Test func dryRunShowsTheAccountRequestWithThePasswordRedactedAndRegistersNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/instance", json: Self.registrations())
        let result = await server.run(Self.carol + ["--dry-run"], input: Self.password)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix("dry run: would send POST https://fake.test/api/v1/accounts\n"), "\(result)")
        #expect(result.stdout.contains("password=[REDACTED]") && !result.stdout.contains("correct"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/instance"])
        #expect(try server.logins.load().clients?["fake.test"] == nil, "no app was registered")
    }

    @Test func closedRegistrationsAreRefusedWith69() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/instance", json: Self.registrations(enabled: false))
        let result = await server.run(Self.carol, input: Self.password)
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test does not accept sign-ups (registrations are closed)
                hint: ask the server's admins for an invitation, or pick another server

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/instance"])
    }

    @Test func approvalWithoutAReasonIsAUsageErrorBeforeAnythingIsRegistered() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/instance", json: Self.registrations(approval: true))
        let result = await server.run(Self.carol, input: Self.password)
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test has a moderator approve each new account, and asks why you want to join
                hint: say so with --reason TEXT

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/instance"])
    }

    @Test func aTakenUsernameIsExit65NamingTheField() async throws {
        let server = FakeServerAccount()
        Self.stubSignUp(
            server, status: 422,
            answer: #"{"error": "Validation failed", "details": {"username": [{"error": "ERR_TAKEN"}]}}"#)
        let result = await server.run(Self.carol, input: Self.password)
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                Registered fedictl as an app on fake.test (scopes: read write follow).
                fedictl: fake.test refused the sign-up: username is already taken (ERR_TAKEN)
                hint: change what it names and try again

                """, "\(result)")
        #expect(server.transport.requests.filter { $0.route == "POST /api/v1/accounts" }.count == 1)
    }

    @Test func withoutAgreeNothingIsSent() async {
        await FakeServerAccount().expectRefused(
            ["signup", "fake.test", "--username", "carol", "--email", "carol@example.net", "--password-stdin"],
            status: 64, startingWith: "fedictl: accepting the server's rules and terms is required")
    }

    @Test func goToSocial019IsRefusedNamingItsWebPage() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.19.1")
        server.transport.stub(.get, "/api/v2/instance", json: Self.registrations(approval: true))
        let result = await server.run(Self.carol + ["--reason", "choir"], input: Self.password)
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr
                == "fedictl: fake.test runs GoToSocial 0.19.1, which takes sign-ups only on its web page, "
                + "not through its API\n"
                + "hint: sign up at https://fake.test/signup; a moderator then approves the account\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/instance"])
    }

    @Test func misskeyIsRefused() async {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(Self.carol, startingWith: "fedictl: signup is not available on Misskey 2024.11.0")
    }
}
