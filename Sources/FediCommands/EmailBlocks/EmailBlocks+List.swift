import ArgumentParser
import FediCore

extension EmailBlocks {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the blocked e-mail domains.",
            discussion: """
                --fields history (or -o json) adds Mastodon's recent sign-up attempts per day, as the server \
                gives them: day (UNIX seconds), accounts and uses, as strings.

                Examples:
                  $ fedictl email-blocks list
                  $ fedictl email-blocks list --all -o json | jq '.[] | {domain, history}'
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: EmailDomainBlock.self)
            try await ctx.with(.emailDomainBlocks(.emailBlocksList)) { adapter in
                try await Listing(ctx).printPages(
                    of: EmailDomainBlock.self, empty: "No blocked e-mail domains.", limit: limit
                ) {
                    onPage in
                    try await adapter.list(limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
