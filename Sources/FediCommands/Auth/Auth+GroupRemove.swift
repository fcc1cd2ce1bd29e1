import ArgumentParser
import FediCore

extension Auth {
    public struct GroupRemove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Forget a group (its accounts stay).",
            discussion: """
                Examples:
                  $ fedictl auth group remove mods
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The group.", valueName: "name"), completion: .custom(AccountCompletion.groups))
        public var name: String

        public func run(in ctx: CommandContext) async throws {
            let name = self.name
            let removed = try ctx.logins.update { config -> String in
                guard let group = config.group(named: name) else {
                    let known = (config.groups ?? [:]).keys.sorted()
                    throw FediError(
                        .noInput, "no group is named '\(name)'",
                        hint: known.isEmpty ? "there are no groups" : "groups: \(known.joined(separator: ", "))")
                }
                config.groups?[group.name] = nil
                if config.groups?.isEmpty == true { config.groups = nil }
                return group.name
            }
            ctx.status("Removed the group \(removed).")
        }
    }
}

extension Auth.GroupRemove: JournaledCommand {
    /// The config change's entry says what the group was.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
