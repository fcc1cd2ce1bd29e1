import FediCore
import FediTestSupport
import Foundation
import Testing

/// Accounts with their tokens in a real Secret Service (gnome-keyring on a private D-Bus session).
/// Run through the sandbox script, which starts and unlocks it:
///
///     scripts/with-keyring swift test --filter AuthKeyring
///
/// Without a reachable Secret Service these fail and say so, unless FEDICTL_SKIP_KEYRING_TESTS=1.
@Suite(
    "Accounts in the real keyring: two instances, four accounts",
    .enabled(if: !KeyringProbe.skipRequested, "FEDICTL_SKIP_KEYRING_TESTS=1"))
struct AuthKeyringTests {
    init() async throws {
        try await KeyringProbe.require()
    }

    /// The secrets `secret-tool` finds for these attributes, with their attributes.
    private func keyringItems(_ attributes: [String: String]) async throws -> String {
        let result = try await KeyringProbe.secretTool(
            ["search", "--all"] + attributes.flatMap { [$0.key, $0.value] })
        return result.stdout + result.stderr
    }

    @Test func addPutsTheTokenInTheKeyringAndNothingSecretInTheConfig() async throws {
        let token = "kr-\(UUID().uuidString)"
        let server = try await MockServer.start(accounts: [SeedAccount("alice", token: token)])
        let sandbox = AuthSandbox(keyring: true)
        let id = "alice@\(server.base)"

        let added = try await sandbox.run(["auth", "add", server.base, "--token-stdin"], input: token)
        #expect(added.status == 0, "\(added)")
        #expect(added.stderr.contains("token in the keyring"))

        let items = try await keyringItems(["service": "fedictl", "account": id])
        #expect(items.contains("secret = \(token)"))
        #expect(items.contains("attribute.kind = access-token"))
        #expect(items.contains("attribute.instance = \(server.base)"))
        #expect(items.contains("label = fedictl access token for \(id)"))
        #expect(!(try sandbox.allFiles()).contains(token))

        let status = try await sandbox.run(["auth", "status", "--fields", "username,token_source"])
        #expect(status.stdout == "username\talice\ntoken_source\tkeyring\n", "\(status)")
        #expect(!(added.stdout + added.stderr + status.stdout + status.stderr).contains(token))
    }

    @Test func oauthLoginStoresTheTokenAndTheAppSecretInTheKeyring() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox(keyring: true)
        let login = try sandbox.start(["auth", "login", server.base, "--admin"])
        let url = try #require(
            OAuthBrowser.authorizeURL(in: try await login.waitForStderr(containing: "Waiting up to")))
        _ = try await OAuthBrowser.approve(url, as: "admin")
        let result = try await login.finish()
        #expect(result.status == 0, "\(result)")

        let token = try #require(
            tokenIn(try await keyringItems(["service": "fedictl", "account": "admin@\(server.base)"])))
        #expect(try await server.whoami(token) == (200, "admin"))
        let app = try await keyringItems(["service": "fedictl", "kind": "client-secret", "instance": server.base])
        #expect(app.contains("label = fedictl client secret for \(server.base)"))
        let secret = try #require(tokenIn(app))
        let files = try sandbox.allFiles()
        #expect(!files.contains(token) && !files.contains(secret))
        #expect(!(result.stdout + result.stderr).contains(token))

        // Logout revokes with the app's credentials and empties the keyring of both.
        let logout = try await sandbox.run(["auth", "logout", "admin"])
        #expect(logout.status == 0, "\(logout)")
        #expect(try await server.whoami(token).status == 401)
        #expect(tokenIn(try await keyringItems(["service": "fedictl", "instance": server.base])) == nil)
    }

    /// The acceptance walk-through: two mastodon_mock servers are two instances, two accounts on each.
    @Test func fourAccountsOnTwoInstances() async throws {
        let tag = UUID().uuidString.prefix(6).lowercased()
        let first = try await MockServer.start(accounts: [
            SeedAccount("ada", token: "ada-\(tag)", admin: true), SeedAccount("ben", token: "ben-\(tag)"),
        ])
        let second = try await MockServer.start(accounts: [
            SeedAccount("cyd", token: "cyd-\(tag)", admin: true), SeedAccount("dee", token: "dee-\(tag)"),
        ])
        let sandbox = AuthSandbox(keyring: true)
        let (a, b) = (first.base, second.base)

        for (server, user, scopes) in [
            (a, "ada", "read write admin:read admin:write"), (a, "ben", "read write"),
            (b, "cyd", "read write admin:read admin:write"), (b, "dee", "read"),
        ] {
            let added = try await sandbox.run(
                ["auth", "add", server, "--token-stdin", "--scopes", scopes], input: "\(user)-\(tag)\n")
            #expect(added.status == 0, "\(user): \(added)")
        }
        #expect(try await sandbox.run(["auth", "alias", "cyd@\(b)", "second-admin"]).status == 0)

        // auth list shows all four; the first one added is the default.
        let list = try await sandbox.run(["auth", "list", "--fields", "account,admin,default,aliases,token_storage"])
        #expect(
            list.stdout == """
                ada@\(a)\tyes\t*\t\tkeyring
                ben@\(a)\tno\t\t\tkeyring
                cyd@\(b)\tyes\t\tsecond-admin\tkeyring
                dee@\(b)\tno\t\t\tkeyring

                """, "\(list)")

        // --account by id, by unique prefix and by alias; FEDICTL_ACCOUNT; the default.
        func who(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> String {
            let result = try await sandbox.run(
                ["auth", "status", "--fields", "account,username,instance"] + arguments, environment: environment)
            #expect(result.status == 0, "\(arguments) \(environment): \(result)")
            return result.stdout
        }
        func row(_ user: String, _ server: String) -> String {
            "account\t\(user)@\(server)\nusername\t\(user)\ninstance\thttp://\(server)\n"
        }
        #expect(try await who(["--account", "ben@\(a)"]) == row("ben", a))
        #expect(try await who(["--account", "d"]) == row("dee", b))
        #expect(try await who(["--account", "second-admin"]) == row("cyd", b))
        #expect(try await who([]) == row("ada", a))
        #expect(try await who([], ["FEDICTL_ACCOUNT": "ben"]) == row("ben", a))
        #expect(try await who(["--account", "cyd"], ["FEDICTL_ACCOUNT": "ben"]) == row("cyd", b))
        #expect(try await sandbox.run(["auth", "use", "dee"]).status == 0)
        #expect(try await who([]) == row("dee", b))

        let ambiguous = try await sandbox.run(["auth", "status", "--account", "127.0.0.1"])
        #expect(ambiguous.status == 66)
        let unknown = try await sandbox.run(["auth", "status", "--account", "eve"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("hint: known accounts: ada@\(a), ben@\(a), cyd@\(b) (second-admin), dee@\(b)"))

        // The keyring holds the four tokens; the config none.
        for user in ["ada", "ben"] {
            #expect(
                tokenIn(try await keyringItems(["service": "fedictl", "account": "\(user)@\(a)"])) == "\(user)-\(tag)")
        }
        for user in ["cyd", "dee"] {
            #expect(
                tokenIn(try await keyringItems(["service": "fedictl", "account": "\(user)@\(b)"])) == "\(user)-\(tag)")
        }
        #expect(!(try sandbox.allFiles()).contains(tag))

        // Logout revokes on the server and removes the keyring item; the others are untouched.
        let logout = try await sandbox.run(["auth", "logout", "ben"])
        #expect(logout.status == 0, "\(logout)")
        #expect(logout.stderr.contains("Revoked the token of ben@\(a) on \(a)."))
        #expect(try await first.whoami("ben-\(tag)").status == 401)
        #expect(tokenIn(try await keyringItems(["service": "fedictl", "account": "ben@\(a)"])) == nil)
        #expect(try await first.whoami("ada-\(tag)") == (200, "ada"))
        let after = try await sandbox.run(["auth", "list", "--fields", "account"])
        #expect(after.stdout == "ada@\(a)\ncyd@\(b)\ndee@\(b)\n")

        // A token that no longer works: exit 77 naming the login command.
        let direct = APIClient(
            server: ServerAddress(baseURL: second.baseURL), http: HTTPClient(transport: CommandHarness.sharedTransport))
        try await direct.revokeToken("dee-\(tag)", clientID: nil, clientSecret: nil)
        #expect(try await second.whoami("dee-\(tag)").status == 401)
        let revoked = try await sandbox.run(["auth", "status", "--account", "dee"])
        #expect(revoked.status == 77)
        #expect(revoked.stderr.contains("hint: log in again: fedictl auth login \(b)"))
    }
}

/// The first `secret = …` value in secret-tool's output.
private func tokenIn(_ output: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix("secret = ") }.map { String($0.dropFirst("secret = ".count)) }
}
