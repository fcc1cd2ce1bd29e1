import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Subscribe to a block or allow list by URL.",
            discussion: """
                Safe to repeat: a subscription of the same type to the same URL is shown and nothing is sent. \
                Unless --no-as-draft, GoToSocial makes drafts (see domain-drafts) for a moderator to accept. \
                Check the list first with `domain-subscriptions test ID`.

                Examples:
                  $ fedictl domain-subscriptions add https://lists.example/block.csv --type block --priority 200 --title "Shared list"
                  $ pass show lists/allow | fedictl domain-subscriptions add https://lists.example/allow.txt --type allow \\
                      --fetch-username gts --fetch-password-stdin --no-as-draft
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "Where the list is: https, or http on a loopback host (elsewhere with --insecure-http).",
                valueName: "url"))
        public var url: String

        @Option(help: ArgumentHelp("block or allow.", valueName: "type"))
        public var type: DomainPermissionType

        @OptionGroup public var settings: SubscriptionSettings

        public func validate() throws {
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw ValidationError("'\(url)' is not an http(s) URL")
            }
            if settings.contentType == nil, SubscriptionContentType.guess(from: url) == nil {
                throw ValidationError(
                    "cannot tell how the list is written from its URL: give --content-type csv, json or plain")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainSubscription.self)
            try DomainSubscriptions.checkListURL(url, insecureHTTP: ctx.globals.insecureHttp)
            var fields = try settings.fields(ctx)
            fields.uri = url
            fields.permissionType = type.rawValue
            fields.contentType = fields.contentType ?? SubscriptionContentType.guess(from: url)?.mimeType
            try await ctx.with(.domainPermissions(.domainSubscriptionsAdd)) { client in
                let all = try await client.domainSubscriptions(type: nil, limit: nil, onPage: nil)
                if let existing = all.first(where: { $0.uri == url && $0.permissionType == type.rawValue }) {
                    ctx.status("Already subscribed to \(url) for \(type.rawValue)s (\(existing.id)); nothing sent.")
                    return try ctx.output.item(existing)
                }
                // GoToSocial would refuse (409): say which subscription has the URL or title before sending.
                if let taken = DomainSubscription.taking(fields, from: all, except: nil) { throw taken }
                let created = try await client.createDomainSubscription(fields)
                ctx.status(
                    "Subscribed to \(created.uri) (\(created.id))\(created.asDraft ? "; entries arrive as drafts" : "")."
                )
                try ctx.output.item(created)
            }
        }
    }
}

extension DomainSubscriptions.Add: JournaledCommand {
    public var journalTarget: String? { url }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["domain-subscriptions", "remove", $0] }
    }
}
