import ArgumentParser
import FediCore

extension Auth {
    public struct Alias: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "alias",
            abstract: "Give an account a short name for --account.",
            discussion: """
                An alias must be unique among all accounts' ids and aliases.

                Examples:
                  $ fedictl auth alias alice@mastodon.example work
                  $ fedictl reports list --account work
                  $ fedictl auth alias alice@mastodon.example work --remove
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The account: user@host, a unique prefix of it, or an alias.", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var account: String

        @Argument(help: ArgumentHelp("The alias.", valueName: "name"))
        public var name: String

        @Flag(help: "Remove the alias instead.")
        public var remove = false

        public func validate() throws {
            guard !name.isEmpty, !name.contains("@"), !name.contains(where: { $0.isWhitespace || $0 == "," }) else {
                throw ValidationError("an alias is one word without '@', spaces or commas")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            let remove = self.remove
            let name = self.name
            let account = self.account
            let id = try ctx.logins.update { config -> String in
                let login = try config.login(matching: account)
                let index = config.index(of: login.id)!
                if remove {
                    guard let at = login.aliases.firstIndex(where: { $0.lowercased() == name.lowercased() }) else {
                        throw FediError(
                            .noInput, "\(login.id) has no alias '\(name)'",
                            hint: login.aliases.isEmpty
                                ? "it has no aliases" : "its aliases: \(login.aliases.joined(separator: ", "))")
                    }
                    config.accounts[index].aliases.remove(at: at)
                    return login.id
                }
                if let group = config.group(named: name) {
                    throw FediError(
                        .dataError, "'\(name)' already names the group \(group.name)", hint: "choose another name")
                }
                if let other = config.accounts.first(where: { other in
                    other.id.lowercased() == name.lowercased()
                        || other.aliases.contains { $0.lowercased() == name.lowercased() }
                }) {
                    if other.id == login.id { return login.id }
                    throw FediError(
                        .dataError, "'\(name)' already names \(other.id)",
                        hint: "choose another name, or first: fedictl auth alias \(other.id) \(name) --remove")
                }
                config.accounts[index].aliases.append(name)
                return login.id
            }
            ctx.status(remove ? "Removed the alias '\(name)' of \(id)." : "'\(name)' now names \(id).")
        }
    }
}

extension Auth.Alias: JournaledCommand {
    public var journalTarget: String? { nil }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        guard let target else { return nil }
        return remove ? ["auth", "alias", target, name] : ["auth", "alias", target, name, "--remove"]
    }
}
