import ArgumentParser

/// `fedictl mutes …`: the accounts the selected account mutes.
public struct Mutes: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "mutes",
        abstract: "List, add and remove the accounts you mute, for a while or for good.",
        subcommands: [List.self, Add.self, Remove.self])
}
