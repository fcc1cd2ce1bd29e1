import ArgumentParser
import FediCore

extension Reports {
    public struct File: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "file",
            abstract: "Report an account to your server's moderators.",
            discussion: """
                Sends POST /api/v1/reports as the selected account (Mastodon, GoToSocial, Pleroma, Akkoma, \
                Friendica), with the posts, category, broken rules and comment given; --forward also sends \
                it to a remote account's own server. ACCOUNT is @user@host (looked up, then searched) or an \
                id. --rule takes ids from `fedictl instance rules`: they are checked against the server's \
                rules and remembered, so after one use --rule completes them without the network.

                The Misskey family (users/report-abuse) takes a comment and nothing else: --status, \
                --category, --rule and --forward are refused there (exit 65), never dropped.

                Examples:
                  $ fedictl reports file @spammer@spam.example --status 109876543210 --category spam --comment "link spam" --forward
                  $ fedictl reports file @bob --rule 2 --rule 4 --comment "harassment in replies"
                  $ fedictl reports file @troll@misskey.example --comment "see https://misskey.example/notes/9abc"
                """)

        /// What a report is about (Mastodon 3.5+; `legal` 4.2+).
        public enum Category: String, CaseIterable, ExpressibleByArgument, Sendable {
            case spam, legal, violation, other
        }

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "The account to report: @user@host, @user for a local one, or an id.", valueName: "account"))
        public var account: String

        @Option(
            name: .customLong("status"),
            help: ArgumentHelp("A post of the account to include (repeatable).", valueName: "id"))
        public var statuses: [String] = []

        @Option(help: ArgumentHelp("What the report is about: spam, legal, violation or other.", valueName: "category"))
        public var category: Category?

        @Option(
            name: .customLong("rule"),
            help: ArgumentHelp("The id of a broken server rule (repeatable; see `instance rules`).", valueName: "id"),
            completion: .custom(RuleCompletion.candidates))
        public var rules: [String] = []

        @Option(help: ArgumentHelp("What the moderators should know.", valueName: "text"))
        public var comment: String?

        @Flag(help: "Also send the report to the reported account's server (remote accounts).")
        public var forward = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: FiledReport.self)
            let login = try ctx.login()
            let draft = ReportDraft(
                statusIDs: statuses, category: category?.rawValue, ruleIDs: rules, comment: comment, forward: forward)
            let (report, raw) = try await ctx.with(.reportFiling(.reportsFile)) { filing in
                try filing.check(draft)
                if !rules.isEmpty { try await checkRules(ctx, login: login) }
                return try await filing.file(against: account, draft)
            }
            if ctx.globals.raw, let raw { return ctx.output.raw(raw) }
            ctx.status("Reported @\(report.target) to the moderators of \(login.server.authority).")
            if let asked = category?.rawValue, let stored = report.category, stored != asked {
                // GoToSocial files every report as "other": say so rather than let it pass unseen.
                let host = login.server.authority
                ctx.status("fedictl: note: \(host) stored the report's category as '\(stored)', not '\(asked)'")
            }
            try ctx.output.item(report)
        }

        /// Refuses rule ids the server does not have (exit 65, listing its rules), and remembers the
        /// rules in the login's config entry for `--rule` completion. A server without a rules
        /// endpoint is left to judge the ids itself.
        func checkRules(_ ctx: CommandContext, login: Login) async throws {
            let known: [InstanceRule]
            do {
                known = try await ctx.anonymousClient(login.server).instanceRules().value
            } catch let error as APIError where error.meansAbsent {
                return
            }
            _ = try? ctx.services.logins.update { config in
                if let index = config.index(of: login.id) { config.accounts[index].instanceRules = known }
            }
            let unknown = rules.filter { id in !known.contains { $0.id == id } }
            guard unknown.isEmpty else {
                let list = known.map { "\($0.id) (\($0.text))" }.joined(separator: ", ")
                throw FediError(
                    .dataError, "\(login.server.authority) has no rule \(unknown.joined(separator: ", "))",
                    hint: known.isEmpty ? "this server has no rules to cite; leave out --rule" : "its rules: \(list)")
            }
        }
    }
}

/// `--rule` completion: the rule ids remembered for the account being completed for (its
/// `--account`, else FEDICTL_ACCOUNT, else the default). Config only: nothing until a
/// `reports file --rule` on that account has read the server's rules once.
enum RuleCompletion {
    @Sendable static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let flag = words.prefix(index).lastIndex(of: "--account")
        let selector =
            flag.flatMap { $0 + 1 < index ? words[$0 + 1] : nil } ?? Services.current.environment["FEDICTL_ACCOUNT"]
        return ConfigCompletion.candidates(prefix) { config in
            let login = selector.flatMap { try? config.login(matching: $0) } ?? (try? config.defaultLogin())
            return login?.instanceRules?.map(\.id) ?? []
        }
    }
}

extension Reports.File: JournaledCommand {
    public var journalTarget: String? { account }
    /// A filed report cannot be withdrawn through any of the APIs.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
