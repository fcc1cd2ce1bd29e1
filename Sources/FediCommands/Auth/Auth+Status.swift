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
                token came from (keyring, file, env). Without ACCOUNT, checks the selected account; with --all, \
                every stored account at once (failures are reported per account, as for any verb over \
                several accounts). ADMIN and ROLE are what the server says the account's role may do, and are \
                recorded for `auth list` and for --all-accounts.

                EXIT STATUS
                  0   the token works
                  66  no such account
                  77  the server refused the token (log in again), or the keyring is unavailable

                Examples:
                  $ fedictl auth status
                  $ fedictl auth status alice@mastodon.example -o json
                  $ fedictl auth status --all
                """)

        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The account (default: the selected one).", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var account: String?

        @Flag(help: "Check every stored account, concurrently.")
        public var all = false

        public func validate() throws {
            if all, account != nil { throw ValidationError("give an ACCOUNT or --all, not both") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AuthStatus.self)
            if all, ctx.fleetMember == nil {
                let pins = try ctx.services.logins.load().allLogins.map { AccountPin(login: $0) }
                guard !pins.isEmpty else { return ctx.status("No accounts yet. Add one: fedictl auth login INSTANCE") }
                let status = await FleetRunner(ctx: ctx, pins: pins).run(self)
                if status != 0 { throw ExitCode(status) }
                return
            }
            var selecting = ctx
            if let account {
                var globals = ctx.globals
                globals.account = account
                selecting = CommandContext(services: ctx.services, globals: globals)
            }
            let credentials = try await selecting.accounts.credentials()
            let login = credentials.login
            let server = login.server
            let who: CredentialAccount
            do {
                who = try await APIClient(server: server, token: credentials.token, http: ctx.http).whoAmI()
            } catch let error as APIError where error.status == 401 {
                throw FediError(
                    .permission, "the token for \(login.id) no longer works: \(server.authority) refused it (HTTP 401)",
                    hint: "log in again: fedictl auth login \(server.authority)")
            }
            if credentials.isStored, let role = who.role, role != login.role, !ctx.globals.dryRun {
                // Best effort: `auth list` and --all-accounts read the role from here.
                _ = try? ctx.services.logins.update { config in
                    if let index = config.index(of: login.id) { config.accounts[index].role = role }
                }
            }
            try ctx.output.item(
                AuthStatus(
                    account: credentials.isStored ? login.id : Login.makeID(username: who.username, server: server),
                    username: who.username, instance: server.baseURL.absoluteString,
                    role: who.roleName ?? who.role?.name, scopes: login.scopes,
                    admin: who.role?.canModerate ?? login.isAdmin, tokenSource: credentials.source.rawValue))
        }
    }
}
