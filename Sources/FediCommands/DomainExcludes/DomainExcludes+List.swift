import ArgumentParser
import FediCore

extension DomainExcludes {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the domains subscriptions never touch.",
            discussion: """
                Examples:
                  $ fedictl domain-excludes list
                  $ fedictl domain-excludes list --all -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            try await ctx.with(.domainPermissions(.domainExcludesList)) { client in
                try await Listing(ctx).printPages(
                    of: DomainPermission.self, empty: "No excluded domains.",
                    limit: limit
                ) { onPage in
                    try await client.domainExcludes(limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
