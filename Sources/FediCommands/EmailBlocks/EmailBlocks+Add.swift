import ArgumentParser
import FediCore

extension EmailBlocks {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Refuse sign-ups with addresses at an e-mail domain.",
            discussion: """
                Safe to repeat: a blocked domain is left as it is.

                Examples:
                  $ fedictl email-blocks add mailinator.example
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The e-mail domain to block.", valueName: "domain"))
        public var domain: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: EmailDomainBlock.self)
            try await ctx.with(.emailDomainBlocks(.emailBlocksAdd)) { adapter in
                try await DomainListSteps(ctx).addDomainEntry(domain, comment: nil, to: adapter, noun: "blocked")
            }
        }
    }
}

extension EmailBlocks.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["email-blocks", "remove", domain] }
}
