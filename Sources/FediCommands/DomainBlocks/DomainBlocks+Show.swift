import ArgumentParser
import FediCore

extension DomainBlocks {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one domain block, by domain or id.",
            discussion: """
                Examples:
                  $ fedictl domain-blocks show spam.example
                  $ fedictl domain-blocks show 12 -o json
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The blocked domain, or the block's id.", valueName: "domain-or-id"))
        public var target: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainBlock.self)
            try await ctx.with(.domainBlocks(.domainBlocksShow)) { adapter in
                let block = try await DomainBlockSteps(ctx).domainBlock(target, on: adapter)
                if ctx.globals.raw { return ctx.output.raw(try await adapter.block(id: block.id).raw) }
                try ctx.output.item(block)
            }
        }
    }
}
