import ArgumentParser
import FediCore

extension UserDomainBlocks {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Block a whole server for yourself.",
            discussion: """
                You stop seeing posts and notifications from anyone there, and your followers there are \
                removed (Mastodon). Asks first on a terminal; elsewhere pass --yes. On the Misskey family the \
                server is added to your muted instances.

                Examples:
                  $ fedictl user-domain-blocks add spam.example --yes
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: DomainArgument

        public func run(in ctx: CommandContext) async throws {
            try await RelationshipSteps(ctx).changeDomainBlock(
                true, target.normalized,
                asking: "Block \(target.normalized) for yourself? Your followers there are removed.")
        }
    }
}

extension UserDomainBlocks.Add: JournaledCommand {
    public var journalTarget: String? { target.domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["user-domain-blocks", "remove", self.target.domain]
    }
}
