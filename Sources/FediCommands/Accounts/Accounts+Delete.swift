import ArgumentParser
import FediCore

extension Accounts {
    public struct Delete: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete an account and its data for good.",
            discussion: """
            Mastodon deletes only an account that is already suspended \
            (fedictl accounts action ID --type suspend first): fedictl checks that first and sends nothing \
            for an account that is not (exit 65). Pleroma and Akkoma delete any. Asks first on \
            a terminal; elsewhere needs --yes. Shows the account as it was.

            Examples:
              $ fedictl accounts delete 109876543210 --yes
            """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AdminAccount.self)
            let client = try await ctx.client()
            let fetched = try await ctx.withCapability(.accountsDelete) { family in
                let account = try await client.adminAccount(id: try await client.adminAccountID(for: target.account, via: family), via: family)
                try APIClient.checkDelete(account.value, family: family)
                try ctx.confirm("Delete @\(account.value.acct) and all its data from \(client.server.authority) for good?")
                return try await client.deleteAccount(id: account.value.id, via: family)
            }
            try ctx.showAccount(fetched)
        }
    }
}

extension Accounts.Delete: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalAfter: String? { "deleted" }
    /// A deleted account's data is gone: nothing brings it back.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
