import FediCore
import FediTestSupport
import Foundation
import Testing

/// `auth login` against the real GoToSocial, the test acting as the person in the browser: the
/// authorize URL fedictl printed, the sign-in form at /auth/sign_in, then POST /oauth/authorize.
@Suite(.realGoToSocial) struct RealGoToSocialLoginTests {
    @Test func theSharedServerAnswersWithTheStartScriptsTokens() async throws {
        let gts = try await GoToSocialServer.shared()
        #expect(try await gts.http.whoami(gts.admin.token) == (200, "admin"))
        #expect(try await gts.http.whoami(gts.alice.token) == (200, "alice"))
        let instance = try #require(try await gts.get("/api/v1/instance") as? [String: Any])
        #expect((instance["version"] as? String)?.hasPrefix("0.20.0") == true, "\(instance["version"] ?? "")")
        let shared = RepoPaths.root.deletingLastPathComponent().appendingPathComponent("shared").path
        #expect(!gts.dataDirectory.path.hasPrefix(shared), "the tier writes nothing under ../shared")
    }

    /// GoToSocial matches the redirect URI exactly, port included: fedictl registers the listener's own URI.
    @Test func loopbackLoginThroughTheSignInForm() async throws {
        let gts = try await GoToSocialServer.shared()
        let sandbox = AuthSandbox()
        let keyring = InMemorySecretStore()
        let login = InProcessRun(["auth", "login", gts.base, "--admin"], secrets: keyring, logins: sandbox.logins)
        let printed = try await login.waitForStderr(containing: "Waiting up to", seconds: 120)
        let url = try #require(OAuthBrowser.authorizeURL(in: printed))
        let browser = gts.browser()
        defer { browser.removeCookies() }
        let location = try await browser.signInAndAuthorize(url, email: "admin@example.org")
        #expect(location.hasPrefix("http://127.0.0.1:") && location.contains("/callback?code="), "\(location)")
        let page = try await browser.get(location)
        #expect(page.body.contains("You can close this tab"), "\(page.body)")
        let result = await login.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("account\tadmin@\(gts.base)\n"), "\(result)")
        let key = SecretKey(account: "admin@\(gts.base)", instance: gts.base, kind: .accessToken)
        let token = try #require(await keyring.secrets[key])
        #expect(try await gts.http.whoami(token) == (200, "admin"))
    }

    /// The binary, with the code from GoToSocial's out-of-band page piped in.
    @Test func outOfBandLoginWithTheCodeFromTheServersPage() async throws {
        let gts = try await GoToSocialServer.shared()
        let sandbox = AuthSandbox()
        let login = try sandbox.start(["auth", "login", gts.base, "--out-of-band", "--insecure-storage", "-o", "json"])
        let printed = try await login.waitForStderr(containing: "/oauth/authorize?", seconds: 120)
        let url = try #require(OAuthBrowser.authorizeURL(in: printed))
        #expect(url.absoluteString.contains("redirect_uri=urn:ietf:wg:oauth:2.0:oob"))
        let browser = gts.browser()
        defer { browser.removeCookies() }
        let location = try await browser.signInAndAuthorize(url, email: "bob@example.org")
        let items = URLComponents(string: location)?.queryItems ?? []
        let code = try #require(items.first { $0.name == "code" }?.value, "\(location)")
        login.send(code + "\n")
        let result = try await login.finish(seconds: 120)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["account"] as? String == "bob@\(gts.base)")
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.paths.secretsFile))
        let secrets = try #require(file as? [String: Any])
        let token = try #require((secrets["secrets"] as? [String: String])?["access-token:bob@\(gts.base)"])
        #expect(try await gts.http.whoami(token) == (200, "bob"))
    }
}
