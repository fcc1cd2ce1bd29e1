import ArgumentParser

/// `fedictl accounts …`: the server's users, as its moderators see them.
public struct Accounts: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Moderate the server's users: list, inspect, approve sign-ups, act on accounts and undo actions.",
        subcommands: [
            List.self,
            Show.self,
            Approve.self,
            Reject.self,
            Action.self,
            Enable.self,
            Unsilence.self,
            Unsuspend.self,
            Unsensitive.self,
            Delete.self,
        ])
}
