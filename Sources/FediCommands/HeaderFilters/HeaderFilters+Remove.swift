import ArgumentParser
import FediCore

extension HeaderFilters {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a header filter, by HEADER and REGEX or by id.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes.

                Examples:
                  $ fedictl header-filters remove --block User-Agent '.*BadBot.*' --yes
                  $ fedictl header-filters remove --block 01JD41B2C --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var list: HeaderFilterList

        @Argument(help: ArgumentHelp("The header (then REGEX), or the filter's id alone.", valueName: "header-or-id"))
        public var target: String

        @Argument(help: ArgumentHelp("The filter's regex, exactly as listed.", valueName: "regex"))
        public var regex: String?

        public func validate() throws {
            _ = try list.required()
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: HeaderFilter.self)
            let kind = try list.required()
            try await ctx.with(.headerFilters(.headerFiltersRemove)) { client in
                let filters = try await client.headerFilters(kind)
                let match =
                    regex.map { regex in
                        filters.first { $0.header.lowercased() == target.lowercased() && $0.regex == regex }
                    }
                    ?? filters.first { $0.id == target }
                guard let filter = match else {
                    throw FediError(
                        .noInput, "no such \(kind.rawValue) filter on \(client.server.authority)",
                        hint: "`fedictl header-filters list --\(kind.rawValue)` shows the filters")
                }
                try ctx.confirm("Remove the \(kind.rawValue) filter on \(filter.header) matching \(filter.regex)?")
                try await client.removeHeaderFilter(kind, id: filter.id)
                ctx.status("Removed the \(kind.rawValue) filter on \(filter.header).")
                try ctx.output.item(filter)
            }
        }
    }
}

extension HeaderFilters.Remove: JournaledCommand {
    public var journalTarget: String? { regex.map { "\(target): \($0)" } ?? target }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        regex.map { ["header-filters", "add", list.allow ? "--allow" : "--block", self.target, $0] }
    }
}
