import ArgumentParser

/// `fedictl instance …`: what a server says about itself. No login needed.
public struct Instance: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "instance",
        abstract: "Show what a server says about itself.",
        subcommands: [Info.self])
}
