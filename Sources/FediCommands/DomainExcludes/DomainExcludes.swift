import ArgumentParser

/// `fedictl domain-excludes …`: domains GoToSocial's subscriptions never block, allow or draft.
public struct DomainExcludes: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "domain-excludes",
        abstract: "Manage the domains GoToSocial's domain subscriptions never touch.",
        discussion: """
            GoToSocial 0.18+ only; elsewhere each verb is refused (exit 69) naming the software. An excluded \
            domain (and its subdomains) gets no block, allow or draft from a subscription; blocks made by hand \
            still apply. fedictl's own `domain-blocks import` and `sync` leave excluded domains alone too. \
            Needs an admin login.
            """,
        subcommands: [List.self, Add.self, Remove.self])
}
