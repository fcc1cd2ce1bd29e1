import FediCore
import FoundationEssentials

/// What the auth verbs share: saving a login, checking a new token.
struct AuthSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

/// What `auth login` and `auth add` share: storing a verified token as an account.
extension AuthSteps {
    /// Stores `token` (in `secrets`, which is `storage`) and records the login in the config,
    /// keeping the aliases of an account logged in before. The first account becomes the default.
    func saveLogin(
        server: ServerAddress, account: CredentialAccount, token: String, scopes: [String], scopesSource: ScopesSource?,
        clientID: String?, secrets: any SecretStore, storage: TokenStorage
    ) async throws -> AccountSummary {
        var login = Login(
            id: Login.makeID(username: account.username, server: server), username: account.username,
            baseURL: server.baseURL.absoluteString, clientID: clientID, scopes: scopes, accountID: account.id,
            addedAt: ctx.services.now(), tokenStorage: storage, scopesSource: scopesSource)
        login.role = account.role
        _ = try ctx.services.logins.load()  // a corrupt config fails here, before a secret is stored for nothing
        // The software and version, so `auth list` shows them at once; best effort (login works without).
        let detected = try? await ServerDiscovery(client: ctx.anonymousClient(server)).detect(now: ctx.services.now())
            .server
        login.serverInfo = detected
        try await secrets.store(token, for: login.tokenKey)
        let isDefault = try ctx.logins.update { config -> Bool in
            if let index = config.index(of: login.id) {
                login.aliases = config.accounts[index].aliases
                login.serverInfo = detected ?? config.accounts[index].serverInfo
                config.accounts[index] = login
            } else {
                config.accounts.append(login)
            }
            if config.defaultAccount == nil { config.defaultAccount = login.id }
            return config.defaultAccount == login.id
        }
        let place = storage == .file ? "the insecure file store" : "the keyring"
        ctx.status("Logged in to \(server.authority) as \(account.username): account \(login.id), token in \(place).")
        if isDefault { ctx.status("\(login.id) is the default account.") }
        return AccountSummary(login, isDefault: isDefault)
    }

    /// Who a token the user just handed over belongs to; a refusal says which token.
    func verifyNewToken(_ client: APIClient) async throws -> CredentialAccount {
        do {
            return try await client.whoAmI()
        } catch let error as APIError where error.status == 401 || error.status == 403 {
            throw FediError(
                .permission, "\(client.server.authority) does not accept this token (HTTP \(error.status!))",
                hint: "check that the token is for \(client.server.authority) and has not been revoked")
        }
    }
}
