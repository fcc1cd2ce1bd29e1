import ArgumentParser

/// `fedictl reports …`: the moderation report queue.
public struct Reports: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "Triage moderation reports: list, read, assign, resolve, reopen and annotate them.",
        subcommands: [
            List.self,
            Show.self,
            Assign.self,
            Unassign.self,
            Resolve.self,
            Reopen.self,
            Note.self,
            File.self,
        ])
}
