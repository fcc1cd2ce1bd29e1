import ArgumentParser
import FediCore

extension Auth {
    public struct Logout: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Revoke an account's token on its server and forget the account.",
            discussion: """
                Revokes the token (POST /oauth/revoke, with fedictl's app credentials where fedictl made the \
                token), removes it from the keyring and the account from the config. If the server cannot be \
                reached or refuses the revocation, the account is still removed here, and fedictl says so: \
                then revoke the token in the server's settings. The last account on an instance also takes \
                fedictl's app secret for that instance with it.

                Examples:
                  $ fedictl auth logout alice@mastodon.example
                  $ fedictl auth logout work --dry-run
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The account: user@host, a unique prefix of it, or an alias.", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var account: String

        public func run(in ctx: CommandContext) async throws {
            let config = try ctx.services.logins.load()
            let login = try config.login(matching: account)
            let server = login.server
            if ctx.globals.dryRun {
                ctx.status(
                    "Would revoke the token of \(login.id) at \(server.url("/oauth/revoke").absoluteString), "
                        + "remove it from the \(login.tokenStorage == .file ? "file store" : "keyring") and \(login.id) from the config."
                )
                return
            }
            let secrets = ctx.accounts.secretStore(login.tokenStorage ?? .keyring)
            // A keyring error ends here, before anything is removed.
            if let token = try await secrets.lookup(login.tokenKey) {
                try await revoke(ctx, login: login, token: token, config: config, secrets: secrets)
            } else {
                ctx.status("No token was stored for \(login.id); nothing to revoke.")
            }
            try await secrets.remove(login.tokenKey)

            let lastOnInstance = try ctx.logins.update { config -> Bool in
                config.accounts.removeAll { $0.id == login.id }
                if config.defaultAccount == login.id { config.defaultAccount = nil }
                let last = !config.accounts.contains { $0.server.authority == server.authority }
                if last {
                    config.clients?[server.authority] = nil
                    if config.clients?.isEmpty == true { config.clients = nil }
                }
                return last
            }
            if lastOnInstance, config.clients?[server.authority] != nil {
                try await secrets.remove(RegisteredClient.secretKey(for: server))
            }
            ctx.status("Logged out \(login.id): its token and its entry are removed.")
        }

        /// Revokes on the server; a failure is reported, not thrown, so the local removal goes ahead.
        func revoke(_ ctx: CommandContext, login: Login, token: String, config: LoginConfig, secrets: any SecretStore)
            async throws
        {
            let server = login.server
            var clientSecret: String?
            let app = config.clients?[server.authority]
            if let clientID = login.clientID, app?.clientID == clientID {
                clientSecret = try await secrets.lookup(RegisteredClient.secretKey(for: server))
            }
            do {
                try await ctx.anonymousClient(server).revokeToken(
                    token, clientID: clientSecret == nil ? nil : login.clientID,
                    clientSecret: clientSecret)
                ctx.status("Revoked the token of \(login.id) on \(server.authority).")
            } catch {
                let failure = ErrorReport.fediError(from: error)
                ctx.status("fedictl: warning: could not revoke the token on \(server.authority): \(failure.message)")
                ctx.status(
                    "hint: it may still work: revoke it in the server's settings (Preferences > Account > Authorized apps, or Development)"
                )
            }
        }
    }
}

extension Auth.Logout: JournaledCommand {
    /// A revoked token cannot be restored: log in again.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
