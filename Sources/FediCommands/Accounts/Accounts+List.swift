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

                --group-by email-domain|ip|domain prints one row per e-mail domain, sign-up IP or \
                account domain over every selected server at once: how many accounts share it, on which \
                servers, and the oldest of them (the whole list is read, whatever --limit says).

                Examples:
                  $ fedictl accounts list --pending
                  $ fedictl --all-accounts accounts list --pending --group-by email-domain
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

        @Option(
            name: .customLong("group-by"),
            help: ArgumentHelp(
                "One row per e-mail domain, IP or domain, with its count and oldest account.", valueName: "key"))
        public var groupBy: QueueGrouping?

        /// A grouping's groups are the fleet's, not each server's (QueueGroup).
        public var fansOut: Bool { groupBy == nil }

        public func validate() throws {
            if groupBy == .target {
                throw ValidationError("--group-by target is the queue's: accounts group by email-domain, ip or domain")
            }
            if groupBy != nil, count { throw ValidationError("--group-by cannot be used with --count") }
        }

        public func run(in ctx: CommandContext) async throws {
            if let groupBy {
                let shared = FleetRunner.ParsedCommand(command: self)
                try await QueueGroup.print(by: groupBy, in: ctx, everyByDefault: false) { member in
                    try await shared.command.grouped(in: member)
                }
                return
            }
            try ctx.output.validateFields(for: AdminAccount.self)
            let client = try await ctx.client()
            let selection = try selector.selection(in: ctx, takes: .signUp)
            let host = client.server.authority
            let query = query(selection)
            let (listed, shown) = (StickyFlag(), StickyFlag())  // any account; any with an address
            try await ctx.with(.accounts(.accountsList)) { accounts, server in
                try await Listing(ctx).printSelected(
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
                if selection.addresses != nil, listed.isSet, !shown.isSet {
                    AccountSteps(ctx).noteNoAddresses(on: server)
                }
            }
        }

        func query(_ selection: Selection) -> AccountQuery {
            // Accounts of a domain are remote ones (Mastodon's v2 list may default to local ones).
            let origin = origin ?? (selection.domain == nil ? nil : .remote)
            // One address is the server's own filter too (a range is matched here: not every server takes one).
            let ip = selector.filters.ip.flatMap { $0.contains("/") ? nil : $0 }
            return AccountQuery(
                status: status, origin: origin, domain: selection.domain, username: username,
                email: email, ip: ip, staff: staff)
        }

        /// Every account of one server that matches, as the items a grouping counts.
        func grouped(in ctx: CommandContext) async throws -> [QueueItem] {
            let client = try await ctx.client()
            let selection = try selector.selection(in: ctx, takes: .signUp)
            let host = client.server.authority
            let query = query(selection)
            return try await ctx.with(.accounts(.accountsList)) { accounts in
                try await accounts.list(query, limit: nil, onPage: nil).filter { selection.matches($0, on: host) }
                    .map { QueueItem(signUp: $0, server: host) }
            }
        }
    }
}
