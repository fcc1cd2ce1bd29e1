import ArgumentParser
import FediCore

extension IPBlocks {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Lift an IP block.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes.

                Examples:
                  $ fedictl ip-blocks remove 7 --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The block's id (see ip-blocks list).", valueName: "id"))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: IPBlock.self)
            try await ctx.with(.ipBlocks(.ipBlocksRemove)) { client in
                let block = try await client.ipBlock(id: id).value
                try ctx.confirm("Lift the \(block.severity.rawValue) block on \(block.ip)?")
                try await client.deleteIPBlock(id: id)
                ctx.status("Lifted the block on \(block.ip).")
                try ctx.output.item(block)
            }
        }
    }
}

extension IPBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { id }
    /// An id names a rule that no longer exists; its address is not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
