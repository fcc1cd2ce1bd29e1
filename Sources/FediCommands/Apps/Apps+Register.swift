import ArgumentParser
import FediCore

extension Apps {
    public struct Register: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "register",
            abstract: "Register fedictl as an OAuth app on an instance.",
            discussion: """
                Sends POST /api/v1/apps with the scopes (default: read write follow; --admin adds \
                admin:read admin:write) and the redirect URIs `auth login` uses, then records the app in \
                the config and its client secret in the keyring (or, with --insecure-storage, the 0600 \
                file). It replaces fedictl's earlier app on that instance; later logins reuse it. Prints \
                the client id; the secret is never printed.

                Examples:
                  $ fedictl apps register mastodon.example
                  $ fedictl apps register gts.example --scopes "read write" --admin
                  $ fedictl apps register mastodon.example --fields client_id
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The instance (host, host:port or URL).", valueName: "instance"))
        public var instance: String

        @Option(help: ArgumentHelp("User scopes to register instead of \"read write follow\".", valueName: "scopes"))
        public var scopes: String?

        @Flag(help: "Also register the admin scopes (admin:read admin:write).")
        public var admin = false

        public func validate() throws {
            if let scopes, OAuthScopes.parse(scopes).isEmpty { throw ValidationError("--scopes names no scope") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AppSummary.self)
            let server = try ctx.server(instance)
            try await ctx.with(.apps(.appsRegister), on: (server, ctx.storedLogin(on: server)), as: .visitor) { _ in }
            let user = scopes.map(OAuthScopes.parse) ?? OAuthScopes.user
            let wanted = user + (admin ? OAuthScopes.admin.filter { !user.contains($0) } : [])
            let storage = ctx.accounts.storageForNewSecrets
            let secrets = ctx.accounts.secretStore(storage)
            // A corrupt config (78) or a missing keyring (77) fails here, before anything is registered.
            _ = try await FedictlApps(ctx).storedApp(server, secrets: secrets)
            let app = try await FedictlApps(ctx).registerFedictlApp(server, scopes: wanted, secrets: secrets)
            try ctx.output.item(
                AppSummary(
                    instance: server.authority, clientID: app.clientID, name: APIClient.clientName,
                    website: APIClient.clientWebsite, scopes: app.scopes ?? wanted,
                    redirectURIs: app.redirectURIs ?? FedictlApps.appRedirectURIs, secretStorage: storage))
        }
    }
}

extension Apps.Register: JournaledCommand {
    /// Registering again makes another app; the old one is not deleted through the API.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
