import ArgumentParser

/// `fedictl domain-blocks …`: the server's own defederation list, and blocklist files.
public struct DomainBlocks: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "domain-blocks",
        abstract: "Manage the servers your server limits or defederates from, and import or export blocklists.",
        discussion: """
            Works on Mastodon (4.0+), GoToSocial (suspensions only), Pleroma and Akkoma (the :mrf_simple \
            policy: reject, federated_timeline_removal, media_removal, report_removal) and the Misskey family \
            (blockedHosts, silencedHosts, mediaSilencedHosts). A setting a server cannot keep is refused \
            (exit 65), never dropped silently: sync plans name each block or setting they leave out. Needs an \
            admin login.
            """,
        subcommands: [
            List.self, Show.self, Add.self, Update.self, Remove.self, Import.self, Export.self, Merge.self, Sync.self,
            Apply.self, Matrix.self, Diff.self,
        ])
}
