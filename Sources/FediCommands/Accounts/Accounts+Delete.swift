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
            let fetched = try await ctx.with(.accounts(.accountsDelete)) { accounts in
                let account = try await accounts.account(id: try await accounts.accountID(for: target.account))
                try accounts.support.checkDelete(account.value)
                try ctx.confirm("Delete @\(account.value.acct) and all its data from \(accounts.host) for good?")
                return try await accounts.delete(id: account.value.id)
            }
            try AccountSteps(ctx).showAccount(fetched)
        }
    }
}

extension Accounts.Delete: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalAfter: String? { "deleted" }
    /// A deleted account's data is gone: nothing brings it back.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
