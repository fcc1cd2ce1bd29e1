import ArgumentParser
import FediCore

extension DomainBlocks {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Lift a domain block, by domain or id.",
            discussion: """
                Federation with the domain resumes (on Mastodon, suspended accounts from it stay suspended). \
                Asks first on a terminal; elsewhere needs --yes. Like add, safe to repeat: a domain that is not \
                blocked is said so, nothing is sent, and the exit status is 0 (an unknown id is still exit 66).

                Examples:
                  $ fedictl domain-blocks remove spam.example
                  $ fedictl domain-blocks remove 12 --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The blocked domain, or the block's id.", valueName: "domain-or-id"))
        public var target: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainBlock.self)
            try await ctx.with(.domainBlocks(.domainBlocksRemove)) { adapter in
                let block: DomainBlock
                if target.contains(".") {
                    guard let found = try await adapter.list(limit: nil, onPage: nil).first(named: target) else {
                        // As `kubectl delete --ignore-not-found`: the wanted end state already holds.
                        let host = (try? ctx.login().server.authority) ?? "the server"
                        return ctx.status("\(target) is not blocked on \(host); nothing sent.")
                    }
                    block = found
                } else {
                    block = try await DomainBlockSteps(ctx).domainBlock(target, on: adapter)
                }
                try ctx.confirm("Lift the \(block.severity.rawValue) block on \(block.domain)?")
                // Through the engine, so the journal keeps the whole block and can put it back as it was.
                let lift = DomainBlockPlan.Step(
                    action: .remove, domain: block.domain, spec: nil, existing: block,
                    changes: [], line: nil)
                _ = try await adapter.carryOut(lift)
                ctx.status("Lifted the block on \(block.domain).")
                try ctx.output.item(block)
            }
        }
    }
}

extension DomainBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { target }
    public var journalAfter: String? { "unblocked" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        // Only a domain can be blocked again; an id names a block that no longer exists.
        self.target.contains(".") ? ["domain-blocks", "add", self.target] : nil
    }
}
