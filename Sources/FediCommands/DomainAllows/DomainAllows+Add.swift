import ArgumentParser
import FediCore

extension DomainAllows {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Allow a domain to federate with this server.",
            discussion: """
                Safe to repeat: an allowed domain is left as it is. --comment is kept by GoToSocial (public \
                comment) and Pleroma/Akkoma (reason); elsewhere it is refused (exit 65), not dropped.

                Examples:
                  $ fedictl domain-allows add friends.example
                  $ fedictl domain-allows add partner.example --comment "Sister instance"
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The domain to allow.", valueName: "domain"))
        public var domain: String

        @Option(help: ArgumentHelp("Why it is allowed (GoToSocial, Pleroma/Akkoma).", valueName: "text"))
        public var comment: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainAllow.self)
            try await ctx.with(.domainAllows(.domainAllowsAdd)) { adapter in
                try await DomainListSteps(ctx).addDomainEntry(domain, comment: comment, to: adapter, noun: "allowed")
            }
        }
    }
}

extension DomainAllows.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["domain-allows", "remove", domain] }
}
