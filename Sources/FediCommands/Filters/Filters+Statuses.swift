import ArgumentParser

extension Filters {
    /// `fedictl filters statuses …`: single posts a v2 filter hides.
    public struct Statuses: AsyncParsableCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "statuses",
            abstract: "Add or remove single posts a filter hides (v2 filters).",
            discussion: """
                Examples:
                  $ fedictl filters statuses add 12 109876543210
                  $ fedictl filters statuses remove 7
                """,
            subcommands: [Add.self, Remove.self])
    }
}
