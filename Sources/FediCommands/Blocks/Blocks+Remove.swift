import ArgumentParser
import FediCore

extension Blocks {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unblock an account.",
            discussion: """
                ACCOUNT is @user@host, @user on your own server, or an account id. Follows that the block ended \
                do not come back. Prints the unblocked account.

                Examples:
                  $ fedictl blocks remove @someone@example.social
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await RelationshipSteps(ctx).changeRelationship(
                .blocks, of: target.account,
                done: "Unblocked"
            ) { relationships, account in
                try await relationships.setBlocked(false, account)
            }
        }
    }
}

extension Blocks.Remove: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["blocks", "add", self.target.account]
    }
}
