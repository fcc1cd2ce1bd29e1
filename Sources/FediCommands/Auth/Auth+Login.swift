import ArgumentParser
import FediCore
import FoundationEssentials

extension Auth {
    public struct LogIn: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log in to an instance through its OAuth page and store the account.",
            discussion: """
                Registers fedictl as an app on the instance (once; later logins reuse it), prints the server's \
                authorization page and opens it in your browser when on a terminal. Log in there as the \
                account to add (the page always asks, so a second account on the same server works) and \
                approve. The browser then hands the code back to fedictl on a local port (127.0.0.1), or, with \
                --out-of-band, the page shows a code to paste here (or to pipe in when stdin is not a terminal).

                The token goes to the keyring (Secret Service); the account, without any secret, to \
                $XDG_CONFIG_HOME/fedictl/config.json. The first account becomes the default.

                Scopes: read write follow, plus admin:read admin:write with --admin. --scopes replaces the \
                user scopes (space- or comma-separated).

                Examples:
                  $ fedictl auth login mastodon.example
                  $ fedictl auth login mastodon.example --admin
                  $ fedictl auth login gts.example --out-of-band --no-browser
                  $ fedictl auth login 127.0.0.1:3000 --scopes "read write"
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The instance (host, host:port or URL).", valueName: "instance"))
        public var instance: String

        @Flag(help: "Also ask for the admin scopes (admin:read admin:write), for moderation commands.")
        public var admin = false

        @Option(help: ArgumentHelp("User scopes to ask for instead of \"read write follow\".", valueName: "scopes"))
        public var scopes: String?

        @Flag(help: "Do not open a browser; only print the authorization URL.")
        public var noBrowser = false

        @Flag(help: "Paste the code the server shows instead of receiving it on a local port (for SSH sessions).")
        public var outOfBand = false

        @Option(help: ArgumentHelp("Seconds to wait for the browser to come back.", valueName: "seconds"))
        public var wait: Double = 300

        public func validate() throws {
            guard wait > 0 else { throw ValidationError("--wait must be more than 0 seconds") }
            if let scopes, OAuthScopes.parse(scopes).isEmpty { throw ValidationError("--scopes names no scope") }
        }

        /// The scopes to ask for: the user scopes, plus the admin ones with --admin.
        var requestedScopes: [String] {
            let user = scopes.map(OAuthScopes.parse) ?? OAuthScopes.user
            return user + (admin ? OAuthScopes.admin.filter { !user.contains($0) } : [])
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AccountSummary.self)
            let server = try ctx.server(instance)
            let scopes = requestedScopes
            let storage = ctx.accounts.storageForNewSecrets
            let secrets = ctx.accounts.secretStore(storage)
            let anonymous = ctx.anonymousClient(server)

            // Read the config and the stored client secret first: a corrupt config (78) or a missing
            // keyring (77) fails here, before anything is registered or opened.
            let stored = try await FedictlApps(ctx).storedApp(server, secrets: secrets)
            let metadata = try await anonymous.authorizationServerMetadata()
            let listener = outOfBand ? nil : try LoopbackRedirectListener()
            defer { listener?.close() }
            let app = try await FedictlApps(ctx).fedictlApp(
                server, scopes: scopes, stored: stored, secrets: secrets,
                registeredRedirect: listener?.uriToRegister(metadata: metadata)
                    ?? AuthorizationRequest.outOfBandRedirect)

            let request = AuthorizationRequest(
                clientID: app.clientID, redirectURI: listener?.redirectURI ?? AuthorizationRequest.outOfBandRedirect,
                scopes: scopes,
                codeVerifier: metadata?.supportsPKCE == true ? AuthorizationRequest.randomToken() : nil)
            let url = anonymous.authorizeURL(request)
            ctx.status("Open this page, log in as the account to add, and authorize fedictl:\n  \(url.absoluteString)")
            if !noBrowser, ctx.terminal.stdinIsTTY, ctx.terminal.stderrIsTTY, ctx.services.openURL(url) {
                ctx.status("(opened in your browser)")
            }

            let code: String
            if let listener {
                ctx.status(
                    "Waiting up to \(shortNumber(wait)) s for the browser to come back to \(listener.redirectURI) …")
                code = try await listener.waitForCode(state: request.state, timeout: wait)
            } else {
                code = try pastedCode(ctx)
            }

            let granted: AccessToken
            do {
                granted = try await anonymous.exchangeCode(code, for: request, clientSecret: app.clientSecret)
            } catch let APIError.http(status, said, _, _, _) where [400, 401, 403].contains(status) {
                if status == 401 {
                    // The server no longer knows fedictl's app (deleted, or the instance was reset):
                    // forget it, so the next login registers a new one.
                    try ctx.logins.update { $0.clients?[server.authority] = nil }
                }
                throw FediError(
                    .permission,
                    "\(server.authority) did not accept the authorization code (HTTP \(status): \(said ?? "no reason given"))",
                    hint: "a code works once, for a few minutes: run fedictl auth login \(server.authority) again")
            }
            let account = try await AuthSteps(ctx).verifyNewToken(
                APIClient(server: server, token: granted.accessToken, http: ctx.http))
            let grantedScopes = granted.grantedScopes
            if admin, !(grantedScopes ?? scopes).contains(where: { $0.hasPrefix("admin") }) {
                ctx.status(
                    "fedictl: warning: \(server.authority) did not grant the admin scopes; moderation commands will be refused"
                )
            }
            let summary = try await AuthSteps(ctx).saveLogin(
                server: server, account: account, token: granted.accessToken, scopes: grantedScopes ?? scopes,
                scopesSource: grantedScopes == nil ? .requested : .granted, clientID: app.clientID, secrets: secrets,
                storage: storage)
            try ctx.output.item(summary)
        }

        /// The code from the out-of-band page: prompted for on a terminal, else the first line of stdin.
        func pastedCode(_ ctx: CommandContext) throws -> String {
            let prompt = ctx.terminal.stdinIsTTY ? "Paste the authorization code the page shows: " : nil
            let code = ctx.terminal.readLine(prompt: prompt, secret: false)?.trimmed() ?? ""
            guard !code.isEmpty else {
                throw FediError(
                    .dataError, "no authorization code was given",
                    hint:
                        "paste the code the server's page shows, or pipe it in: echo CODE | fedictl auth login \(instance) --out-of-band"
                )
            }
            return code
        }
    }
}

extension Auth.LogIn: JournaledCommand {
    /// The config change's entry offers `auth logout` for the account it adds.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
