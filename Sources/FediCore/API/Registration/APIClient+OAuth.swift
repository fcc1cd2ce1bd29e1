import FoundationEssentials

/// App registration and the OAuth endpoints (Mastodon's, which Pleroma, Akkoma and GoToSocial share).
extension APIClient {
    /// The name fedictl registers its app under, shown on the server's "Authorized apps" page.
    public static let clientName = "fedictl"
    /// The project page sent with the app registration; nil sends none (there is no public page yet).
    public static let clientWebsite: String? = nil

    /// RFC 8414 metadata, or nil where the server has none (Mastodon before 4.3, most others).
    public func authorizationServerMetadata() async throws -> AuthorizationServerMetadata? {
        try await answerIfAny(AuthorizationServerMetadata.self, "/.well-known/oauth-authorization-server")
    }

    /// `POST /api/v1/apps`: a new OAuth app with exactly these scopes and redirect URIs.
    public func registerApp(redirectURIs: [String], scopes: [String]) async throws -> RegisteredApplication {
        var form = [
            ("client_name", Self.clientName), ("redirect_uris", redirectURIs.joined(separator: "\n")),
            ("scopes", scopes.joined(separator: " ")),
        ]
        if let website = Self.clientWebsite { form.append(("website", website)) }
        return try await fetch(RegisteredApplication.self, .post, "/api/v1/apps", body: .form(form)).value
    }

    /// The page a person opens to grant the authorization.
    public func authorizeURL(_ request: AuthorizationRequest) -> URL {
        var query = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: request.clientID),
            URLQueryItem(name: "redirect_uri", value: request.redirectURI),
            URLQueryItem(name: "scope", value: request.scopes.joined(separator: " ")),
            URLQueryItem(name: "state", value: request.state),
        ]
        if let challenge = request.codeChallenge {
            query += [
                URLQueryItem(name: "code_challenge", value: challenge),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ]
        }
        if request.forceLogin { query.append(URLQueryItem(name: "force_login", value: "true")) }
        return server.url("/oauth/authorize", query: query)
    }

    /// `POST /oauth/token` with the authorization code.
    public func exchangeCode(_ code: String, for request: AuthorizationRequest, clientSecret: String) async throws
        -> AccessToken
    {
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("client_id", request.clientID),
            ("client_secret", clientSecret), ("redirect_uri", request.redirectURI),
            ("scope", request.scopes.joined(separator: " ")),
        ]
        if let verifier = request.codeVerifier { form.append(("code_verifier", verifier)) }
        return try await fetch(AccessToken.self, .post, "/oauth/token", body: .form(form)).value
    }

    /// The account this client's token belongs to.
    public func verifyCredentials() async throws -> CredentialAccount {
        try await get(CredentialAccount.self, "/api/v1/accounts/verify_credentials")
    }

    /// The account this client's token belongs to, on any server: verify_credentials, else (upstream
    /// Misskey, which has no Mastodon API and answers it 404) Misskey's own `POST /api/i`. A known
    /// Misskey-family `flavour` is asked `/api/i` at once.
    public func whoAmI(flavour: Flavour? = nil) async throws -> CredentialAccount {
        if flavour?.isMisskeyFamily == true { return try await misskeyAdmin.verifyCredentials() }
        do {
            return try await verifyCredentials()
        } catch let absent as APIError where absent.meansAbsent {
            // A server known to speak Mastodon's API that has no such account is not Misskey.
            if let flavour, flavour != .unknown { throw absent }
            do {
                return try await misskeyAdmin.verifyCredentials()
            } catch let refused as APIError where refused.status == 401 || refused.status == 403 {
                throw refused  // Misskey, refusing the token: say that, not the 404
            } catch {
                throw absent
            }
        }
    }

    /// The token's owner's username, or nil where the server cannot say. With the software known,
    /// asked its own way (`whoAmI`); else Mastodon's verify_credentials first (most servers answer
    /// it), and only where that is absent is `detect` asked for the software, and Misskey's
    /// `POST /api/i` sent to the Misskey family.
    public func tokenOwner(known flavour: Flavour?, detect: () async -> Flavour?) async -> String? {
        if let flavour { return try? await whoAmI(flavour: flavour).username }
        do {
            return try await verifyCredentials().username
        } catch let absent as APIError where absent.meansAbsent {
            guard let detected = await detect(), detected.isMisskeyFamily else { return nil }
            return try? await whoAmI(flavour: detected).username
        } catch {
            return nil
        }
    }

    /// The scopes this client's token has, as far as the server tells: Doorkeeper's
    /// `/oauth/token/info` (the token's own scopes), else the app's scopes from
    /// `/api/v1/apps/verify_credentials` (Mastodon 4.3+). nil when neither says.
    public func tokenScopes() async throws -> [String]? {
        struct TokenInfo: Decodable {
            var scope: [String]?
            var scopes: [String]?
        }
        struct AppInfo: Decodable { var scopes: [String]? }
        if let info = try await answerIfAny(TokenInfo.self, "/oauth/token/info"),
            let scopes = info.scope ?? info.scopes, !scopes.isEmpty
        {
            return scopes
        }
        if let scopes = try await answerIfAny(AppInfo.self, "/api/v1/apps/verify_credentials")?.scopes, !scopes.isEmpty
        {
            return scopes
        }
        return nil
    }

    /// The decoded answer, or nil when the server has no such endpoint, refuses it for this token,
    /// or answers in another shape. Only failing to reach the server throws.
    private func answerIfAny<T: Decodable & Sendable>(_ type: T.Type, _ path: String) async throws -> T? {
        do {
            return try await get(type, path)
        } catch let error as APIError {
            if case .transport = error { throw error }
            return nil
        }
    }

    /// `POST /oauth/revoke`. Without the app's credentials only tokens issued to no app (or to a
    /// public one) can be revoked; the server refuses the rest with 403.
    public func revokeToken(_ token: String, clientID: String?, clientSecret: String?) async throws {
        var form = [("token", token)]
        if let clientID, let clientSecret { form += [("client_id", clientID), ("client_secret", clientSecret)] }
        try await send(.post, "/oauth/revoke", body: .form(form))
    }
}
