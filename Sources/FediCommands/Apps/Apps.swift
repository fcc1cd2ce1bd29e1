import ArgumentParser

/// `fedictl apps …`: fedictl's OAuth app registration on an instance.
public struct Apps: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Register fedictl as an OAuth app on an instance, and check the registration.",
        discussion: """
            `auth login` and `signup` register the app themselves when needed; these verbs do it on its own \
            (e.g. to choose the scopes beforehand) and check that the server still knows it.

            Examples:
              $ fedictl apps register mastodon.example
              $ fedictl apps verify mastodon.example
            """,
        subcommands: [Register.self, Verify.self])
}
