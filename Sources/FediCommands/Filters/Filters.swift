import ArgumentParser

/// `fedictl filters …`: the selected account's content filters (v2 where the server has them, else v1).
public struct Filters: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "filters",
        abstract: "Manage the selected account's content filters.",
        discussion: """
            Filters hide or put a warning on posts with given words (or single posts) in the chosen places \
            (home, notifications, public, thread, account). Servers with the v2 API (Mastodon 4.0+, \
            GoToSocial 0.16+) keep several keywords and posts under one titled filter; older servers, \
            Pleroma and Akkoma have v1 filters of one phrase each. What v1 cannot store is refused \
            (exit 65), never dropped.

            Examples:
              $ fedictl filters create Politics --keyword election --keyword senate --context home --context public
              $ fedictl filters list
              $ fedictl filters keywords add 12 ballot --whole-word
              $ fedictl filters delete 12 --yes
            """,
        subcommands: [List.self, Show.self, Create.self, Update.self, Delete.self, Keywords.self, Statuses.self])
}
