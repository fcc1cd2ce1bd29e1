import ArgumentParser
import FediCore

extension Accounts {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the server's accounts, filtered by state, origin, domain, name, e-mail or address.",
            discussion: """
                Mastodon 3.5 and later are asked through the v2 admin list, older ones (and --sensitized) \
                through v1; GoToSocial through its v2 list. Pleroma and Akkoma are searched by their admin \
                user list, the Misskey family by admin/show-users; what a server cannot filter by is refused \
                (exit 69) rather than ignored. Sign-ups waiting for approval show the applicant's reason. \
                Without a state flag, Mastodon lists every state; mastodon_mock lists active accounts.

                Examples:
                  $ fedictl accounts list --pending
                  $ fedictl accounts list --remote --domain spam.example --suspended
                  $ fedictl accounts list --staff --fields id,acct,role
                  $ fedictl accounts list --all -o ndjson > accounts.ndjson
                  $ fedictl accounts list --pending --since 1h --match '^[a-z]{8}[0-9]{2}$'
                  $ fedictl --all-accounts accounts list --domain spamwave.example --count
                  $ cut -f1 suspects.txt | fedictl accounts list -
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Flag public var status: AccountQuery.Status?

        @Flag public var origin: AccountQuery.Origin?

        @Option(help: ArgumentHelp("Only usernames containing this.", valueName: "name"))
        public var username: String?

        @Option(help: ArgumentHelp("Only this e-mail address.", valueName: "address"))
        public var email: String?

        @Flag(help: "Only admins and moderators.")
        public var staff = false

        @OptionGroup public var selector: SelectorOptions

        public var stdinReferences: StdinReferences? { selector.stdinReferences(takes: .signUp) }

        @Flag(help: "Print only how many accounts match, per server.")
        public var count = false

        @OptionGroup public var limit: ListLimit

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AdminAccount.self)
            let client = try await ctx.client()
            let selection = try selector.selection(in: ctx, takes: .signUp)
            let host = client.server.authority
            // Accounts of a domain are remote ones (Mastodon's v2 list may default to local ones).
            let origin = origin ?? (selection.domain == nil ? nil : .remote)
            // One address is the server's own filter too (a range is matched here: not every server takes one).
            let ip = selector.filters.ip.flatMap { $0.contains("/") ? nil : $0 }
            let query = AccountQuery(
                status: status, origin: origin, domain: selection.domain, username: username,
                email: email, ip: ip, staff: staff)
            let (listed, shown) = (StickyFlag(), StickyFlag())  // any account; any with an address
            try await ctx.with(.accounts(.accountsList)) { accounts, server in
                try await ctx.printSelected(
                    of: AdminAccount.self, empty: "No accounts match.", limit: limit,
                    selection: selection, countOnly: count,
                    keep: { account in
                        listed.set()
                        if account.ip != nil { shown.set() }
                        return selection.matches(account, on: host)
                    }
                ) { pages, onPage in
                    try await accounts.list(query, limit: pages, onPage: onPage)
                }
                if selection.addresses != nil, listed.isSet, !shown.isSet { ctx.noteNoAddresses(on: server) }
            }
        }
    }
}
