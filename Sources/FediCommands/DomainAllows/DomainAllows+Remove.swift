import ArgumentParser
import FediCore

extension DomainAllows {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Take a domain off the allowlist, by domain or id.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes.

                Examples:
                  $ fedictl domain-allows remove friends.example
                  $ fedictl domain-allows remove 3 --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The allowed domain, or its id.", valueName: "domain-or-id"))
        public var target: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainAllow.self)
            try await ctx.with(.domainAllows(.domainAllowsRemove)) { adapter in
                try await DomainListSteps(ctx).removeDomainEntry(
                    target, from: adapter, noun: "allowed",
                    listCommand: "domain-allows list")
            }
        }
    }
}

extension DomainAllows.Remove: JournaledCommand {
    public var journalTarget: String? { target }
    /// What the allow held is not in the arguments; GoToSocial's allows get theirs from their note.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
