import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl signup` and `fedictl apps`: against mastodon_mock (open, approval-required and closed
/// registrations through its config), and the Pleroma-family 200 "pending" answer from the Akkoma fixture.
@Suite struct UserSideSignupTests {
    static let password = "correct horse battery staple\n"

    /// A harness with its own (empty) config and keyring, like a new user's.
    struct NewUser {
        let logins = InMemoryLoginStore()
        let secrets = InMemorySecretStore()
        var harness: CommandHarness { CommandHarness(secrets: secrets, logins: logins) }

        func run(_ arguments: [String], input: String = "") async -> CommandResult {
            await harness.run(arguments, input: input)
        }
    }

    func lookup(_ server: ServerProcess, _ username: String) async throws -> Int {
        try await server.request(.get, "/api/v1/accounts/lookup?acct=\(username)").status
    }

    @Test func openRegistrationsCreateTheAccountAndSayToConfirmTheEmail() async throws {
        let server = try await MockServer.start()
        let user = NewUser()
        let result = await user.run(
            [
                "signup", server.base, "--username", "carol", "--email", "carol@example.net",
                "--password-stdin", "--agree", "-o", "json",
            ], input: Self.password)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["account"] as? String == "carol@\(server.base)")
        #expect(object["state"] as? String == "awaiting_confirmation")
        #expect(object["email_confirmation"] as? Bool == true)
        #expect(object["approval_required"] as? Bool == false)
        #expect((object["next_step"] as? String)?.contains("confirmation link sent to carol@example.net") == true)
        #expect((object["next_step"] as? String)?.contains("fedictl auth login \(server.base)") == true)
        #expect(!result.stdout.contains("access_token") && !result.stdout.contains("correct horse"))
        #expect(try await lookup(server, "carol") == 200)

        // The app it used is fedictl's, recorded for later logins; its secret is in the keyring only.
        let client = try #require(try user.logins.load().clients?[server.base])
        #expect(
            await user.secrets.secrets[RegisteredClient.secretKey(for: ServerAddress(baseURL: server.baseURL))] != nil)
        #expect(!result.stdout.contains(client.clientID), "the client id is not part of a sign-up's output")
    }

    @Test func aDryRunShowsTheAccountRequestAndSendsNothing() async throws {
        let server = try await MockServer.start()
        let user = NewUser()
        let result = await user.run(
            [
                "signup", server.base, "--username", "carol", "--email", "carol@example.net", "--reason", "art",
                "--password-stdin", "--agree", "--dry-run",
            ], input: Self.password)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "dry run: would send POST http://\(server.base)/api/v1/accounts", "\(result)")
        let body = lines.dropFirst().joined()
        for field in ["username=carol", "email=carol%40example.net", "reason=art", "password=[REDACTED]"] {
            #expect(
                body.contains(field) || body.contains(field.replacingOccurrences(of: "%40", with: "@")),
                "\(field) in \(body)")
        }
        #expect(!result.stdout.contains("correct"))
        #expect(try await lookup(server, "carol") == 404)
        #expect(try user.logins.load().clients?[server.base] == nil, "no app was registered")
    }

    /// mastodon_mock reports approval-required registrations from its config (it answers the sign-up
    /// itself with a token, like Mastodon): the pending state comes from the instance's mode.
    @Test func approvalRequiredNeedsAReasonAndReportsThePendingState() async throws {
        let server = try await MockServer.start(settings: "registration_approval_required = true")
        let user = NewUser()
        let base = [
            "signup", server.base, "--username", "dave", "--email", "dave@example.net", "--password-stdin", "--agree",
        ]

        let noReason = await user.run(base, input: Self.password)
        #expect(noReason.status == 64, "\(noReason)")
        #expect(noReason.stderr.contains("moderator approve each new account"))
        #expect(noReason.stderr.contains("--reason"))
        #expect(try await lookup(server, "dave") == 404, "nothing is created without a reason")

        let result = await user.run(base + ["--reason", "I sing in the local choir"], input: Self.password)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("state\tawaiting_approval"))
        #expect(result.stdout.contains("approval_required\tyes"))
        #expect(
            result.stdout.contains(
                "A moderator of \(server.base) must approve the account; meanwhile open the confirmation link sent to dave@example.net"
            ))
        #expect(try await lookup(server, "dave") == 200)
    }

    @Test func closedRegistrationsAreUnavailable() async throws {
        let server = try await MockServer.start(settings: "registrations_enabled = false")
        let result = await NewUser().run(
            [
                "signup", server.base, "--username", "erin", "--email", "erin@example.net",
                "--password-stdin", "--agree",
            ], input: Self.password)
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("\(server.base) does not accept sign-ups (registrations are closed)"))
        #expect(try await lookup(server, "erin") == 404)
    }

    @Test func takenUsernameIsBadDataNamingTheField() async throws {
        let server = try await MockServer.start()
        let result = await NewUser().run(
            [
                "signup", server.base, "--username", "bob", "--email", "bob2@example.net",
                "--password-stdin", "--agree",
            ], input: Self.password)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("refused the sign-up: username is already taken (ERR_TAKEN)"))
    }

    @Test func thePasswordIsNeverAFlag() async throws {
        let server = try await MockServer.start()
        let user = NewUser()
        let flag = await user.run([
            "signup", server.base, "--username", "f", "--email", "f@example.net", "--password", "x", "--agree",
        ])
        #expect(flag.status == 64, "\(flag)")
        let piped = await user.run(["signup", server.base, "--username", "f", "--email", "f@example.net", "--agree"])
        #expect(piped.status == 64, "\(piped)")
        #expect(piped.stderr.contains("--password-stdin"))
        let empty = await user.run(
            ["signup", server.base, "--username", "f", "--email", "f@example.net", "--password-stdin", "--agree"],
            input: "\n")
        #expect(empty.status == 65, "\(empty)")
        #expect(try await lookup(server, "f") == 404)
    }

    @Test func onATerminalThePasswordIsAskedTwice() async throws {
        let server = try await MockServer.start()
        let user = NewUser()
        let differ = await user.harness.run(
            ["signup", server.base, "--username", "gus", "--email", "gus@example.net", "--agree"],
            tty: true, input: "one\ntwo\n")
        #expect(differ.status == 65, "\(differ)")
        #expect(differ.stderr.contains("Password for the new account: "))
        #expect(differ.stderr.contains("the two passwords differ"))
        let same = await user.harness.run(
            ["signup", server.base, "--username", "gus", "--email", "gus@example.net", "--agree"],
            tty: true, input: "s3cret-s3cret\ns3cret-s3cret\n")
        #expect(same.status == 0, "\(same)")
        #expect(try await lookup(server, "gus") == 200)
    }

    @Test(arguments: [
        (["--username", "h", "--email", "h@example.net"], "--agree"),
        (["--username", "h@elsewhere", "--email", "h@example.net", "--agree"], "bare username"),
        (["--username", "h", "--email", "nope", "--agree"], "not an e-mail address"),
        (["--username", "h", "--email", "h@example.net", "--agree", "--date-of-birth", "2001-02-30"], "YYYY-MM-DD"),
    ])
    func usageErrors(arguments: [String], message: String) async throws {
        let result = await NewUser().run(["signup", "127.0.0.1:9"] + arguments, input: Self.password)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    /// Pleroma and Akkoma answer 200 with `identifier` instead of a token while something is pending.
    /// The Akkoma fixture's instance requires approval, so the account waits for it either way; a
    /// missing confirmed e-mail adds the confirmation step.
    @Test(arguments: [("awaiting_approval", false), ("missing_confirmed_email", true)])
    func akkomaPendingAnswerIsUnderstood(identifier: String, confirmation: Bool) async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        try await server.addRoutes([
            "POST /api/v1/apps": [
                "json": [
                    "id": "1", "name": "fedictl", "client_id": "cid", "client_secret": "csecret",
                    "redirect_uri": "urn:ietf:wg:oauth:2.0:oob",
                ]
            ],
            "POST /oauth/token": [
                "json": ["access_token": "app-token", "token_type": "Bearer", "scope": "write", "created_at": 1]
            ],
            "POST /oauth/revoke": ["json": [String: Any]()],
            "POST /api/v1/accounts": ["json": ["message": "Your account is pending.", "identifier": identifier]],
        ])
        let result = await NewUser().run(
            [
                "signup", server.base, "--username", "ivy", "--email", "ivy@example.net", "--reason", "hi",
                "--password-stdin", "--agree", "-o", "json",
            ], input: Self.password)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["state"] as? String == "awaiting_approval")
        #expect(object["email_confirmation"] as? Bool == confirmation)
        #expect((object["next_step"] as? String)?.contains("confirmation link") == confirmation)
        #expect(object["message"] as? String == "Your account is pending.")
        #expect(object["approval_required"] as? Bool == true, "the Akkoma fixture's instance requires approval")

        let sent = try #require(try await server.received("POST", "/api/v1/accounts").first)
        #expect(sent["username"] as? String == "ivy")
        #expect(sent["password"] as? String == "correct horse battery staple")
        #expect(sent["agreement"] as? String == "true")
        #expect(sent["reason"] as? String == "hi")
        #expect(sent["locale"] as? String == "en")
        let token = try #require(try await server.received("POST", "/oauth/token").first)
        #expect(token["grant_type"] as? String == "client_credentials")
        #expect(token["scope"] as? String == "write")
        let headers = try #require(
            try await server.receivedRequests().first { $0["path"] as? String == "/api/v1/accounts" }?["headers"]
                as? [String: String])
        #expect(headers["authorization"] == "Bearer app-token")
        #expect(
            try await server.received("POST", "/oauth/revoke").first?["token"] as? String == "app-token",
            "the app token is revoked")
    }

    /// Where no approval is needed, Pleroma's `missing_confirmed_email` means only the e-mail step is left.
    @Test func pleromaWithoutApprovalWaitsForTheEmail() async throws {
        let server = try await FixtureServer.start(flavour: "pleroma")
        let file = RepoPaths.fixtures.appendingPathComponent("pleroma/instance-v2.json")
        var instance = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        instance["registrations"] = ["enabled": true, "approval_required": false, "message": NSNull()]
        try await server.addRoutes([
            "GET /api/v2/instance": ["json": instance],
            "POST /api/v1/apps": [
                "json": ["id": "1", "name": "fedictl", "client_id": "cid", "client_secret": "csecret"]
            ],
            "POST /oauth/token": ["json": ["access_token": "app-token", "token_type": "Bearer"]],
            "POST /oauth/revoke": ["json": [String: Any]()],
            "POST /api/v1/accounts": [
                "json": ["message": "Check your e-mail.", "identifier": "missing_confirmed_email"]
            ],
        ])
        let result = await NewUser().run(
            [
                "signup", server.base, "--username", "ivy", "--email", "ivy@example.net",
                "--password-stdin", "--agree",
            ], input: Self.password)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("state\tawaiting_confirmation"))
        #expect(
            result.stdout.contains(
                "next_step\tOpen the confirmation link sent to ivy@example.net, then log in: fedictl auth login \(server.base)"
            ))
    }

    @Test func goToSocialWithRegistrationsClosed() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let result = await NewUser().run(
            ["signup", server.base, "--username", "j", "--email", "j@example.net", "--password-stdin", "--agree"],
            input: Self.password)
        #expect(result.status == 69, "\(result)")
        #expect(try await server.received("POST", "/api/v1/accounts").isEmpty)
    }

    @Test func misskeyCannotSignUpThroughTheAPI() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let result = await NewUser().run(
            ["signup", server.base, "--username", "k", "--email", "k@example.net", "--password-stdin", "--agree"],
            input: Self.password)
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("signup is not available on Misskey"))
    }

    // MARK: apps

    @Test func appsRegisterThenVerify() async throws {
        let server = try await MockServer.start()
        let user = NewUser()
        let registered = await user.run(["apps", "register", server.base, "--scopes", "read write", "-o", "json"])
        #expect(registered.status == 0, "\(registered)")
        let app = try #require(try registered.json() as? [String: Any])
        let clientID = try #require(app["client_id"] as? String)
        #expect(app["scopes"] as? [String] == ["read", "write"])
        #expect(app["secret_storage"] as? String == "keyring")
        let record = try #require(try user.logins.load().clients?[server.base])
        #expect(record.clientID == clientID)
        let secret = try #require(
            await user.secrets.secrets[RegisteredClient.secretKey(for: ServerAddress(baseURL: server.baseURL))])
        #expect(!registered.stdout.contains(secret) && !registered.stderr.contains(secret))

        let verified = await user.run(["apps", "verify", server.base, "-o", "json"])
        #expect(verified.status == 0, "\(verified)")
        let object = try #require(try verified.json() as? [String: Any])
        #expect(object["name"] as? String == "fedictl")
        #expect(object["client_id"] as? String == clientID)
        #expect(object["scopes"] as? [String] == ["read", "write"])

        // A later login (or sign-up) reuses it instead of registering another.
        let signup = await user.run(
            [
                "signup", server.base, "--username", "lee", "--email", "lee@example.net", "--password-stdin", "--agree",
                "--verbose",
            ], input: Self.password)
        #expect(signup.status == 0, "\(signup)")
        #expect(!signup.stderr.contains("POST http://\(server.base)/api/v1/apps"), "\(signup.stderr)")
    }

    @Test func appsVerifyAfterTheServerForgotTheApp() async throws {
        let server = try await MockServer.start()
        let user = NewUser()
        #expect(await user.run(["apps", "register", server.base]).status == 0)
        _ = try await server.json(.post, "/api/v1/_mock/reset")
        let result = await user.run(["apps", "verify", server.base])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("does not know fedictl's app"))
        #expect(result.stderr.contains("fedictl apps register \(server.base)"))
    }

    @Test func appsVerifyWithoutARegisteredAppIsNotFound() async throws {
        let server = try await MockServer.start()
        let result = await NewUser().run(["apps", "verify", server.base])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("fedictl apps register \(server.base)"))
    }

    @Test func appsVerifyWithTheAccountsToken() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        try await server.addRoutes([
            "GET /api/v1/apps/verify_credentials": [
                "json": [
                    "name": "Tusky", "website": "https://tusky.app",
                    "vapid_key": "k",
                ]
            ]
        ])
        let result = await UserSide(fixture: server).run(["apps", "verify", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["name"] as? String == "Tusky")
        #expect(object["instance"] as? String == server.base)
        let headers = try await server.receivedRequests().first {
            $0["path"] as? String == "/api/v1/apps/verify_credentials"
        }?["headers"]
        #expect((headers as? [String: String])?["authorization"] == "Bearer fixture-token")
    }

    @Test func appsRegisterWithoutAKeyringRegistersNothing() async throws {
        let server = try await MockServer.start()
        let secrets = InMemorySecretStore(failure: .unavailable("no D-Bus session"))
        let result = await CommandHarness(secrets: secrets).run(["apps", "register", server.base, "--verbose"])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("--insecure-storage"))
        #expect(!result.stderr.contains("POST"), "nothing may be registered: \(result.stderr)")
    }
}
