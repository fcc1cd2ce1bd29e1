import ArgumentParser

extension Filters {
    /// `fedictl filters keywords …`: the words of a v2 filter.
    public struct Keywords: AsyncParsableCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "keywords",
            abstract: "Add or remove a filter's keywords (v2 filters).",
            discussion: """
                v1 filters (older Mastodon, Pleroma, Akkoma) are one phrase each: there, create or delete \
                whole filters instead.

                Examples:
                  $ fedictl filters keywords add 12 ballot --whole-word
                  $ fedictl filters keywords remove 31
                """,
            subcommands: [Add.self, Remove.self])
    }
}
