import ArgumentParser
import FediCore

extension EmailBlocks {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Allow sign-ups from an e-mail domain again, by domain or id.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes.

                Examples:
                  $ fedictl email-blocks remove mailinator.example --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The blocked e-mail domain, or its id.", valueName: "domain-or-id"))
        public var target: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: EmailDomainBlock.self)
            try await ctx.with(.emailDomainBlocks(.emailBlocksRemove)) { adapter in
                try await DomainListSteps(ctx).removeDomainEntry(
                    target, from: adapter,
                    noun: "a blocked e-mail domain", listCommand: "email-blocks list")
            }
        }
    }
}

extension EmailBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { target }
    /// An id names a block that no longer exists; the domain is not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
