import ArgumentParser

/// `fedictl blocks …`: the accounts the selected account blocks.
public struct Blocks: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "blocks",
        abstract: "List, add and remove the accounts you block.",
        subcommands: [List.self, Add.self, Remove.self])
}
