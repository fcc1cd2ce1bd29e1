import FediCore
import FediTestSupport
import Foundation
import Testing

/// The OAuth login against mastodon_mock, with the test acting as the person in the browser.
@Suite("auth login: OAuth against mastodon_mock")
struct AuthOAuthTests {
    @Test func loopbackLoginEndToEndThenASecondAccountReusesTheApp() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        let keyring = InMemorySecretStore(storageName: "keyring")

        // First login, as alice, with the admin scopes.
        let first = InProcessRun(["auth", "login", server.base, "--admin"], secrets: keyring, logins: sandbox.logins)
        let printed = try await first.waitForStderr(containing: "Waiting up to 300 s")
        let url = try #require(OAuthBrowser.authorizeURL(in: printed))
        let query = Dictionary(
            uniqueKeysWithValues: URLComponents(url: url, resolvingAgainstBaseURL: false)!.queryItems!.map {
                ($0.name, $0.value ?? "")
            })
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:\(server.port)/oauth/authorize?"))
        #expect(query["scope"] == "read write follow admin:read admin:write")
        #expect(query["code_challenge_method"] == "S256")  // the mock advertises S256 in its RFC 8414 metadata
        #expect(query["code_challenge"]?.count == 43)
        #expect(query["force_login"] == "true")
        #expect(query["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true)
        #expect(query["state"]?.count == 43)

        let page = try await OAuthBrowser.approve(url, as: "alice")
        #expect(page.url.absoluteString.hasPrefix(query["redirect_uri"]!))  // the mock redirected to fedictl's listener
        #expect(String(decoding: page.body, as: UTF8.self).contains("You can close this tab"))
        let result = await first.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Registered fedictl as an app on \(server.base)"))
        #expect(result.stdout.contains("account\talice@\(server.base)\n"))
        #expect(result.stdout.contains("scopes\tread, write, follow, admin:read, admin:write\n"))
        // Admin scopes are not a role: alice is a plain user on the server (issue 14).
        #expect(result.stdout.contains("admin\tno\n"))

        let aliceKey = SecretKey(account: "alice@\(server.base)", instance: server.base, kind: .accessToken)
        let aliceToken = try #require(await keyring.secrets[aliceKey])
        #expect(try await server.whoami(aliceToken) == (200, "alice"))
        let clientSecret = try #require(
            await keyring.secrets[SecretKey(account: server.base, instance: server.base, kind: .clientSecret)])
        let configText = try String(contentsOf: sandbox.configFile, encoding: .utf8)
        #expect(!configText.contains(aliceToken) && !configText.contains(clientSecret))
        let clientID = try #require(try sandbox.logins.load().clients?[server.base]?.clientID)
        #expect(try sandbox.logins.load().accounts.first?.scopesSource == .granted)

        // Second login on the same server, as bob: the app is reused, the login form forced.
        let second = InProcessRun(["auth", "login", server.base], secrets: keyring, logins: sandbox.logins)
        let secondURL = try #require(
            OAuthBrowser.authorizeURL(in: try await second.waitForStderr(containing: "Waiting up to")))
        #expect(secondURL.absoluteString.contains("client_id=\(clientID)&"))
        #expect(secondURL.absoluteString.contains("force_login=true"))
        _ = try await OAuthBrowser.approve(secondURL, as: "bob")
        let secondResult = await second.finish()
        #expect(secondResult.status == 0, "\(secondResult)")
        #expect(!secondResult.stderr.contains("Registered fedictl"))
        #expect(try sandbox.logins.load().accounts.map(\.id) == ["alice@\(server.base)", "bob@\(server.base)"])
        #expect(try sandbox.logins.load().defaultAccount == "alice@\(server.base)")

        // Logging alice out revokes her token on the server.
        let logout = await InProcessRun(["auth", "logout", "alice"], secrets: keyring, logins: sandbox.logins).finish()
        #expect(logout.status == 0, "\(logout)")
        #expect(try await server.whoami(aliceToken).status == 401)
        #expect(await keyring.secrets[aliceKey] == nil)
    }

    @Test func outOfBandLoginWithTheCodePipedInToTheBinary() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        let login = try sandbox.start([
            "auth", "login", server.base, "--out-of-band", "--insecure-storage", "-o", "json",
        ])
        let url = try #require(
            OAuthBrowser.authorizeURL(in: try await login.waitForStderr(containing: "/oauth/authorize?")))
        #expect(url.absoluteString.contains("redirect_uri=urn:ietf:wg:oauth:2.0:oob"))
        let page = try await OAuthBrowser.approve(url, as: "bob")
        let code = try #require(OAuthBrowser.outOfBandCode(in: page))
        login.send(code + "\n")
        let result = try await login.finish()
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["account"] as? String == "bob@\(server.base)")
        #expect(object["token_storage"] as? String == "file")
        #expect(result.stderr.contains("fedictl: warning: secrets are kept in a plain file"))

        let secrets = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.paths.secretsFile)) as? [String: Any])
        let token = try #require((secrets["secrets"] as? [String: String])?["access-token:bob@\(server.base)"])
        #expect(try await server.whoami(token) == (200, "bob"))
        #expect(!(try String(contentsOf: sandbox.configFile, encoding: .utf8)).contains(token))
        #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
    }

    @Test func loopbackLoginWithTheBinary() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        let login = try sandbox.start(["auth", "login", server.base, "--insecure-storage"])
        let url = try #require(
            OAuthBrowser.authorizeURL(in: try await login.waitForStderr(containing: "Waiting up to")))
        _ = try await OAuthBrowser.approve(url, as: "admin")
        let result = try await login.finish()
        #expect(result.status == 0, "\(result)")
        let list = try await sandbox.run(["auth", "list", "--fields", "account,default,token_storage"])
        #expect(list.stdout == "admin@\(server.base)\t*\tfile\n")
    }

    @Test func aRedirectWithAForeignStateEndsTheLoginAndStoresNothing() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        let login = InProcessRun(
            ["auth", "login", server.base], secrets: InMemorySecretStore(), logins: sandbox.logins)
        let url = try #require(
            OAuthBrowser.authorizeURL(in: try await login.waitForStderr(containing: "Waiting up to")))
        let redirect = try #require(
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "redirect_uri" }?
                .value)
        let forged = try await CommandHarness.sharedTransport.send(
            HTTPRequest(method: .get, url: URL(string: "\(redirect)?code=mockcode_admin&state=forged")!),
            options: TransportOptions())
        #expect(forged.status == 400)
        let result = await login.finish()
        #expect(result.status == 77)
        #expect(result.stderr.contains("fedictl: the browser came back with a state that does not match this login"))
        #expect(try sandbox.logins.load().accounts.isEmpty)
    }

    @Test func aCodeTheServerRejectsIsExit77() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        let result = await InProcessRun(
            ["auth", "login", server.base, "--out-of-band"], secrets: InMemorySecretStore(),
            logins: sandbox.logins, input: "not-a-code\n"
        ).finish()
        #expect(result.status == 77)
        #expect(result.stderr.contains("fedictl: \(server.base) did not accept the authorization code"))
        #expect(
            result.stderr.contains(
                "hint: a code works once, for a few minutes: run fedictl auth login \(server.base) again"))
        #expect(try sandbox.logins.load().accounts.isEmpty)
    }

    @Test func addRecordsTheScopesTheServerReports() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        // A token that belongs to an app (made the way a client would), so the server can say its scopes.
        let app = try #require(
            try await server.json(
                .post, "/api/v1/apps",
                body: [
                    "client_name": "other", "scopes": "read follow",
                    "redirect_uris": "urn:ietf:wg:oauth:2.0:oob",
                ]) as? [String: Any])
        let grant = try #require(
            try await server.json(
                .post, "/oauth/token",
                body: [
                    "grant_type": "authorization_code", "code": "mockcode_alice",
                    "client_id": app["client_id"] as! String,
                    "client_secret": app["client_secret"] as! String, "redirect_uri": "urn:ietf:wg:oauth:2.0:oob",
                ]) as? [String: Any])
        let token = try #require(grant["access_token"] as? String)
        let keyring = InMemorySecretStore()
        let added = await InProcessRun(
            ["auth", "add", server.base, "--token-stdin", "--scopes", "read write", "-o", "json"],
            secrets: keyring, logins: sandbox.logins, input: token + "\n"
        ).finish()
        #expect(added.status == 0, "\(added)")
        let object = try #require(try added.json() as? [String: Any])
        #expect(object["scopes"] as? [String] == ["read", "follow"])
        #expect(object["scopes_source"] as? String == "server")
        #expect(added.stderr.contains("says the token has read follow; recorded that instead of --scopes"))

        // A seeded token belongs to no app: the server does not say, so --scopes is recorded, and said so.
        let seeded = await InProcessRun(
            ["auth", "add", server.base, "--token-stdin", "--scopes", "read write admin:read"],
            secrets: keyring, logins: sandbox.logins, input: "admin-token"
        ).finish()
        #expect(seeded.status == 0, "\(seeded)")
        #expect(
            seeded.stderr.contains("does not say which scopes the token has; recorded the ones you gave (--scopes)"))
        #expect(seeded.stdout.contains("admin\tyes\n"))

        let refused = await InProcessRun(
            ["auth", "add", server.base, "--token-stdin"], secrets: keyring, logins: sandbox.logins,
            input: "no-such-token"
        ).finish()
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("fedictl: \(server.base) does not accept this token (HTTP 401)"))
    }
}
