import ArgumentParser

/// `fedictl canonical-email-blocks …`: single addresses blocked by their canonical hash (Mastodon).
public struct CanonicalEmailBlocks: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "canonical-email-blocks",
        abstract: "Manage the e-mail addresses blocked from signing up again.",
        discussion: """
            Mastodon 4.0+ only. An address is blocked by the SHA-256 of its canonical form (lower-cased, dots \
            and +tags dropped from the local part), so variants of it are refused too. Needs an admin login.
            """,
        subcommands: [List.self, Add.self, Remove.self, Test.self])
}
