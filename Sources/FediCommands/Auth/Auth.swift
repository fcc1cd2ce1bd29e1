import ArgumentParser

/// `fedictl auth …`: the accounts fedictl acts as, and their tokens.
public struct Auth: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Log in to instances and choose the account commands act as.",
        subcommands: [LogIn.self, Add.self, List.self, Use.self, Status.self, Logout.self, Alias.self, Group.self])
}
