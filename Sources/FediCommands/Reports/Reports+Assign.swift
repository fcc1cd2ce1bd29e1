import ArgumentParser
import FediCore

extension Reports {
    public struct Assign: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "assign",
            abstract: "Assign a report to yourself.",
            discussion: """
            Tells the other moderators you are handling it. Mastodon only: GoToSocial, Pleroma and Akkoma \
            have no assignment, and Misskey assigns a report to whoever resolves it.

            Examples:
              $ fedictl reports assign 123
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            let client = try await ctx.client()
            let fetched = try await ctx.withCapability(.reportsAssign) { _ in try await client.assignReport(id: id) }
            try ReportView.show(fetched, in: ctx)
        }
    }
}
