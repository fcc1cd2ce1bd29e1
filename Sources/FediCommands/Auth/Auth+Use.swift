import ArgumentParser
import FediCore

extension Auth {
    public struct Use: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "use",
            abstract: "Make an account, or a group of accounts, the default for commands without --account.",
            discussion: """
                FEDICTL_ACCOUNT and --account still win over the default. With a group as the default, \
                commands act as every account of the group, as with --account GROUP.

                Examples:
                  $ fedictl auth use alice@mastodon.example
                  $ fedictl auth use work
                  $ fedictl auth use mods
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The account: user@host, a unique prefix of it, an alias, or a group.", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var account: String

        public func run(in ctx: CommandContext) async throws {
            let said = try ctx.logins.update { config -> String in
                if !config.namesAccount(account), let group = config.group(named: account) {
                    config.defaultAccount = group.name
                    return "Default: group \(group.name) (\(group.members.joined(separator: ", ")))"
                }
                let login = try config.login(matching: account)
                config.defaultAccount = login.id
                return "Default account: \(login.id)"
            }
            ctx.status(said)
        }
    }
}

extension Auth.Use: JournaledCommand {
    /// The config change's entry offers `auth use` of the default before.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
