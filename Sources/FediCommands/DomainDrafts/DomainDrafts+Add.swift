import ArgumentParser
import FediCore

extension DomainDrafts {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Draft a domain block or allow for another moderator to accept.",
            discussion: """
                Safe to repeat: a hand-made draft of the same type for the domain is shown and nothing is sent.

                Examples:
                  $ fedictl domain-drafts add spam.example --type block --private-comment "Reported 3 times"
                  $ fedictl domain-drafts add friends.example --type allow
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The domain.", valueName: "domain"))
        public var domain: String

        @Option(help: ArgumentHelp("block or allow.", valueName: "type"))
        public var type: DomainPermissionType

        @Option(help: ArgumentHelp("Why, shown with the domain where the list is public.", valueName: "text"))
        public var publicComment: String?

        @Option(help: ArgumentHelp("Why, for other admins only.", valueName: "text"))
        public var privateComment: String?

        @Flag(help: "Hide part of the domain where the list is shown publicly.")
        public var obfuscate = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            let domain = try DomainText.parse(domain)
            try await ctx.with(.domainPermissions(.domainDraftsAdd)) { client in
                let drafts = try await client.domainDrafts(type: type, subscriptionID: nil, limit: nil, onPage: nil)
                if let existing = drafts.filter({ $0.subscriptionID == nil }).first(named: domain) {
                    ctx.status(
                        "\(existing.domain) already has a \(type.rawValue) draft (\(existing.id)); nothing sent.")
                    return try ctx.output.item(existing)
                }
                let created = try await client.createDomainDraft(
                    domain: domain, type: type,
                    obfuscate: obfuscate ? true : nil,
                    publicComment: publicComment, privateComment: privateComment)
                ctx.status("Drafted a \(type.rawValue) for \(created.domain) (\(created.id)).")
                try ctx.output.item(created)
            }
        }
    }
}

extension DomainDrafts.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public var journalAfter: String? { "\(type.rawValue) draft" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["domain-drafts", "reject", $0] }
    }
}
