import FediCore
import FediTestSupport
import Foundation
import Testing

/// What GoToSocial does not offer, said plainly: app verification and API sign-ups.
@Suite(.realGoToSocial) struct RealGoToSocialAppsTests {
    /// GoToSocial has no GET /api/v1/apps/verify_credentials: exit 69, not "the app was forgotten".
    @Test func appsVerifyIsNotAvailable() async throws {
        let gts = try await GoToSocialServer.shared()
        let direct = try await gts.http.request(.get, "/api/v1/apps/verify_credentials", token: gts.alice.token)
        #expect(direct.status == 404)
        let result = await gts.aliceSide.run(["apps", "verify"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("apps verify is not available on GoToSocial"), "\(result)")
        #expect(!result.stderr.contains("register it again"), "\(result)")
    }

    /// GoToSocial 0.19+ refuses `POST /api/v1/accounts` with an app token (401): say so, name /signup,
    /// and register nothing.
    @Test func signupNamesTheServersSignUpPage() async throws {
        let gts = try await GoToSocialServer.shared()
        let username = GoToSocialServer.uniqueName("newcomer")
        let logins = InMemoryLoginStore()
        let harness = CommandHarness(secrets: InMemorySecretStore(), logins: logins)
        let result = await harness.run(
            [
                "signup", gts.base, "--username", username,
                "--email", "\(username)@example.org",
                "--reason", GoToSocialServer.defaultReason, "--password-stdin", "--agree",
            ],
            input: "Correct-Horse-Battery-9\n")
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("takes sign-ups only on its web page"), "\(result)")
        #expect(result.stderr.contains("hint: sign up at http://\(gts.base)/signup"), "\(result)")
        #expect(try logins.load().clients?[gts.base] == nil, "no app was registered")
        let found = try #require(try await gts.get("/api/v1/admin/accounts?username=\(username)") as? [Any])
        #expect(found.isEmpty)
    }

    /// `apps register` makes an app the server knows: its client id and secret get a token there.
    @Test func appsRegisterMakesAnAppTheServerKnows() async throws {
        let gts = try await GoToSocialServer.shared()
        let logins = InMemoryLoginStore()
        let secrets = InMemorySecretStore()
        let result = await CommandHarness(secrets: secrets, logins: logins)
            .run(["apps", "register", gts.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let clientID = try #require((try? result.json() as? [String: Any])?["client_id"] as? String, "\(result)")
        #expect(try logins.load().clients?[gts.base]?.clientID == clientID)
        let key = RegisteredClient.secretKey(for: ServerAddress(baseURL: gts.http.baseURL))
        let secret = try #require(await secrets.secrets[key])
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        let token = try await gts.http.request(
            .post, "/oauth/token",
            json: [
                "grant_type": "client_credentials", "client_id": clientID, "client_secret": secret,
                "redirect_uri": "urn:ietf:wg:oauth:2.0:oob", "scope": "read",
            ])
        #expect(token.status == 200, "\(String(decoding: token.body, as: UTF8.self))")
    }
}
