import ArgumentParser

/// `fedictl ip-blocks …`: addresses and ranges the server limits (Mastodon).
public struct IPBlocks: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "ip-blocks",
        abstract: "Manage the IP addresses and ranges your server limits sign-ups or access from.",
        discussion: """
            Mastodon 4.0+ only. Severities: sign_up_requires_approval, sign_up_block, no_access. Addresses \
            are checked before anything is sent: an IPv4 or IPv6 address with an optional prefix length. \
            Needs an admin login.
            """,
        subcommands: [List.self, Add.self, Update.self, Remove.self])
}
