import ArgumentParser
import FediCore

extension Mutes {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Mute an account, for a while or until you unmute it.",
            discussion: """
                Their posts leave your timelines; they are not told. --duration ends the mute by itself \
                (Mastodon 3.3+; 30m, 12h, 1d, 2w or seconds). Their notifications are muted too unless \
                --no-notifications is given (Misskey-family servers always mute them). ACCOUNT is @user@host, \
                @user on your own server, or an account id. Prints the muted account and when the mute ends.

                Examples:
                  $ fedictl mutes add @loud@example.social --duration 1d
                  $ fedictl mutes add @friend@example.social --no-notifications
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: AccountArgument

        @Option(
            help: ArgumentHelp("How long: 30m, 12h, 1d, 2w or seconds (default: until unmuted).", valueName: "duration")
        )
        public var duration: String?

        @Flag(
            inversion: .prefixedNo,
            help: "Mute their notifications too, the default (--no-notifications: only their posts).")
        public var notifications = true

        public func validate() throws {
            if let duration { _ = try DurationText.parse(duration, flag: "--duration") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: MutedAccount.self)
            let length = try duration.map { try DurationText.parse($0, flag: "--duration") }
            let muted = try await ctx.with(.relationships(.mutes)) { relationships in
                let account = try await relationships.account(target.account)
                return try await relationships.mute(
                    account, duration: length, notifications: notifications, now: ctx.services.now())
            }
            ctx.status("Muted @\(muted.account.acct)" + (length.map { " for \($0)" } ?? "") + ".")
            try ctx.output.item(muted)
        }
    }
}

extension Mutes.Add: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["mutes", "remove", self.target.account]
    }
}
