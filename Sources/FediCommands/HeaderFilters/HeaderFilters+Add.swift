import ArgumentParser
import FediCore

extension HeaderFilters {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a header filter: requests whose HEADER matches REGEX are allowed or blocked.",
            discussion: """
                The regex is checked first (Go's RE2 syntax: no lookaround or backreferences); an invalid one \
                is refused with exit 65 and nothing is sent. Safe to repeat: the same filter is shown and \
                nothing is sent.

                Examples:
                  $ fedictl header-filters add --block User-Agent '.*BadBot.*'
                  $ fedictl header-filters add --allow User-Agent '^Mozilla/'
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var list: HeaderFilterList

        @Argument(help: ArgumentHelp("The HTTP header, e.g. User-Agent.", valueName: "header"))
        public var header: String

        @Argument(help: ArgumentHelp("The regex its value is matched against (RE2 syntax).", valueName: "regex"))
        public var regex: String

        public func validate() throws {
            _ = try list.required()
            guard !header.isEmpty,
                header.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
            else {
                throw ValidationError("'\(header)' is not an HTTP header name (letters, digits, - and _)")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: HeaderFilter.self)
            try HeaderFilterRegex.check(regex)
            let kind = try list.required()
            try await ctx.with(.headerFilters(.headerFiltersAdd)) { client in
                let filters = try await client.headerFilters(kind)
                if let existing = filters.first(where: {
                    $0.header.lowercased() == header.lowercased() && $0.regex == regex
                }) {
                    ctx.status("That \(kind.rawValue) filter is already there (\(existing.id)); nothing sent.")
                    return try ctx.output.item(existing)
                }
                let created = try await client.createHeaderFilter(kind, header: header, regex: regex)
                ctx.status("Added a \(kind.rawValue) filter on \(created.header) (\(created.id)).")
                try ctx.output.item(created)
            }
        }
    }
}

extension HeaderFilters.Add: JournaledCommand {
    public var journalTarget: String? { "\(header): \(regex)" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["header-filters", "remove", list.allow ? "--allow" : "--block", header, regex]
    }
}
