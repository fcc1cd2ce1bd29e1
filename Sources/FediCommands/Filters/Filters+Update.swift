import ArgumentParser
import FediCore

extension Filters {
    public struct Update: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Change a filter's title, places, action or expiry.",
            discussion: """
                Only what is given changes; --context replaces the places. Keywords and posts change with \
                `filters keywords` and `filters statuses`. On v1 servers the title is the filter's phrase.

                Examples:
                  $ fedictl filters update 12 --action hide
                  $ fedictl filters update 12 --context home --context notifications --expires-in 1d
                  $ fedictl filters update 12 --never-expires
                """)

        public static let traits = VerbTraits(.each, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var target: FilterArgument

        @Option(help: ArgumentHelp("A new title (on v1 servers: a new phrase).", valueName: "title"))
        public var title: String?

        @Option(
            name: .customLong("context"),
            help: ArgumentHelp(
                "Where the filter applies (repeatable; replaces the current places).",
                valueName: "context"))
        public var contexts: [FilterContext] = []

        @Option(help: ArgumentHelp("What to do with matching posts: warn, hide or blur.", valueName: "action"))
        public var action: FilterAction?

        @Option(
            help: ArgumentHelp(
                "Remove the filter after this long from now: 30m, 12h, 1d, 2w or seconds.", valueName: "duration"))
        public var expiresIn: String?

        @Flag(help: "Keep the filter until it is deleted (removes its expiry).")
        public var neverExpires = false

        public func validate() throws {
            if let expiresIn { _ = try DurationText.parse(expiresIn, flag: "--expires-in") }
            if expiresIn != nil, neverExpires {
                throw ValidationError("--expires-in and --never-expires contradict each other")
            }
            if let title, title.trimmed().isEmpty { throw ValidationError("the title is empty") }
            guard title != nil || !contexts.isEmpty || action != nil || expiresIn != nil || neverExpires else {
                throw ValidationError(
                    "nothing to change: give --title, --context, --action, --expires-in or --never-expires")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Filter.self)
            let draft = FilterDraft(
                title: title, context: contexts.isEmpty ? nil : contexts, action: action,
                expiresIn: try expiresIn.map { try DurationText.parse($0, flag: "--expires-in").seconds },
                neverExpires: neverExpires)
            let updated = try await ctx.with(.filters) { filters in try await filters.update(id: target.filter, draft) }
            try ctx.output.item(updated)
        }
    }
}

extension Filters.Update: JournaledCommand {
    public var journalTarget: String? { target.filter }
    /// The filter's values before are not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
