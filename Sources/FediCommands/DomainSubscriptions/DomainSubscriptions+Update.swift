import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Update: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Change a subscription.",
            discussion: """
                Only what is given changes.

                Examples:
                  $ fedictl domain-subscriptions update 01JD3ZQ --priority 250 --no-as-draft
                  $ fedictl domain-subscriptions update 01JD3ZQ --url https://lists.example/v2/block.csv
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The subscription's id (see domain-subscriptions list).", valueName: "id"))
        public var id: String

        @Option(
            help: ArgumentHelp(
                "A new URL for the list: https, or http on a loopback host (elsewhere with --insecure-http).",
                valueName: "url"))
        public var url: String?

        @OptionGroup public var settings: SubscriptionSettings

        public func validate() throws {
            if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
                throw ValidationError("'\(url)' is not an http(s) URL")
            }
            let given: [Any?] = [
                url, settings.priority, settings.title, settings.asDraft, settings.adoptOrphans,
                settings.removeRetracted,
                settings.contentType, settings.fetchUsername,
            ]
            if given.allSatisfy({ $0 == nil }), !settings.fetchPasswordStdin {
                throw ValidationError(
                    "nothing to change: give --url, --priority, --title, --[no-]as-draft, --[no-]adopt-orphans, "
                        + "--[no-]remove-retracted, --content-type, --fetch-username or --fetch-password-stdin")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainSubscription.self)
            if let url { try DomainSubscriptions.checkListURL(url, insecureHTTP: ctx.globals.insecureHttp) }
            var fields = try settings.fields(ctx)
            fields.uri = url
            try await ctx.with(.domainPermissions(.domainSubscriptionsUpdate)) { client in
                let updated = try await client.updateDomainSubscription(id: id, fields)
                ctx.status("Updated subscription \(updated.id) (\(updated.uri)).")
                try ctx.output.item(updated)
            }
        }
    }
}

extension DomainSubscriptions.Update: JournaledCommand {
    public var journalTarget: String? { id }
    /// The subscription's values before are not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
