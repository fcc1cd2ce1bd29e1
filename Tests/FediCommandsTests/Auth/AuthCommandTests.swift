import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// Three stored accounts on two instances; bob is the default.
private func seededConfig() -> LoginConfig {
    let mastodon = ServerInfo(
        flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date(timeIntervalSince1970: 0))
    return LoginConfig(
        defaultAccount: "bob@one.example",
        accounts: [
            Login(
                id: "alice@one.example", username: "alice", baseURL: "https://one.example", clientID: "cid-one",
                scopes: ["read", "write"], aliases: ["work"], tokenStorage: .keyring, scopesSource: .granted,
                serverInfo: mastodon),
            Login(
                id: "bob@one.example", username: "bob", baseURL: "https://one.example",
                scopes: ["read", "admin:read", "admin:write"],
                tokenStorage: .keyring, scopesSource: .claimed),
            Login(
                id: "alice@two.example", username: "alice", baseURL: "https://two.example", scopes: ["read"],
                tokenStorage: .file),
        ], clients: ["one.example": RegisteredClient(clientID: "cid-one", scopes: ["read", "write"], redirectURIs: [])])
}

private func key(_ id: String, _ kind: SecretKind = .accessToken) -> SecretKey {
    let host = String(id.split(separator: "@").last!)
    return SecretKey(account: kind == .accessToken ? id : host, instance: host, kind: kind)
}

private func seededKeyring() -> InMemorySecretStore {
    InMemorySecretStore(
        storageName: "keyring",
        secrets: [
            key("alice@one.example"): "alice-one-token", key("bob@one.example"): "bob-one-token",
            key("one.example", .clientSecret): "secret-one",
        ])
}

private func credentialsJSON(_ username: String, role: String? = nil) -> String {
    let roleJSON = role.map { #", "role": {"id": "3", "name": "\#($0)"}"# } ?? ""
    return
        #"{"id": "109", "username": "\#(username)", "acct": "\#(username)", "display_name": "\#(username.capitalized)"\#(roleJSON)}"#
}

/// An account store that must not be touched (FEDICTL_TOKEN runs with no stored state).
private struct UntouchableLoginStore: LoginStore {
    func load() throws -> LoginConfig { throw FediError(.failure, "the config was read") }
    func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
        throw FediError(.failure, "the config was written")
    }
}

private func run(
    _ arguments: [String], transport: FakeTransport = FakeTransport(), keyring: InMemorySecretStore = seededKeyring(),
    file: InMemorySecretStore = InMemorySecretStore(storageName: "file"), logins: any LoginStore,
    environment: [String: String] = [:], input: String = ""
) async -> CommandResult {
    let result = await InProcessRun(
        arguments, transport: transport, secrets: keyring, insecureSecrets: file, logins: logins,
        environment: environment, input: input
    ).finish()
    // Every stubbed request was made: a stub the code no longer needs would let a test pass for the wrong reason.
    #expect(transport.unusedStubs == 0, "\(transport.unusedStubs) stubbed request(s) never made by \(arguments)")
    return result
}

@Suite("auth list, use, alias: the config only")
struct AuthListTests {
    @Test func listShowsEveryAccountFromTheConfigAloneAsTSVAndJSON() async throws {
        let keyring = seededKeyring()
        let transport = FakeTransport()
        let logins = InMemoryLoginStore(seededConfig())
        let tsv = await run(["auth", "list"], transport: transport, keyring: keyring, logins: logins)
        #expect(tsv.status == 0, "\(tsv)")
        #expect(
            tsv.stdout == """
                alice@one.example\thttps://one.example\tMastodon 4.3.0\tread, write\tno\t\twork\tkeyring
                bob@one.example\thttps://one.example\t\tread, admin:read, admin:write\tyes\t*\t\tkeyring
                alice@two.example\thttps://two.example\t\tread\tno\t\t\tfile

                """)
        #expect(tsv.stderr == "")

        let json = await run(["auth", "ls", "-o", "json"], transport: transport, keyring: keyring, logins: logins)
        let rows = try #require(try json.json() as? [[String: Any]])
        #expect(rows.map { $0["account"] as? String } == ["alice@one.example", "bob@one.example", "alice@two.example"])
        #expect(rows.map { $0["default"] as? Bool } == [false, true, false])
        #expect(rows.map { $0["admin"] as? Bool } == [false, true, false])
        #expect(rows[0]["flavour"] as? String == "mastodon")
        #expect(rows[0]["scopes_source"] as? String == "granted")
        #expect(rows[1]["scopes_source"] as? String == "claimed")

        // No keyring, no network.
        #expect(await keyring.callCount == 0)
        #expect(transport.requests.isEmpty)
    }

    @Test func listSaysWhichAccountFEDICTL_TOKENStandsIn() async throws {
        let result = await run(
            ["auth", "list", "--fields", "account,token_storage"], logins: InMemoryLoginStore(seededConfig()),
            environment: ["FEDICTL_TOKEN": "from-env", "FEDICTL_ACCOUNT": "work"])
        #expect(result.stdout == "alice@one.example\tenv\nbob@one.example\tkeyring\nalice@two.example\tfile\n")
    }

    @Test func useChangesTheDefaultByPrefixOrAlias() async throws {
        let logins = InMemoryLoginStore(seededConfig())
        var result = await run(["auth", "use", "alice@t"], logins: logins)
        #expect(result.status == 0)
        #expect(result.stderr == "Default account: alice@two.example\n")
        #expect(try logins.load().defaultAccount == "alice@two.example")
        result = await run(["auth", "use", "WORK"], logins: logins)
        #expect(try logins.load().defaultAccount == "alice@one.example")
        result = await run(["auth", "use", "alice"], logins: logins)
        #expect(result.status == 66)
        #expect(result.stderr.contains("'alice' matches several accounts: alice@one.example, alice@two.example"))
        #expect(try logins.load().defaultAccount == "alice@one.example")
    }

    @Test func aliasAddsRemovesAndRefusesCollisions() async throws {
        let logins = InMemoryLoginStore(seededConfig())
        var result = await run(["auth", "alias", "alice@two", "hobby"], logins: logins)
        #expect(result.status == 0, "\(result)")
        #expect(try logins.load().accounts[2].aliases == ["hobby"])

        result = await run(["auth", "alias", "bob", "hobby"], logins: logins)
        #expect(result.status == 65)
        #expect(result.stderr.contains("'hobby' already names alice@two.example"))
        result = await run(["auth", "alias", "bob", "alice@one.example"], logins: logins)
        #expect(result.status == 64)

        result = await run(["auth", "alias", "hobby", "hobby", "--remove"], logins: logins)
        #expect(result.status == 0)
        #expect(try logins.load().accounts[2].aliases == [])
        result = await run(["auth", "alias", "alice@two", "hobby", "--remove"], logins: logins)
        #expect(result.status == 66)
    }
}

@Suite("Account selection and tokens for every command")
struct AuthSelectionCommandTests {
    @Test(arguments: [
        (
            ["--account", "alice@one.example"], [String: String](), "alice@one.example", "https://one.example",
            "alice-one-token"
        ),
        (["--account", "work"], [:], "alice@one.example", "https://one.example", "alice-one-token"),
        (["--account", "b"], [:], "bob@one.example", "https://one.example", "bob-one-token"),
        ([], ["FEDICTL_ACCOUNT": "work"], "alice@one.example", "https://one.example", "alice-one-token"),
        (
            ["--account", "bob@"], ["FEDICTL_ACCOUNT": "work"], "bob@one.example", "https://one.example",
            "bob-one-token"
        ),
        ([], [:], "bob@one.example", "https://one.example", "bob-one-token"),  // the default
    ])
    func selectsTheAccountAndItsToken(
        arguments: [String], environment: [String: String], id: String, base: String, token: String
    ) async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/accounts/verify_credentials", json: credentialsJSON(String(id.prefix { $0 != "@" })))
        let result = await run(
            ["auth", "status", "-o", "json"] + arguments, transport: transport,
            logins: InMemoryLoginStore(seededConfig()),
            environment: environment)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["account"] as? String == id)
        #expect(object["token_source"] as? String == "keyring")
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "\(base)/api/v1/accounts/verify_credentials")
        #expect(request.header("Authorization") == "Bearer \(token)")
    }

    @Test func unknownOrAmbiguousIsExit66NamingTheCandidatesBeforeAnyIO() async throws {
        let keyring = seededKeyring()
        let transport = FakeTransport()
        var result = await run(
            ["auth", "status", "--account", "alice"], transport: transport, keyring: keyring,
            logins: InMemoryLoginStore(seededConfig()))
        #expect(result.status == 66)
        #expect(
            result.stderr == """
                fedictl: 'alice' matches several accounts: alice@one.example, alice@two.example
                hint: give more of the id, or name one: fedictl auth alias ACCOUNT NAME

                """)
        result = await run(
            ["auth", "status"], transport: transport, keyring: keyring, logins: InMemoryLoginStore(seededConfig()),
            environment: ["FEDICTL_ACCOUNT": "carol"])
        #expect(result.status == 66)
        #expect(
            result.stderr.contains("hint: known accounts: alice@one.example (work), bob@one.example, alice@two.example")
        )
        #expect(transport.requests.isEmpty)
        #expect(await keyring.callCount == 0)
    }

    @Test func noDefaultAmongSeveralIsExit66() async throws {
        var config = seededConfig()
        config.defaultAccount = nil
        let result = await run(["auth", "status"], logins: InMemoryLoginStore(config))
        #expect(result.status == 66)
        #expect(result.stderr.contains("several accounts are set up and none is the default"))
    }

    @Test(arguments: [
        (["--account", "carol@three.example"], [String: String]()),
        ([], ["FEDICTL_INSTANCE": "three.example"]),
        ([], ["FEDICTL_ACCOUNT": "carol@three.example"]),
    ])
    func fedictlTokenWithAFullIdOrInstanceReadsNoStoredState(arguments: [String], environment: [String: String])
        async throws
    {
        let transport = FakeTransport()
        // Once for whose FEDICTL_TOKEN is (when an account is named), once for the status.
        for _ in 0..<(environment["FEDICTL_INSTANCE"] == nil ? 2 : 1) {
            transport.stub(.get, "/api/v1/accounts/verify_credentials", json: credentialsJSON("carol"))
        }
        let keyring = InMemorySecretStore(failure: .failed("the keyring was used"))
        var env = environment
        env["FEDICTL_TOKEN"] = "env-token"
        let result = await run(
            ["auth", "status", "-o", "json"] + arguments, transport: transport, keyring: keyring,
            logins: UntouchableLoginStore(), environment: env)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["account"] as? String == "carol@three.example")
        #expect(object["token_source"] as? String == "env")
        #expect(transport.requests.first?.url.host == "three.example")
        #expect(transport.requests.first?.header("Authorization") == "Bearer env-token")
        #expect(await keyring.callCount == 0)
    }

    @Test func fedictlTokenWithAnAliasUsesTheConfigButNotTheKeyring() async throws {
        let transport = FakeTransport()
        for _ in 0..<2 { transport.stub(.get, "/api/v1/accounts/verify_credentials", json: credentialsJSON("alice")) }
        let keyring = seededKeyring()
        let result = await run(
            ["auth", "status", "--account", "work"], transport: transport, keyring: keyring,
            logins: InMemoryLoginStore(seededConfig()), environment: ["FEDICTL_TOKEN": "env-token"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("token_source\tenv\n"))
        #expect(transport.requests.first?.header("Authorization") == "Bearer env-token")
        #expect(await keyring.callCount == 0)
    }

    @Test func noSecretServiceIsExit77NamingTheWaysOut() async throws {
        let transport = FakeTransport()
        let keyring = InMemorySecretStore(
            failure: .unavailable("no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set"))
        // Reading a stored token names the ways of a run without a desktop session (UnattendedTokenTests).
        let status = await run(
            ["auth", "status", "--account", "work"], transport: transport, keyring: keyring,
            logins: InMemoryLoginStore(seededConfig()))
        #expect(status.status == 77, "\(status)")
        #expect(
            status.stderr.contains("no Secret Service keyring is reachable") && status.stderr.contains("--token-file"),
            "\(status)")
        for arguments in [["auth", "add", "one.example", "--token-stdin"], ["auth", "login", "one.example"]] {
            let result = await run(
                arguments, transport: transport, keyring: keyring, logins: InMemoryLoginStore(seededConfig()),
                input: "tok\n")
            #expect(result.status == 77, "\(arguments): \(result)")
            #expect(
                result.stderr == """
                    fedictl: no Secret Service keyring is reachable (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set)
                    hint: set FEDICTL_TOKEN for one run, or pass --insecure-storage to keep secrets in a 0600 file

                    """)
        }
        #expect(transport.requests.isEmpty)  // nothing was sent anywhere first
    }

    @Test func insecureStorageWarnsOnEveryUseAndKeepsTheTokenInTheFile() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: credentialsJSON("carol"))
        transport.stub(.get, "/oauth/token/info", status: 404, json: #"{"error": "Not found"}"#)
        transport.stub(
            .get, "/api/v1/apps/verify_credentials", status: 401, json: #"{"error": "The access token is invalid"}"#)
        let keyring = InMemorySecretStore(failure: .unavailable("no bus"))
        let file = InMemorySecretStore(storageName: "file")
        let logins = InMemoryLoginStore()
        let added = await run(
            ["auth", "add", "three.example", "--token-stdin", "--insecure-storage", "--scopes", "read,write"],
            transport: transport, keyring: keyring, file: file, logins: logins, input: "carol-token\n")
        #expect(added.status == 0, "\(added)")
        #expect(added.stderr.hasPrefix("fedictl: warning: secrets are kept in a plain file"))
        #expect(
            added.stderr.components(separatedBy: "warning: secrets are kept").count == 2,
            "once per run: \(added.stderr)")
        #expect(added.stderr.contains("does not say which scopes the token has; recorded the ones you gave (--scopes)"))
        #expect(await file.secrets[key("carol@three.example")] == "carol-token")
        let login = try #require(try logins.load().accounts.first)
        #expect(login.tokenStorage == .file)
        #expect(login.scopes == ["read", "write"])
        #expect(login.scopesSource == .claimed)
        #expect(try logins.load().defaultAccount == "carol@three.example")

        // Later runs find the token in the file without the flag, and warn again.
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: credentialsJSON("carol"))
        let status = await run(["auth", "status"], transport: transport, keyring: keyring, file: file, logins: logins)
        #expect(status.status == 0, "\(status)")
        #expect(
            status.stderr.components(separatedBy: "fedictl: warning: secrets are kept in a plain file").count == 2,
            "once per run: \(status.stderr)")
        #expect(status.stdout.contains("token_source\tfile\n"))
        #expect(await keyring.callCount == 0)
    }

    @Test func aTokenTheServerRefusesIsExit77WithTheLoginHint() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/accounts/verify_credentials", status: 401, json: #"{"error": "The access token is invalid"}"#
        )
        let result = await run(
            ["auth", "status", "--account", "work"], transport: transport, logins: InMemoryLoginStore(seededConfig()))
        #expect(result.status == 77)
        #expect(
            result.stderr == """
                fedictl: the token for alice@one.example no longer works: one.example refused it (HTTP 401)
                hint: log in again: fedictl auth login one.example

                """)
    }

    @Test func adminCallsThroughTheSelectedAccountMap401And403ToExit77() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/accounts", status: 403, json: #"{"error": "This action is not allowed"}"#)
        transport.stub(.get, "/api/v1/admin/accounts", status: 401, json: #"{"error": "The access token is invalid"}"#)
        var globals = try GlobalOptions.parse(["--account", "work"])
        globals.account = "work"
        let services = Services(
            transport: transport, secrets: seededKeyring(), insecureSecrets: { InMemorySecretStore() },
            logins: InMemoryLoginStore(seededConfig()), terminal: CapturingTerminal(), environment: [:])
        let client = try await CommandContext(services: services, globals: globals).client()
        for (status, hint) in [
            (403, "this needs an admin login: fedictl auth login one.example --admin"),
            (401, "log in again: fedictl auth login one.example"),
        ] {
            do {
                _ = try await client.send(.get, "/api/v1/admin/accounts")
                Issue.record("HTTP \(status) did not throw")
            } catch {
                let failure = ErrorReport.fediError(from: error)
                #expect(failure.status == .permission)
                #expect(failure.hint == hint)
            }
        }
    }
}

@Suite("auth logout")
struct AuthLogoutTests {
    @Test func revokesWithTheAppCredentialsAndForgetsEverything() async throws {
        let transport = FakeTransport()
        transport.stub(.post, "/oauth/revoke", json: "{}")
        let keyring = seededKeyring()
        var config = seededConfig()
        config.accounts.remove(at: 1)  // alice is the only account on one.example
        config.defaultAccount = "alice@one.example"
        let logins = InMemoryLoginStore(config)
        let result = await run(["auth", "logout", "work"], transport: transport, keyring: keyring, logins: logins)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr == """
                Revoked the token of alice@one.example on one.example.
                Logged out alice@one.example: its token and its entry are removed.

                """)
        let body = String(decoding: try #require(transport.requests.first?.body), as: UTF8.self)
        #expect(body == "token=alice-one-token&client_id=cid-one&client_secret=secret-one")
        // The token went, and the app secret with the last account on one.example (bob's token was never in this config).
        #expect(await Array(keyring.secrets.keys) == [key("bob@one.example")])
        let after = try logins.load()
        #expect(after.accounts.map(\.id) == ["alice@two.example"])
        #expect(after.defaultAccount == nil)
        #expect(after.clients == nil)
    }

    @Test func aRefusedRevocationStillLogsOutAndSaysSo() async throws {
        let transport = FakeTransport()
        transport.stub(.post, "/oauth/revoke", status: 403, json: #"{"error": "unauthorized_client"}"#)
        let keyring = seededKeyring()
        let logins = InMemoryLoginStore(seededConfig())
        let result = await run(
            ["auth", "logout", "bob@one.example"], transport: transport, keyring: keyring, logins: logins)
        #expect(result.status == 0)
        #expect(result.stderr.contains("fedictl: warning: could not revoke the token on one.example"))
        #expect(result.stderr.contains("hint: it may still work: revoke it in the server's settings"))
        // bob was added from a token: revoked without app credentials.
        #expect(String(decoding: transport.requests[0].body ?? Data(), as: UTF8.self) == "token=bob-one-token")
        #expect(await keyring.secrets[key("bob@one.example")] == nil)
        #expect(await keyring.secrets[key("one.example", .clientSecret)] == "secret-one")  // alice still uses the app
        #expect(try logins.load().accounts.map(\.id) == ["alice@one.example", "alice@two.example"])
    }

    @Test func dryRunChangesNothing() async throws {
        let transport = FakeTransport()
        let logins = InMemoryLoginStore(seededConfig())
        let result = await run(["auth", "logout", "work", "--dry-run"], transport: transport, logins: logins)
        #expect(result.status == 0)
        #expect(
            result.stderr.hasPrefix("Would revoke the token of alice@one.example at https://one.example/oauth/revoke"))
        #expect(transport.requests.isEmpty)
        #expect(try logins.load() == seededConfig())
    }
}

@Suite("auth login without a browser of its own")
struct AuthLoginSeamTests {
    /// On a terminal, fedictl opens the URL through `Services.openURL`; here the "browser" answers the
    /// loopback listener itself. The server offers no PKCE here (no RFC 8414 metadata).
    @Test func opensTheBrowserOnATerminalAndReceivesTheCode() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/.well-known/oauth-authorization-server", status: 404, json: #"{"error": "Not found"}"#)
        transport.stub(
            .post, "/api/v1/apps", json: #"{"id": "1", "client_id": "new-cid", "client_secret": "new-secret"}"#)
        transport.stub(
            .post, "/oauth/token",
            json:
                #"{"access_token": "granted-token", "token_type": "Bearer", "scope": "read write follow", "created_at": 1}"#
        )
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: credentialsJSON("dora"))
        let opened = OpenedURLs()
        let keyring = InMemorySecretStore()
        let logins = InMemoryLoginStore()
        let run = InProcessRun(
            ["auth", "login", "four.example"], transport: transport, secrets: keyring, logins: logins,
            openURL: { url in
                opened.add(url)
                let items = URLComponents(url: url, resolvingAgainstBaseURL: false)!.queryItems!
                let redirect = items.first { $0.name == "redirect_uri" }!.value!
                let state = items.first { $0.name == "state" }!.value!
                Task { _ = try await OAuthTestBrowser.get("\(redirect)?code=the-code&state=\(state)") }
                return true
            }, tty: true)
        let result = await run.finish()
        #expect(result.status == 0, "\(result)")
        let url = try #require(opened.all.first)
        #expect(
            url.absoluteString.hasPrefix("https://four.example/oauth/authorize?response_type=code&client_id=new-cid"))
        #expect(!url.absoluteString.contains("code_challenge"))
        #expect(result.stderr.contains("(opened in your browser)"))

        let apps = String(decoding: transport.requests[1].body ?? Data(), as: UTF8.self)
        // No RFC 8414 metadata: the server may match redirect URIs exactly (GoToSocial does), so the
        // listener's own URI, port included, is registered too.
        #expect(
            apps.hasPrefix(
                "client_name=fedictl&redirect_uris=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob%0Ahttp%3A%2F%2F127.0.0.1%2Fcallback%0Ahttp%3A%2F%2F127.0.0.1%3A"
            ), "\(apps)")
        #expect(apps.hasSuffix("%2Fcallback&scopes=read%20write%20follow"), "\(apps)")
        let exchange = String(decoding: transport.requests[2].body ?? Data(), as: UTF8.self)
        #expect(
            exchange.hasPrefix(
                "grant_type=authorization_code&code=the-code&client_id=new-cid&client_secret=new-secret&redirect_uri=http%3A%2F%2F127.0.0.1%3A"
            ))
        #expect(!exchange.contains("code_verifier"))

        #expect(await keyring.secrets[key("dora@four.example")] == "granted-token")
        #expect(await keyring.secrets[key("four.example", .clientSecret)] == "new-secret")
        let config = try logins.load()
        #expect(config.accounts.first?.scopesSource == .granted)
        #expect(config.clients?["four.example"]?.clientID == "new-cid")
        // Neither secret is in the config.
        let encoded = String(decoding: try JSONCoding.encoder().encode(config), as: UTF8.self)
        #expect(!encoded.contains("granted-token") && !encoded.contains("new-secret"))
    }

    @Test func noBrowserOffATerminalOrWithTheFlag() async throws {
        for (tty, flags) in [(false, [String]()), (true, ["--no-browser"])] {
            let transport = FakeTransport()
            transport.stub(.get, "/.well-known/oauth-authorization-server", status: 404, json: "{}")
            transport.stub(.post, "/api/v1/apps", json: #"{"client_id": "c", "client_secret": "s"}"#)
            let opened = OpenedURLs()
            let run = InProcessRun(
                ["auth", "login", "four.example", "--wait", "0.3"] + flags, transport: transport,
                secrets: InMemorySecretStore(), logins: InMemoryLoginStore(),
                openURL: {
                    opened.add($0)
                    return true
                }, tty: tty)
            let result = await run.finish()
            #expect(result.status == 75)  // nobody came back
            #expect(result.stderr.contains("https://four.example/oauth/authorize?"))
            #expect(result.stderr.contains("fedictl: the browser did not come back within 0.3 s\n"))
            #expect(opened.all.isEmpty)
        }
    }
}

enum OAuthTestBrowser {
    static func get(_ url: String) async throws -> HTTPResponse {
        try await CommandHarness.sharedTransport.send(
            HTTPRequest(method: .get, url: URL(string: url)!),
            options: TransportOptions(connectTimeout: 10, totalTimeout: 30))
    }
}

private final class OpenedURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    func add(_ url: URL) { lock.withLock { urls.append(url) } }
    var all: [URL] { lock.withLock { urls } }
}
