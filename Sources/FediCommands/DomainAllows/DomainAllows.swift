import ArgumentParser

/// `fedictl domain-allows …`: the servers yours federates with in limited-federation (allowlist) mode.
public struct DomainAllows: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "domain-allows",
        abstract: "Manage the servers yours federates with when federation is limited to an allowlist.",
        discussion: """
            Mastodon (4.0+, limited-federation mode), GoToSocial (allowlist mode), Pleroma/Akkoma (the \
            :mrf_simple accept list) and Misskey (federationHosts, used when federation is "specified"). \
            Needs an admin login.
            """,
        subcommands: [List.self, Add.self, Remove.self])
}
