import ArgumentParser
import FediCore

extension Filters.Keywords {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a keyword to a filter.",
            discussion: """
                Prints the new keyword with its id (which `filters keywords remove` takes).

                Examples:
                  $ fedictl filters keywords add 12 ballot
                  $ fedictl filters keywords add 12 "polling station" --whole-word
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: FilterArgument

        @Argument(help: ArgumentHelp("The word or phrase to match.", valueName: "word"))
        public var word: String

        @Flag(help: "Match only as a whole word.")
        public var wholeWord = false

        public func validate() throws {
            guard !word.trimmed().isEmpty else { throw ValidationError("the keyword is empty") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: FilterKeyword.self)
            let added = try await ctx.with(.filters) { filters in
                try await filters.addKeyword(filterID: target.filter, KeywordDraft(word, wholeWord: wholeWord))
            }
            try ctx.output.item(added)
        }
    }
}

extension Filters.Keywords.Add: JournaledCommand {
    /// The keyword's id is only in the server's answer.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
