import ArgumentParser
import FediCore

extension Reports {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a report with the posts it is about.",
            discussion: """
                Shows the reporter, the reported account, the category and broken rules, the comment, whether \
                it was forwarded, who it is assigned to and what was done, moderators' notes, then each \
                reported post as plain text with its media as URLs. A post with a content warning or marked \
                sensitive shows only its warning unless --reveal, and the warning before the text with it. \
                Piped, each line is KEY<tab>VALUE: the report's keys first, then each post's keys numbered \
                (post1.id, post1.content, post2.id, ...). JSON carries everything, warnings and text; accounts \
                are @user@host.

                Examples:
                  $ fedictl reports show 123
                  $ fedictl reports show 123 --reveal
                  $ fedictl reports show 123 -o json | jq '.posts[].content'
                  $ fedictl reports show 123 | awk -F'\\t' '$1 == "target" {print $2}'
                """,
            aliases: ["view"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The report's id.")
        public var id: String

        @Flag(help: "Show posts behind content warnings and sensitive media in full.")
        public var reveal = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Report.self)
            let (fetched, server) = try await ctx.with(.reports(.reportsShow)) { reports, server in
                (try await reports.report(id: id), server)
            }
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            try ReportView(report: fetched.value, reveal: reveal).render(to: ctx)
            if let hint = Self.postVerbs(for: fetched.value, on: server, in: ctx) { ctx.status(hint) }
        }

        /// On a terminal, under a report's posts: the `statuses` verbs this server can do with them.
        static func postVerbs(for report: Report, on server: ServerInfo, in ctx: CommandContext) -> String? {
            let settings = ctx.output.settings
            guard settings.format == .table, settings.isTTY, let first = report.posts.first else { return nil }
            let verbs: [(String, Capability)] = [
                ("show", .statusesShow), ("delete", .statusesDelete), ("sensitive", .statusesSensitive),
                ("unsensitive", .statusesUnsensitive), ("visibility", .statusesVisibility),
            ]
            let open = verbs.filter { server.offers($0.1) }.map(\.0)
            guard !open.isEmpty else { return nil }
            let visibility = open.contains("visibility") ? " (visibility takes --to)" : ""
            return
                "hint: act on a post by its id: fedictl statuses \(open.joined(separator: "|")) \(first.id)\(visibility)"
        }
    }
}
