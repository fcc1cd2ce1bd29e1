import ArgumentParser
import FediCore

extension DomainDrafts {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the drafts waiting for a decision, newest first.",
            discussion: """
                Examples:
                  $ fedictl domain-drafts list
                  $ fedictl domain-drafts list --type block --subscription 01JD3ZQ -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        @Option(help: ArgumentHelp("Only drafts of this type: block or allow.", valueName: "type"))
        public var type: DomainPermissionType?

        @Option(help: ArgumentHelp("Only drafts this subscription made.", valueName: "id"))
        public var subscription: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            try await ctx.with(.domainPermissions(.domainDraftsList)) { client in
                try await Listing(ctx).printPages(of: DomainPermission.self, empty: "No drafts.", limit: limit) {
                    onPage in
                    try await client.domainDrafts(
                        type: type, subscriptionID: subscription, limit: limit.count,
                        onPage: onPage)
                }
            }
        }
    }
}
