import ArgumentParser
import FediCore

/// `fedictl header-filters …`: GoToSocial's HTTP header allow and block filters.
public struct HeaderFilters: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "header-filters",
        abstract: "Manage the HTTP header filters GoToSocial applies to incoming requests.",
        discussion: """
            GoToSocial 0.16+ only; elsewhere each verb is refused (exit 69) naming the software. A block filter \
            refuses requests whose header matches its regex; allow filters matter in GoToSocial's allowlist \
            header filter mode (advanced-header-filter-mode). Regexes use Go's RE2 syntax and are checked \
            before anything is sent (exit 65). Needs an admin login.
            """,
        subcommands: [List.self, Add.self, Remove.self])
}

/// `--allow` or `--block`: which list.
public struct HeaderFilterList: ParsableArguments, Sendable {
    public init() {}

    @Flag(help: "The allow list.")
    public var allow = false

    @Flag(help: "The block list.")
    public var block = false

    public func validate() throws {
        if allow && block { throw ValidationError("give --allow or --block, not both") }
    }

    /// The lists meant: the one given, else (for reading) both.
    var kinds: [HeaderFilterKind] {
        allow ? [.allow] : block ? [.block] : HeaderFilterKind.allCases
    }

    /// The one list a write needs.
    func required() throws -> HeaderFilterKind {
        guard allow || block else { throw ValidationError("say which list: --allow or --block") }
        return allow ? .allow : .block
    }
}
