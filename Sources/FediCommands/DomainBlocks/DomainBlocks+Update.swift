import ArgumentParser
import FediCore

extension DomainBlocks {
    public struct Update: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Change the settings of an existing domain block.",
            discussion: """
                Only the settings given change. GoToSocial can update blocks from 0.19 on, and only their \
                comments and obfuscation.

                Examples:
                  $ fedictl domain-blocks update noisy.example --severity suspend
                  $ fedictl domain-blocks update 12 --no-reject-media --private-comment ""
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The blocked domain, or the block's id.", valueName: "domain-or-id"))
        public var target: String

        @OptionGroup public var settings: DomainBlockSettings

        public func validate() throws {
            if settings.isEmpty { throw ValidationError("nothing to change: give at least one setting (see --help)") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainBlock.self)
            try await ctx.with(.domainBlocks(.domainBlocksUpdate)) { adapter in
                let block = try await DomainBlockSteps(ctx).domainBlock(target, on: adapter)
                let spec = settings.changes.applied(to: block, domain: block.domain)
                try DomainBlockSteps(ctx).requireSupported(spec, by: adapter)
                let changes = spec.differences(from: block)
                let step = DomainBlockPlan.Step(
                    action: changes.isEmpty ? .unchanged : .update, domain: block.domain, spec: spec,
                    existing: block, changes: changes, line: nil)
                try DomainBlockSteps(ctx).showOutcome(try await adapter.carryOut(step), domain: block.domain)
            }
        }
    }
}

extension DomainBlocks.Update: JournaledCommand {
    public var journalTarget: String? { target }
    public var journalAfter: String? { settings.severity.map { "severity: \($0.rawValue)" } }
    /// The block's values before, and the exact undo, are in the change's own note (DomainBlockEnsure).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
