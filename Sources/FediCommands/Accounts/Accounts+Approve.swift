import ArgumentParser
import FediCore

extension Accounts {
    public struct Approve: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "approve",
            abstract: "Approve a sign-up that waits for approval.",
            discussion: """
            `fedictl accounts list --pending` shows the waiting sign-ups with their reasons. Mastodon, \
            GoToSocial, Pleroma and Akkoma.

            Examples:
              $ fedictl accounts list --pending
              $ fedictl accounts approve 109876543210
            """)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AdminAccount.self)
            let client = try await ctx.client()
            let fetched = try await ctx.withCapability(.accountsApprove) { family in
                let id = try await client.adminAccountID(for: target.account, via: family)
                guard ctx.journalIsOn else { return try await client.approveAccount(id: id, via: family) }
                // Read first for the journal: who signed up, with their e-mail and reason.
                let account = try await client.adminAccount(id: id, via: family).value
                return try await JournalNote.during([.signUp(account, on: client.server.authority, approved: true)]) {
                    try await client.approveAccount(id: id, via: family)
                }
            }
            try ctx.showAccount(fetched)
        }
    }
}
