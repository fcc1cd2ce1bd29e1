import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unsubscribe, lifting what the subscription made unless --keep-children.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes. By default the blocks or allows the subscription \
                made are lifted too (another subscription may make them again): GoToSocial 0.20 ignores the \
                request to remove them and keeps them in force, so fedictl reads them back and lifts each one \
                itself, journaled (`fedictl log undo` puts them back). With --keep-children they stay in force as \
                the admin's: GoToSocial keeps the removed subscription's id on them, which no API clears, and \
                fedictl's `domain-blocks import --prune` and `sync` treat an id that names no subscription as no \
                owner. Says what became of them.

                Examples:
                  $ fedictl domain-subscriptions remove 01JD3ZQ --keep-children --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The subscription's id (see domain-subscriptions list).", valueName: "id"))
        public var id: String

        @Flag(help: "Keep the blocks or allows it made in force, as the admin's (managed by hand from now on).")
        public var keepChildren = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainSubscription.self)
            try await ctx.with(.domainPermissions(.domainSubscriptionsRemove)) { client in
                let subscription = try await client.domainSubscription(id: id).value
                let what = keepChildren ? "keeping" : "and lift"
                try ctx.confirm(
                    "Unsubscribe from \(subscription.uri) \(what) the \(subscription.permissionType)s it made?")
                let type: DomainPermissionType = subscription.permissionType == "allow" ? .allow : .block
                let before = try await client.domainPermissions(ofSubscription: id, type: type)
                let removed = try await JournalNote.during([.domainSubscription(removing: subscription)]) {
                    try await client.removeDomainSubscription(id: id, removeChildren: !keepChildren)
                }
                ctx.status("Unsubscribed from \(removed.uri).")
                // Read back: what the server left of the children (GoToSocial 0.20 leaves them all).
                let left =
                    ctx.globals.dryRun ? before : try await client.domainPermissions(ofSubscription: id, type: type)
                try await children(before: before, left: left, type: type, client, ctx)
                try ctx.output.item(removed)
            }
        }

        /// Lifts the children the server left (unless --keep-children), and says what became of them.
        func children(
            before: [DomainPermission], left: [DomainPermission], type: DomainPermissionType, _ client: APIClient,
            _ ctx: CommandContext
        ) async throws {
            let noun = "\(type.rawValue)\(before.count == 1 ? "" : "s")"
            func names(_ list: [DomainPermission]) -> String {
                let shown = list.prefix(5).map(\.domain).joined(separator: ", ")
                return list.count > 5 ? "\(shown), … (\(list.count - 5) more)" : shown
            }
            guard !before.isEmpty || !left.isEmpty else {
                return ctx.status("It had made no \(type.rawValue)s.")
            }
            if keepChildren {
                return ctx.status(
                    "Kept the \(before.count) \(noun) it made (\(names(before))) in force, as the admin's: "
                        + "\(client.server.authority) still marks them with the removed subscription's id, which "
                        + "fedictl treats as no owner.")
            }
            if left.isEmpty { return ctx.status("The server removed the \(before.count) \(noun) it made.") }
            // GoToSocial 0.20 ignores remove_children: lift each one here, journaled like any lift.
            if type == .allow {
                try await ctx.with(.domainAllows(.domainAllowsRemove)) { adapter in
                    let allows = try await adapter.list(limit: nil, onPage: nil)
                    for child in left {
                        guard let allow = allows.first(where: { $0.id == child.id }) else { continue }
                        try await JournalNote.during([.liftingAllow(allow)]) { try await adapter.remove(allow) }
                    }
                }
            } else {
                try await ctx.with(.domainBlocks(.domainBlocksRemove)) { adapter in
                    let blocks = try await adapter.list(limit: nil, onPage: nil)
                    for child in left {
                        guard let block = blocks.first(where: { $0.id == child.id }) else { continue }
                        _ = try await adapter.carryOut(
                            DomainBlockPlan.Step(
                                action: .remove, domain: block.domain, spec: nil, existing: block, changes: [],
                                line: nil))
                    }
                }
            }
            let verb = ctx.globals.dryRun ? "Would lift" : "Lifted"
            ctx.status(
                "\(verb) the \(left.count) \(left.count == 1 ? type.rawValue : "\(type.rawValue)s") it made, "
                    + "which \(client.server.authority) kept in force: \(names(left)).")
        }
    }
}

extension DomainSubscriptions.Remove: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalAfter: String? { keepChildren ? "unsubscribed, children kept" : "unsubscribed, children removed" }
    /// The subscription's own note carries the exact undo (or why there is none: a fetch password).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
