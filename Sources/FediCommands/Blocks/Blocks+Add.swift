import ArgumentParser
import FediCore

extension Blocks {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Block an account.",
            discussion: """
                They can no longer follow you or see your posts, and any follows between you end. ACCOUNT is \
                @user@host, @user on your own server, or an account id. Asks first on a terminal; elsewhere \
                pass --yes. Prints the blocked account.

                Examples:
                  $ fedictl blocks add @spammer@example.social --yes
                  $ fedictl blocks add 109876543210 -y
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await RelationshipSteps(ctx).changeRelationship(
                .blocks, of: target.account,
                asking: { "Block @\($0.acct)? Follows between you end." },
                done: "Blocked"
            ) { relationships, account in
                try await relationships.setBlocked(true, account)
            }
        }
    }
}

extension Blocks.Add: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["blocks", "remove", self.target.account]
    }
}
