import ArgumentParser
import FediCore

extension Auth {
    public struct Status: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Check with the server that an account's token still works.",
            discussion: """
            Asks the server who the token belongs to and shows it with the recorded scopes and where the \
            token came from (keyring, file, env). Without ACCOUNT, checks the selected account.

            EXIT STATUS
              0   the token works
              66  no such account
              77  the server refused the token (log in again), or the keyring is unavailable

            Examples:
              $ fedictl auth status
              $ fedictl auth status alice@mastodon.example -o json
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The account (default: the selected one).", valueName: "account"),
                  completion: .custom(AccountCompletion.candidates))
        public var account: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AuthStatus.self)
            var selecting = ctx
            if let account {
                var globals = ctx.globals
                globals.account = account
                selecting = CommandContext(services: ctx.services, globals: globals)
            }
            let credentials = try await selecting.credentials()
            let login = credentials.login
            let server = login.server
            let who: CredentialAccount
            do {
                who = try await ctx.client(credentials).verifyCredentials()
            } catch let error as APIError where error.status == 401 {
                throw FediError(.permission, "the token for \(login.id) no longer works: \(server.authority) refused it (HTTP 401)",
                                hint: "log in again: fedictl auth login \(server.authority)")
            }
            try ctx.output.item(AuthStatus(
                account: credentials.isStored ? login.id : Login.makeID(username: who.username, server: server),
                username: who.username, instance: server.baseURL.absoluteString, role: who.roleName, scopes: login.scopes,
                admin: login.isAdmin, tokenSource: credentials.source.rawValue))
        }
    }
}
