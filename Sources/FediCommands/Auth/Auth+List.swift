import ArgumentParser
import FediCore

extension Auth {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the stored accounts.",
            discussion: """
                Reads only the config: no keyring, no network. The default account is marked with *; TOKEN says \
                where its token is kept (keyring, file for --insecure-storage, env when FEDICTL_TOKEN applies).

                Examples:
                  $ fedictl auth list
                  $ fedictl auth list -o json
                  $ fedictl auth list --fields account,admin
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AccountSummary.self)
            let config = try ctx.services.logins.load()
            let overridden = ctx.accounts.environmentToken == nil ? nil : try? ctx.login().id
            let rows = config.accounts.map { login in
                AccountSummary(
                    login, isDefault: config.defaultAccount == login.id,
                    tokenSource: login.id == overridden ? .environment : nil)
            }
            try ctx.output.list(rows)
            if rows.isEmpty, ctx.terminal.stderrIsTTY {
                ctx.status("No accounts yet. Add one: fedictl auth login INSTANCE")
            }
        }
    }
}
