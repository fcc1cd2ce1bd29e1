import ArgumentParser
import FediCore

extension Accounts {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show an account as its moderators see it.",
            discussion: """
                State, role, e-mail, last address, sign-up reason. @user@host is looked up first (through the \
                admin API on Pleroma, Akkoma and Misskey, the client API elsewhere). --raw gives the admin \
                API's own JSON (on the Misskey family the profile and the admin details side by side).

                Examples:
                  $ fedictl accounts show 109876543210
                  $ fedictl accounts show @spammer@spam.example
                  $ fedictl accounts show @newbie -o json | jq .reason
                """,
            aliases: ["view"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AdminAccount.self)
            let fetched = try await ctx.with(.accounts(.accountsShow)) { accounts in
                try await accounts.account(id: try await accounts.accountID(for: target.account))
            }
            try AccountSteps(ctx).showAccount(fetched)
        }
    }
}
