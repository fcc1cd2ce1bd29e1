import ArgumentParser
import FediCore

extension Accounts {
    public struct Reject: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "reject",
            abstract: "Reject a sign-up that waits for approval, deleting it.",
            discussion: """
            Asks first on a terminal; elsewhere needs --yes. Shows the account as it was. Mastodon, \
            GoToSocial, Pleroma and Akkoma. --message is e-mailed to the applicant by GoToSocial; elsewhere \
            it is refused (exit 69) before anything is sent, not dropped.

            Examples:
              $ fedictl accounts reject 109876543210
              $ fedictl accounts reject 01JD43D --message "We are not open to new members right now." --yes
              $ fedictl accounts reject 109876543210 --yes -o json
            """)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        @Option(help: ArgumentHelp("A message e-mailed to the applicant (GoToSocial).", valueName: "text"))
        public var message: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AdminAccount.self)
            let client = try await ctx.client()
            let host = try ctx.login().server.authority
            if message != nil { _ = try await ctx.require(.accountsRejectMessage) }
            let fetched = try await ctx.withCapability(.accountsReject) { family in
                let account = try await client.adminAccount(id: try await client.adminAccountID(for: target.account, via: family), via: family)
                try ctx.confirm("Reject the sign-up of @\(account.value.acct) on \(host) and delete it?")
                return try await JournalNote.during([.signUp(account.value, on: host, approved: false)]) {
                    try await client.rejectAccount(id: account.value.id, via: family, message: message)
                }
            }
            try ctx.showAccount(fetched)
        }
    }
}
