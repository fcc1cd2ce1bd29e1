import ArgumentParser
import FediCore

extension DomainBlocks {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the domains this server limits or defederates from.",
            discussion: """
                Columns: id, domain, severity, reject_media, reject_reports, public_comment (more with --fields: \
                private_comment, obfuscate, created_at, digest). On Pleroma/Akkoma and the Misskey family the id \
                is the domain. --raw prints the server's own JSON (on Pleroma the :mrf_simple setting, on Misskey \
                its host lists).

                Examples:
                  $ fedictl domain-blocks list
                  $ fedictl domain-blocks list --all -o csv
                  $ fedictl domain-blocks list --all -o ndjson | jq -r 'select(.severity == "suspend") | .domain'
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainBlock.self)
            try await ctx.with(.domainBlocks(.domainBlocksList)) { adapter in
                try await Listing(ctx).printPages(of: DomainBlock.self, empty: "No domain blocks.", limit: limit) {
                    onPage in
                    try await adapter.list(limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
