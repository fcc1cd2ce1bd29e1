import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Pull: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Have the server fetch its subscriptions now, where its API allows.",
            discussion: """
            GoToSocial (up to 0.20 at least) has no API for it: it fetches on its own schedule \
            (instance-subscriptions-process-from and -every in its config), so this says so (exit 69) \
            and sends nothing. `domain-subscriptions test ID` fetches a list now without applying it.

            Examples:
              $ fedictl domain-subscriptions pull
            """)

        @OptionGroup public var globals: GlobalOptions

        public func run(in ctx: CommandContext) async throws {
            _ = try await ctx.require(.domainSubscriptionsPull)
        }
    }
}
