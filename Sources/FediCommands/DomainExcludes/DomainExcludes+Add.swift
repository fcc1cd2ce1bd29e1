import ArgumentParser
import FediCore

extension DomainExcludes {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Keep subscriptions away from a domain and its subdomains.",
            discussion: """
                Safe to repeat: an excluded domain is shown as it is and nothing is sent.

                Examples:
                  $ fedictl domain-excludes add partner.example --private-comment "Sister instance; decide by hand"
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The domain to exclude.", valueName: "domain"))
        public var domain: String

        @Option(help: ArgumentHelp("Why (other admins see it).", valueName: "text"))
        public var privateComment: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            let domain = try DomainText.parse(domain)
            try await ctx.with(.domainPermissions(.domainExcludesAdd)) { client in
                if let existing = try await client.domainExcludes(limit: nil, onPage: nil).first(named: domain) {
                    ctx.status("\(existing.domain) is already excluded; nothing sent.")
                    return try ctx.output.item(existing)
                }
                let created = try await client.createDomainExclude(domain: domain, privateComment: privateComment)
                ctx.status("Excluded \(created.domain) from subscriptions.")
                try ctx.output.item(created)
            }
        }
    }
}

extension DomainExcludes.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["domain-excludes", "remove", domain]
    }
}
