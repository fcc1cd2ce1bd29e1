import ArgumentParser
import FediCore

extension Auth {
    public struct GroupSet: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Create a group of accounts, or replace its members.",
            discussion: """
            The members are stored by id (aliases, prefixes and other groups are resolved now). A group's name \
            must not be an account id or alias, nor list or remove.

            Examples:
              $ fedictl auth group mods alice@mastodon.example admin@gts.example
              $ fedictl auth group set everyone mods bob@akkoma.example
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The group's name.", valueName: "name"))
        public var name: String

        @Argument(help: ArgumentHelp("Its accounts: ids, unique prefixes, aliases or groups.", valueName: "account"),
                  completion: .custom(AccountCompletion.candidates))
        public var members: [String] = []

        public var fansOut: Bool { false }

        public func validate() throws {
            guard !name.isEmpty, !name.contains("@"), !name.contains(where: { $0.isWhitespace || $0 == "," }) else {
                throw ValidationError("a group name is one word without '@', spaces or commas")
            }
            guard !["list", "remove", "set"].contains(name.lowercased()) else { throw ValidationError("'\(name)' is a verb of auth group, not a group name") }
            guard !members.isEmpty else { throw ValidationError("name at least one account for the group") }
        }

        public func run(in ctx: CommandContext) async throws {
            let name = self.name, members = self.members
            let ids = try ctx.logins.update { config -> [String] in
                if config.namesAccount(name) {
                    throw FediError(.dataError, "'\(name)' already names an account", hint: "choose another name for the group")
                }
                let ids = try config.logins(selecting: AccountSelectors.split(members)).map(\.id)
                let stored = config.group(named: name)?.name ?? name
                config.groups = (config.groups ?? [:]).filter { $0.key.lowercased() != name.lowercased() }
                config.groups?[stored] = ids
                return ids
            }
            ctx.status("Group \(name): \(ids.joined(separator: ", ")).")
        }
    }
}
