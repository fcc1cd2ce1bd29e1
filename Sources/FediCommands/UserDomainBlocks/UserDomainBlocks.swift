import ArgumentParser

/// `fedictl user-domain-blocks …`: whole servers the selected account hides (not the admin's defederation).
public struct UserDomainBlocks: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "user-domain-blocks",
        abstract: "List, add and remove the servers you hide from yourself.",
        discussion: """
            These are your own blocks, for your account only; a server's admin blocks whole servers for \
            everyone with domain-blocks. On the Misskey family they are your muted instances.

            Examples:
              $ fedictl user-domain-blocks add spam.example --yes
              $ fedictl user-domain-blocks list
            """,
        subcommands: [List.self, Add.self, Remove.self])
}
