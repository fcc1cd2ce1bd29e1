import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Test: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Show what a subscription would make, without making it.",
            discussion: """
                The server fetches and parses the list now and answers with its entries; nothing changes. When \
                it cannot fetch or parse the list, says why (exit 69).

                Examples:
                  $ fedictl domain-subscriptions test 01JD3ZQ
                  $ fedictl domain-subscriptions test 01JD3ZQ -o json | jq length
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The subscription's id (see domain-subscriptions list).", valueName: "id"))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: PublicDomainBlock.self)
            let entries = try await ctx.with(.domainPermissions(.domainSubscriptionsTest)) { client in
                try await client.testDomainSubscription(id: id)
            }
            ctx.status("The list has \(entries.count) entr\(entries.count == 1 ? "y" : "ies").")
            try ctx.output.list(entries)
        }
    }
}
