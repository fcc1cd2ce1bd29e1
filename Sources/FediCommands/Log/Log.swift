import ArgumentParser

/// `fedictl log …`: the journal of every change fedictl made.
public struct Log: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the journal of changes fedictl made, and servers' own moderation logs.",
        discussion: """
            Every write fedictl sends (and every login, logout and alias change) is recorded in \
            $XDG_STATE_HOME/fedictl/journal.jsonl (default ~/.local/state/fedictl/): the time, the account, \
            the server's software, the command as typed with secrets removed, the target, the outcome and, \
            where one exists, the command that undoes it. Dry runs are not recorded; failed writes are. \
            --no-journal, or "settings": {"journal": false} in the config file, turns recording off.

            Examples:
              $ fedictl log --since 2d
              $ fedictl log --account work --verb domain-blocks --failed
              $ fedictl log show 3f2a9c
              $ fedictl log --remote --account admin@akkoma.example
            """,
        subcommands: [List.self, Show.self, Undo.self],
        defaultSubcommand: List.self)
}
