import ArgumentParser
import FediCore

extension UserDomainBlocks {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the servers you block for yourself.",
            discussion: """
                Reads /api/v1/domain_blocks, page by page (Misskey family: the mutedInstances of your account).

                Examples:
                  $ fedictl user-domain-blocks list
                  $ fedictl user-domain-blocks list --all > my-blocked-servers.txt
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var listLimit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try await ctx.with(.relationships(.userDomainBlocks)) { relationships in
                try await Listing(ctx).printPages(
                    of: UserDomainBlock.self, empty: "You block no servers.", limit: listLimit
                ) {
                    onPage in
                    try await relationships.domainBlocks(limit: listLimit.count, onPage: onPage)
                }
            }
        }
    }
}
