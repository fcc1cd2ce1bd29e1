import ArgumentParser

/// `fedictl media …`: the server's media store maintenance (GoToSocial).
public struct Media: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Maintain the server's media store (GoToSocial).",
        discussion: """
            GoToSocial only; elsewhere each verb is refused (exit 69) naming the software. Both verbs start a \
            job on the server and return at once; the server's log shows its progress. Needs an admin login.
            """,
        subcommands: [Cleanup.self, Refetch.self])
}
