import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one subscription, with its last fetch.",
            discussion: """
                Examples:
                  $ fedictl domain-subscriptions show 01JD3ZQ
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The subscription's id (see domain-subscriptions list).", valueName: "id"))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainSubscription.self)
            try SubscriptionSteps(ctx).refuseRawSubscriptions()
            try ctx.output.item(
                try await ctx.with(.domainPermissions(.domainSubscriptionsShow)) { client in
                    try await client.domainSubscription(id: id).value
                })
        }
    }
}
