import ArgumentParser
import FediCore

extension Auth {
    public struct Use: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "use",
            abstract: "Make an account the default for commands without --account.",
            discussion: """
            FEDICTL_ACCOUNT and --account still win over the default.

            Examples:
              $ fedictl auth use alice@mastodon.example
              $ fedictl auth use work
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The account: user@host, a unique prefix of it, or an alias.", valueName: "account"),
                  completion: .custom(AccountCompletion.candidates))
        public var account: String

        public func run(in ctx: CommandContext) async throws {
            let id = try ctx.logins.update { config -> String in
                let login = try config.login(matching: account)
                config.defaultAccount = login.id
                return login.id
            }
            ctx.status("Default account: \(id)")
        }
    }
}
