import ArgumentParser
import FediCore

extension Reports {
    public struct Resolve: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Mark a report resolved without acting on the account.",
            discussion: """
            To act on the reported account and resolve the report in one go, use \
            `fedictl accounts action ID --type suspend --report REPORT` instead. --comment is sent to the \
            reporter on GoToSocial (action_taken_comment) and kept as a note on Pleroma and Akkoma; \
            Mastodon and Misskey have no place for it.

            Examples:
              $ fedictl reports resolve 123
              $ fedictl reports resolve 01JH6A8C0E2G4J6M8P0R2T4W6Y --comment "Thanks, we suspended them."
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        @Option(help: ArgumentHelp("A note on what was done (GoToSocial, Pleroma, Akkoma).", valueName: "text"))
        public var comment: String?

        public func run(in ctx: CommandContext) async throws {
            try await ReportView.change(.reportsResolve, in: ctx, done: "Resolved report \(id)") { client, family in
                guard comment == nil || family == .gotosocialAdmin || family == .pleromaAdmin else {
                    throw FediError(.unavailable, "reports resolve --comment is not available through the \(family.displayName)",
                                    hint: "leave out --comment; the reporter sees only that the report was resolved")
                }
                return try await client.resolveReport(id: id, comment: comment, via: family)
            }
        }
    }
}
