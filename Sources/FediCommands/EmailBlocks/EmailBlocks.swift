import ArgumentParser

/// `fedictl email-blocks …`: e-mail domains refused at sign-up.
public struct EmailBlocks: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "email-blocks",
        abstract: "Manage the e-mail domains refused at sign-up.",
        discussion: """
            Mastodon (4.0+; with each domain's recent sign-up attempts as the server counts them) and the \
            Misskey family (bannedEmailDomains). Needs an admin login.
            """,
        subcommands: [List.self, Add.self, Remove.self])
}
