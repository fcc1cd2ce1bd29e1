import ArgumentParser
import FediCore

extension Instance.Rules {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a rule to your server (GoToSocial).",
            discussion: """
                Safe to repeat: a rule with the same text is shown and nothing is sent.

                Examples:
                  $ fedictl instance rules add "No spam or unsolicited advertising."
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The rule, as plain text.", valueName: "text"))
        public var text: String

        public func validate() throws {
            if text.trimmed().isEmpty { throw ValidationError("the rule's text is empty") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceRule.self)
            try await ctx.with(.instanceLists(.instanceRulesAdd)) { client in
                if let existing = try await client.instanceRules().value.first(where: { $0.text == text }) {
                    ctx.status("That rule is already there (\(existing.id)); nothing sent.")
                    return try ctx.output.item(existing)
                }
                let rule = try await client.addInstanceRule(text: text)
                ctx.status("Added rule \(rule.id).")
                try ctx.output.item(rule)
            }
        }
    }
}

extension Instance.Rules.Add: JournaledCommand {
    public var journalTarget: String? { text }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["instance", "rules", "remove", $0] }
    }
}
