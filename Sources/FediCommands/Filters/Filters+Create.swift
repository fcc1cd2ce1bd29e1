import ArgumentParser
import FediCore

extension Filters {
    public struct Create: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a filter.",
            discussion: """
                On v2 servers the filter is titled TITLE and matches every --keyword. On v1 servers (older \
                Mastodon, Pleroma, Akkoma) a filter is one phrase: TITLE is the phrase, and a --keyword, \
                if given, must be the same; several keywords are refused (exit 65).

                Actions: warn (default) shows matching posts behind a warning; hide drops them (v1: \
                irreversible); blur hides their media behind a warning (Mastodon 4.4+, GoToSocial 0.20+).

                Examples:
                  $ fedictl filters create Politics --keyword election --keyword senate --context home --context public
                  $ fedictl filters create Spoilers --keyword finale --whole-word --context home --action hide --expires-in 2w
                  $ fedictl filters create crypto --context public
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The filter's title (on v1 servers: its phrase).", valueName: "title"))
        public var title: String

        @Option(
            name: .customLong("keyword"),
            help: ArgumentHelp("A word or phrase to match (repeatable). Default: the title.", valueName: "word"))
        public var keywords: [String] = []

        @Flag(help: "Match the keywords only as whole words.")
        public var wholeWord = false

        @Option(
            name: .customLong("context"),
            help: ArgumentHelp(
                "Where the filter applies (repeatable): home, notifications, public, thread, account.",
                valueName: "context"))
        public var contexts: [FilterContext] = []

        @Option(help: ArgumentHelp("What to do with matching posts: warn, hide or blur.", valueName: "action"))
        public var action: FilterAction?

        @Option(
            help: ArgumentHelp("Remove the filter after this long: 30m, 12h, 1d, 2w or seconds.", valueName: "duration")
        )
        public var expiresIn: String?

        public func validate() throws {
            guard !title.trimmed().isEmpty else { throw ValidationError("the title is empty") }
            guard !contexts.isEmpty else {
                throw ValidationError(
                    "say where the filter applies with --context (home, notifications, public, thread, account; repeatable)"
                )
            }
            if keywords.contains(where: { $0.trimmed().isEmpty }) { throw ValidationError("a --keyword is empty") }
            if let expiresIn { _ = try DurationText.parse(expiresIn, flag: "--expires-in") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Filter.self)
            let words = keywords.isEmpty ? [title] : keywords
            let draft = FilterDraft(
                title: title, keywords: words.map { KeywordDraft($0, wholeWord: wholeWord) }, context: contexts,
                action: action,
                expiresIn: try expiresIn.map { try DurationText.parse($0, flag: "--expires-in").seconds })
            let created = try await ctx.with(.filters) { filters in try await filters.create(draft) }
            try ctx.output.item(created)
        }
    }
}

extension Filters.Create: JournaledCommand {
    public var journalTarget: String? { title }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["filters", "delete", $0] }
    }
}
