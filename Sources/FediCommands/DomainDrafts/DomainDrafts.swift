import ArgumentParser
import FediCore

/// `fedictl domain-drafts …`: GoToSocial's domain blocks and allows waiting for a moderator.
public struct DomainDrafts: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "domain-drafts",
        abstract: "Review GoToSocial's draft domain blocks and allows.",
        discussion: """
            GoToSocial 0.18+ only; elsewhere each verb is refused (exit 69) naming the software. Drafts come \
            from subscriptions set to --as-draft, from `domain-blocks sync --as-draft`, or by hand (`add`). \
            A draft does nothing until accepted. Needs an admin login.
            """,
        subcommands: [List.self, Show.self, Add.self, Accept.self, Reject.self])
}

extension DomainPermissionType: ExpressibleByArgument {}
