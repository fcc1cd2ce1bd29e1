import ArgumentParser
import FediCore

extension DomainAllows {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the allowed domains.",
            discussion: """
                Examples:
                  $ fedictl domain-allows list
                  $ fedictl domain-allows list --all -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainAllow.self)
            try await ctx.with(.domainAllows(.domainAllowsList)) { adapter in
                try await Listing(ctx).printPages(of: DomainAllow.self, empty: "No allowed domains.", limit: limit) {
                    onPage in
                    try await adapter.list(limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
