import ArgumentParser

/// `fedictl instance …`: what a server says about itself, and what fedictl can do there. No login needed.
public struct Instance: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "instance",
        abstract: "Show what a server says about itself, and what fedictl can do there.",
        subcommands: [
            Info.self, Features.self, Rules.self, Peers.self, Activity.self, Blocks.self, Nodeinfo.self, Stats.self,
        ])
}
