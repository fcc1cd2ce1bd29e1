import FediCore
import FoundationEssentials

extension CommandContext {
    /// Which account this context acts as and with which token (`AccountResolver`, in FediCore):
    /// the run's flags, environment and stores, pinned to `fleetMember` when the runner chose one.
    /// What it tells the user (the plain-file warning) is narration; a dry run describes a secret's
    /// change instead of making it (`DryRunSecretStore`).
    public var accounts: AccountResolver {
        let ctx = self
        let terminal = terminal
        let dryRun = globals.dryRun
        return AccountResolver(
            selectors: globals.accounts, allAccounts: globals.allAccounts, tokenFile: globals.tokenFile,
            insecureHTTP: globals.insecureHttp, insecureStorage: globals.insecureStorage, environment: environment,
            logins: services.logins, keyring: services.secrets, fileSecrets: services.insecureSecrets,
            forWriting: { dryRun ? DryRunSecretStore(wrapped: $0, terminal: terminal) : $0 },
            warnOnce: { key, text in if ctx.services.saidOnce.isFirst(key) { ctx.status(text) } },
            pinned: fleetMember?.selected, oneOfSeveral: fleetMember?.fleet != nil,
            client: { APIClient(server: $0, token: $1, http: ctx.http) }, serverCache: services.serverCache,
            detect: { try? await ctx.serverInfo($0.server, login: $0).server.flavour },
            checkedOwners: services.checkedTokenOwners, tokenOwners: services.tokenOwners)
    }

    /// The account to act as (`AccountResolver.login`): unknown or ambiguous, exit 66 naming the candidates.
    public func login() throws -> Login { try accounts.login() }

    /// An authenticated client for the selected login.
    public func client() async throws -> APIClient {
        let credentials = try await accounts.credentials()
        return APIClient(server: credentials.login.server, token: credentials.token, http: http)
    }
}
