import ArgumentParser

extension Auth {
    /// `fedictl auth group …`: named sets of accounts for `--account GROUP`.
    public struct Group: AsyncParsableCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "group",
            abstract: "Name a set of accounts, so --account GROUP acts as all of them.",
            discussion: """
                Examples:
                  $ fedictl auth group mods alice@mastodon.example admin@gts.example
                  $ fedictl --account mods reports list
                  $ fedictl auth group list
                  $ fedictl auth group remove mods
                """,
            subcommands: [GroupSet.self, GroupList.self, GroupRemove.self],
            defaultSubcommand: GroupSet.self)
    }
}
