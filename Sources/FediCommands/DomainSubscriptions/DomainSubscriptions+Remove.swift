import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unsubscribe, lifting what the subscription made unless --keep-children.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes. By default GoToSocial also removes the blocks or \
                allows the subscription made (another subscription may make them again); with --keep-children \
                they stay in force, owned by no subscription.

                Examples:
                  $ fedictl domain-subscriptions remove 01JD3ZQ --keep-children --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The subscription's id (see domain-subscriptions list).", valueName: "id"))
        public var id: String

        @Flag(help: "Keep the blocks or allows it made, owned by no subscription.")
        public var keepChildren = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainSubscription.self)
            let client = try await ctx.client()
            try await ctx.withCapability(.domainSubscriptionsRemove) { _ in
                let subscription = try await client.domainSubscription(id: id).value
                let what = keepChildren ? "keeping" : "and lift"
                try ctx.confirm(
                    "Unsubscribe from \(subscription.uri) \(what) the \(subscription.permissionType)s it made?")
                let removed = try await JournalNote.during([.domainSubscription(removing: subscription)]) {
                    try await client.removeDomainSubscription(id: id, removeChildren: !keepChildren)
                }
                ctx.status("Unsubscribed from \(removed.uri).")
                try ctx.output.item(removed)
            }
        }
    }
}

extension DomainSubscriptions.Remove: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalAfter: String? { keepChildren ? "unsubscribed, children kept" : "unsubscribed, children removed" }
    /// The subscription's own note carries the exact undo (or why there is none: a fetch password).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
