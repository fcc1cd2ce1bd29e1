import ArgumentParser
import FediCore

extension Mutes {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unmute an account.",
            discussion: """
                ACCOUNT is @user@host, @user on your own server, or an account id. Prints the unmuted account.

                Examples:
                  $ fedictl mutes remove @loud@example.social
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try await RelationshipSteps(ctx).changeRelationship(
                .mutes, of: target.account,
                done: "Unmuted"
            ) { relationships, account in
                try await relationships.unmute(account)
            }
        }
    }
}

extension Mutes.Remove: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["mutes", "add", self.target.account]
    }
}
