import ArgumentParser
import FediCore

extension Instance.Rules {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a rule (GoToSocial).",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes.

                Examples:
                  $ fedictl instance rules remove 01JD42C --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The rule's id (see instance rules).", valueName: "id"),
            completion: .custom(RuleCompletion.candidates))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceRule.self)
            try await ctx.with(.instanceLists(.instanceRulesRemove)) { client in
                let rule = try await client.instanceRule(id: id)
                try ctx.confirm("Remove the rule \"\(rule.text)\"?")
                try await JournalNote.during([.instanceRule(id: rule.id, before: rule.text, after: nil)]) {
                    try await client.removeInstanceRule(id: id)
                }
                ctx.status("Removed rule \(rule.id).")
                try ctx.output.item(rule)
            }
        }
    }
}

extension Instance.Rules.Remove: JournaledCommand {
    public var journalTarget: String? { id }
    /// The removed rule's text and the exact undo are in the change's own note.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
