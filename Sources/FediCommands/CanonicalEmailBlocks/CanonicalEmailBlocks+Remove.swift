import ArgumentParser
import FediCore

extension CanonicalEmailBlocks {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Lift a canonical e-mail block, by id.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes. `canonical-email-blocks test ADDRESS` finds the id.

                Examples:
                  $ fedictl canonical-email-blocks remove 4 --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The block's id.", valueName: "id"))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try await ctx.with(.canonicalEmailBlocks(.canonicalEmailBlocksRemove)) { client in
                try ctx.confirm("Lift canonical e-mail block \(id)?")
                try await client.deleteCanonicalEmailBlock(id: id)
                ctx.status("Lifted canonical e-mail block \(id).")
            }
        }
    }
}

extension CanonicalEmailBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { id }
    /// Only the e-mail's hash was kept: nothing to block again by.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
