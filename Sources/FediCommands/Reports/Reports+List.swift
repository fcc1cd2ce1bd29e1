import ArgumentParser
import FediCore

extension Reports {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the open reports, or the resolved ones.",
            discussion: """
                Newest first. Mastodon and GoToSocial filter by reporter and target themselves; on Pleroma, \
                Akkoma and the Misskey family fedictl filters the pages it fetches. Accounts are given by id \
                or as @user@host. Needs an admin login (fedictl auth login HOST --admin).

                Examples:
                  $ fedictl reports list
                  $ fedictl reports list --resolved --limit 10
                  $ fedictl reports list --target @spammer@spam.example -o json
                  $ fedictl reports list --all -o ndjson | jq -r .id
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Flag(help: "Resolved (and closed) reports instead of open ones.")
        public var resolved = false

        @Option(help: ArgumentHelp("Only reports filed by this account (id or @user@host).", valueName: "account"))
        public var reporter: String?

        @Option(help: ArgumentHelp("Only reports about this account (id or @user@host).", valueName: "account"))
        public var target: String?

        @OptionGroup public var selector: SelectorOptions

        public var stdinReferences: StdinReferences? { selector.stdinReferences(takes: .report) }

        @Flag(help: "Print only how many reports match, per server.")
        public var count = false

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Report.self)
            let client = try await ctx.client()
            let selection = try selector.selection(in: ctx, takes: .report)
            try selection.refuseAddressesForReports()
            // The accounts' adapter, for looking up --reporter and --target through the same admin API.
            try await ctx.with(.accounts(.reportsList)) { accounts in
                var query = ReportQuery(resolved: resolved)
                if let reporter { query.reporterID = try await accounts.accountID(for: reporter) }
                if let target { query.targetID = try await accounts.accountID(for: target) }
                let host = client.server.authority
                let empty = resolved ? "No resolved reports match." : "No open reports match."
                try await Listing(ctx).printSelected(
                    of: Report.self, empty: empty,
                    limit: limit, selection: selection, countOnly: count,
                    keep: { selection.matches($0, on: host) }
                ) { pages, onPage in
                    try await accounts.reports.list(query, limit: pages, onPage: onPage)
                }
            }
        }
    }
}
