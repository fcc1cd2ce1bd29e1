import ArgumentParser
import FediCore

extension Statuses {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a post: its author, visibility, whether it is sensitive, its text and media.",
            discussion: """
                A post with a content warning or marked sensitive shows only its warning unless --reveal. \
                Pleroma and Akkoma read it through their admin API (any post, private ones too), the \
                Misskey family through notes/show; Mastodon and GoToSocial through the client API, so \
                only a post the login may see (a private reported post is in `reports show` instead). \
                Piped, each line is KEY<tab>VALUE.

                Examples:
                  $ fedictl statuses show 109415512969053017
                  $ fedictl statuses show AbCdEf123 --reveal -o json
                """,
            aliases: ["view"])

        public static let traits = VerbTraits(.moderation, .reads)

        /// A post in full, as `reports show` shows its posts.
        static let detailFields = [
            "id", "created_at", "author", "visibility", "sensitive", "content_warning", "content", "media_urls", "url",
        ]

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: "The post's id.")
        public var id: String

        @Flag(help: "Show a post behind its content warning or sensitive mark in full.")
        public var reveal = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Post.self)
            let fetched = try await ctx.with(.statuses(.statusesShow)) { statuses in try await statuses.status(id: id) }
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            var post = fetched.value
            post.revealed = reveal
            var output = ctx.output
            if output.settings.format == .table, output.settings.fields == nil {
                output.settings.fields = Self.detailFields
            }
            try output.item(post)
        }
    }
}
