import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the subscriptions, newest first.",
            discussion: """
                Examples:
                  $ fedictl domain-subscriptions list
                  $ fedictl domain-subscriptions list --type block -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var limit: ListLimit

        @Option(help: ArgumentHelp("Only subscriptions of this type: block or allow.", valueName: "type"))
        public var type: DomainPermissionType?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainSubscription.self)
            try SubscriptionSteps(ctx).refuseRawSubscriptions()
            try await ctx.with(.domainPermissions(.domainSubscriptionsList)) { client in
                try await Listing(ctx).printPages(
                    of: DomainSubscription.self, empty: "No subscriptions.",
                    limit: limit
                ) { onPage in
                    try await client.domainSubscriptions(type: type, limit: limit.count, onPage: onPage)
                }
            }
        }
    }
}
