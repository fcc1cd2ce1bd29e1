import FediCore
import FoundationEssentials

/// fedictl's own app on a server: found in the secret store, registered, or its token taken, over one context.
struct FedictlApps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

/// fedictl's OAuth app on an instance: one per instance, recorded in the config (`clients`), its
/// secret in the keyring. Shared by `auth login`, `apps register|verify` and `signup`.
extension FedictlApps {
    /// The redirect URIs every fedictl app is registered with, so any later login can use it.
    static var appRedirectURIs: [String] {
        [AuthorizationRequest.outOfBandRedirect, LoopbackRedirectListener.registeredRedirectURI]
    }

    /// The instance's fedictl app and its secret, when both are stored. Reads the config and the
    /// keyring either way, so a corrupt config (78) or a missing keyring (77) fails here, early.
    func storedApp(_ server: ServerAddress, secrets: any SecretStore) async throws -> (
        record: RegisteredClient, secret: String
    )? {
        let known = try ctx.services.logins.load().clients?[server.authority]
        let secret = try await secrets.lookup(RegisteredClient.secretKey(for: server))
        guard let known, let secret else { return nil }
        return (known, secret)
    }

    /// This instance's fedictl app when it covers `scopes`, else a newly registered one (with
    /// `registering`, by default `scopes`).
    func fedictlApp(
        _ server: ServerAddress, scopes: [String], registering: [String]? = nil,
        stored: (record: RegisteredClient, secret: String)?,
        secrets: any SecretStore, registeredRedirect: String
    ) async throws -> (clientID: String, clientSecret: String) {
        if let stored, stored.record.covers(scopes: scopes, redirectURI: registeredRedirect) {
            return (stored.record.clientID, stored.secret)
        }
        let known = Self.appRedirectURIs
        let redirects = known.contains(registeredRedirect) ? known : known + [registeredRedirect]
        let app = try await registerFedictlApp(
            server, scopes: registering ?? scopes, secrets: secrets,
            redirects: redirects)
        return (app.clientID, app.clientSecret)
    }

    /// `POST /api/v1/apps` for fedictl with `scopes`; the secret goes to `secrets`, the app to the
    /// config (replacing an earlier one of the instance).
    func registerFedictlApp(
        _ server: ServerAddress, scopes: [String], secrets: any SecretStore,
        redirects: [String] = appRedirectURIs
    ) async throws -> RegisteredApplication {
        let app = try await ctx.anonymousClient(server).registerApp(redirectURIs: redirects, scopes: scopes)
        try await secrets.store(app.clientSecret, for: RegisteredClient.secretKey(for: server))
        let record = RegisteredClient(
            clientID: app.clientID, scopes: app.scopes ?? scopes, redirectURIs: app.redirectURIs ?? redirects,
            registeredAt: ctx.services.now())
        try ctx.logins.update { config in
            config.clients = (config.clients ?? [:]).merging([server.authority: record]) { $1 }
        }
        ctx.status("Registered fedictl as an app on \(server.authority) (scopes: \(scopes.joined(separator: " "))).")
        return app
    }

    /// Runs `body` with a client whose token is the app's own (client_credentials grant, no user),
    /// and revokes that token afterwards. A server that no longer knows the app: exit 77.
    func withAppToken<T>(
        _ server: ServerAddress, app: (clientID: String, clientSecret: String), scopes: [String],
        _ body: (APIClient) async throws -> T
    ) async throws -> T {
        let anonymous = ctx.anonymousClient(server)
        let token: String
        do {
            token = try await anonymous.clientCredentialsToken(
                clientID: app.clientID, clientSecret: app.clientSecret, scopes: scopes
            ).accessToken
        } catch let error as APIError where error.status == 401 {
            throw Self.appForgotten(server, clientID: app.clientID)
        }
        let result: T
        do {
            result = try await body(APIClient(server: server, token: token, http: ctx.http))
        } catch {
            try? await anonymous.revokeToken(token, clientID: app.clientID, clientSecret: app.clientSecret)
            throw error
        }
        try? await anonymous.revokeToken(token, clientID: app.clientID, clientSecret: app.clientSecret)
        return result
    }

    /// Exit 77: the server answered 401 to fedictl's own app (deleted, or the instance was reset).
    static func appForgotten(_ server: ServerAddress, clientID: String) -> FediError {
        FediError(
            .permission, "\(server.authority) does not know fedictl's app \(clientID) any more (HTTP 401)",
            hint: "register it again: fedictl apps register \(server.authority)")
    }
}
