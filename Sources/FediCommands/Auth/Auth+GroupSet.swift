import ArgumentParser
import FediCore

extension Auth {
    public struct GroupSet: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Create a group of accounts, change its members, or replace them.",
            discussion: """
                The members are stored by id (aliases, prefixes and other groups are resolved now). A group's name \
                must not be an account id or alias, nor list or remove. --add and --remove change an existing \
                group's members; naming the members replaces them, which asks first (or needs --yes), naming \
                the old members and the new. The journal records the members before and after.

                Examples:
                  $ fedictl auth group mods alice@mastodon.example admin@gts.example
                  $ fedictl auth group mods --add bob@akkoma.example --remove alice@mastodon.example
                  $ fedictl auth group set everyone mods bob@akkoma.example --yes
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The group's name.", valueName: "name"))
        public var name: String

        @Argument(
            help: ArgumentHelp("Its accounts: ids, unique prefixes, aliases or groups.", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var members: [String] = []

        @Option(
            help: ArgumentHelp(
                "Add this account to the group (repeat, or separate with commas).", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var add: [String] = []

        @Option(
            help: ArgumentHelp(
                "Take this account out of the group (repeat, or separate with commas).", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
        public var remove: [String] = []

        public func validate() throws {
            guard !name.isEmpty, !name.contains("@"), !name.contains(where: { $0.isWhitespace || $0 == "," }) else {
                throw ValidationError("a group name is one word without '@', spaces or commas")
            }
            guard !["list", "remove", "set"].contains(name.lowercased()) else {
                throw ValidationError("'\(name)' is a verb of auth group, not a group name")
            }
            let editing = !add.isEmpty || !remove.isEmpty
            if editing, !members.isEmpty {
                throw ValidationError("name the members, or change them with --add and --remove, not both")
            }
            guard editing || !members.isEmpty else { throw ValidationError("name at least one account for the group") }
        }

        public func run(in ctx: CommandContext) async throws {
            let name = self.name
            // Asked before the change: replacing a group's members silently lost three servers of four.
            let current = try ctx.logins.load()
            if add.isEmpty, remove.isEmpty, let group = current.group(named: name) {
                let new = try current.logins(selecting: AccountSelectors.split(members)).map(\.id)
                if Set(new) != Set(group.members) {
                    try ctx.confirm(
                        "Replace group \(group.name)'s members (\(group.members.joined(separator: ", "))) with \(new.joined(separator: ", "))?"
                    )
                }
            }
            let ids = try ctx.logins.update { config -> [String] in
                if config.namesAccount(name) {
                    throw FediError(
                        .dataError, "'\(name)' already names an account", hint: "choose another name for the group")
                }
                let ids = try newMembers(in: config)
                let stored = config.group(named: name)?.name ?? name
                config.groups = (config.groups ?? [:]).filter { $0.key.lowercased() != name.lowercased() }
                config.groups?[stored] = ids
                return ids
            }
            ctx.status("Group \(name): \(ids.joined(separator: ", ")).")
        }

        /// The group's members after this run: the ones named, or the current ones with --add and --remove.
        private func newMembers(in config: LoginConfig) throws -> [String] {
            guard !add.isEmpty || !remove.isEmpty else {
                return try config.logins(selecting: AccountSelectors.split(members)).map(\.id)
            }
            let existing = config.group(named: name)
            if existing == nil, !remove.isEmpty {
                throw FediError(
                    .noInput, "there is no group \(name) to remove accounts from",
                    hint: "groups: fedictl auth group list")
            }
            let added = try config.logins(selecting: AccountSelectors.split(add)).map(\.id)
            let removed = Set(try config.logins(selecting: AccountSelectors.split(remove)).map(\.id))
            var ids = existing?.members ?? []
            for id in added where !ids.contains(id) { ids.append(id) }
            ids.removeAll { removed.contains($0) }
            guard !ids.isEmpty else {
                throw FediError(
                    .dataError, "that would leave group \(name) with no account",
                    hint: "remove the group instead: fedictl auth group remove \(name)")
            }
            return ids.sorted()
        }
    }
}

extension Auth.GroupSet: JournaledCommand {
    /// The config change's entry says what the group was.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
