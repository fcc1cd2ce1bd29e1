import ArgumentParser

/// `fedictl timelines …`: other servers' local timelines, pinned by name and read without an account.
public struct Timelines: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "timelines",
        abstract: "Pin other servers' local timelines and read them without an account.",
        discussion: """
            A pin is a name for a server whose local timeline (the posts of its own users) you want to read \
            as a visitor. Pins live in the config file, so they need no account and no keyring.

            Examples:
              $ fedictl timelines pin mastodon.art --name art
              $ fedictl timelines show art --since-last
              $ fedictl timelines pins
            """,
        subcommands: [Show.self, Pin.self, Unpin.self, Pins.self])
}
