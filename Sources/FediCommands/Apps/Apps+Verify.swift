import ArgumentParser
import FediCore

extension Apps {
    public struct Verify: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check that the server still knows an app, and show its name and scopes.",
            discussion: """
                With INSTANCE: fedictl's registered app there, checked with a short-lived app token \
                (client_credentials, revoked afterwards). Without: the app of the selected account's token. \
                Calls GET /api/v1/apps/verify_credentials. A server that has forgotten the app answers \
                401 (exit 77).

                Examples:
                  $ fedictl apps verify mastodon.example
                  $ fedictl apps verify --account admin@mastodon.example -o json
                """)

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The instance whose registered fedictl app to check (default: the selected account's token).",
                valueName: "instance"))
        public var instance: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AppSummary.self)
            let summary: AppSummary
            if let instance {
                summary = try await registeredApp(ctx, server: ctx.server(instance))
            } else {
                let login = try ctx.login()
                let fetched = try await ctx.with(.apps(.appsVerify)) { try await $0.verifyAppCredentials() }
                if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
                summary = AppSummary(fetched.value, instance: login.server.authority, clientID: login.clientID)
            }
            try ctx.output.item(summary)
        }

        /// fedictl's stored app on `server`, checked with an app token that is revoked afterwards.
        func registeredApp(_ ctx: CommandContext, server: ServerAddress) async throws -> AppSummary {
            try await ctx.with(.apps(.appsVerify), on: (server, ctx.storedLogin(on: server)), as: .visitor) { _ in }
            let secrets = ctx.accounts.secretStore(ctx.accounts.storageForNewSecrets)
            guard let stored = try await FedictlApps(ctx).storedApp(server, secrets: secrets) else {
                throw FediError(
                    .noInput, "fedictl has no app registered on \(server.authority)",
                    hint: "register one: fedictl apps register \(server.authority)")
            }
            let scope = stored.record.scopes.contains("read") ? ["read"] : Array(stored.record.scopes.prefix(1))
            let fetched = try await FedictlApps(ctx).withAppToken(
                server, app: (stored.record.clientID, stored.secret),
                scopes: scope
            ) { client in
                do {
                    return try await client.verifyAppCredentials()
                } catch let error as APIError where error.status == 401 {
                    throw FedictlApps.appForgotten(server, clientID: stored.record.clientID)
                }
            }
            return AppSummary(fetched.value, instance: server.authority, clientID: stored.record.clientID)
        }
    }
}

extension AppSummary {
    init(_ app: AppCredentials, instance: String, clientID: String?) {
        self.init(
            instance: instance, clientID: clientID, name: app.name, website: app.website, scopes: app.scopes ?? [])
    }
}
