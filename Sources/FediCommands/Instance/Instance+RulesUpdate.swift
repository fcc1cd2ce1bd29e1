import ArgumentParser
import FediCore

extension Instance.Rules {
    public struct Update: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Change a rule's text (GoToSocial).",
            discussion: """
                Examples:
                  $ fedictl instance rules update 01JD42C "No spam, advertising or scraping."
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The rule's id (see instance rules).", valueName: "id"),
            completion: .custom(RuleCompletion.candidates))
        public var id: String

        @Argument(help: ArgumentHelp("Its new text.", valueName: "text"))
        public var text: String

        public func validate() throws {
            if text.trimmed().isEmpty { throw ValidationError("the rule's text is empty") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceRule.self)
            try await ctx.with(.instanceLists(.instanceRulesUpdate)) { client in
                // The journal keeps the old text, for an undo that puts it back.
                let before = ctx.journalIsOn ? try await client.instanceRule(id: id).text : nil
                let note = JournalNote.instanceRule(id: id, before: before, after: text)
                let rule = try await JournalNote.during(before == nil ? [] : [note]) {
                    try await client.updateInstanceRule(id: id, text: text)
                }
                ctx.status("Updated rule \(rule.id).")
                try ctx.output.item(rule)
            }
        }
    }
}

extension Instance.Rules.Update: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalAfter: String? { text }
    /// The rule's text before and the exact undo are in the change's own note.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
