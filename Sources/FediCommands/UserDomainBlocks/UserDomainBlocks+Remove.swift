import ArgumentParser
import FediCore

extension UserDomainBlocks {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unblock a server you blocked for yourself.",
            discussion: """
                Followers that the block removed do not come back.

                Examples:
                  $ fedictl user-domain-blocks remove example.social
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: DomainArgument

        public func run(in ctx: CommandContext) async throws {
            try await RelationshipSteps(ctx).changeDomainBlock(false, target.normalized)
        }
    }
}

extension UserDomainBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { target.domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["user-domain-blocks", "add", self.target.domain]
    }
}
