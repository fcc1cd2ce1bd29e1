import ArgumentParser
import FoundationEssentials

/// What a mistyped command or option most likely meant, as git and gh suggest it: the nearest name by
/// edit distance, and only when it is near enough to be a typo (`reprots` → `reports`, never `--all` →
/// `--yes`). Read from the command tree's own description, so it never falls behind the commands.
struct CommandSuggestion: Sendable {
    /// fedictl's own tree, read once per process: dumping it builds every command's arguments (about
    /// 2 s of CPU in a debug build, where the parser validates each one), and a test process meets
    /// hundreds of usage errors.
    static let fedictl = CommandSuggestion()

    struct Command: Decodable, Sendable {
        var commandName: String
        var aliases: [String]?
        var arguments: [Argument]?
        var subcommands: [Command]?

        var names: [String] { [commandName] + (aliases ?? []) }
        var hasPositionals: Bool { arguments?.contains { $0.kind == "positional" } ?? false }

        /// The long option names (without dashes), and whether each takes a value.
        var options: [String: Bool] {
            var options: [String: Bool] = [:]
            for argument in arguments ?? [] where argument.kind != "positional" {
                for name in argument.names ?? [] { options[name.name] = argument.kind == "option" }
            }
            return options
        }
    }

    struct Argument: Decodable, Sendable {
        var kind: String
        var names: [Name]?
        var abstract: String?
    }

    struct Name: Decodable, Sendable {
        var kind: String
        var name: String
    }

    private struct Dump: Decodable {
        var command: Command
    }

    let root: Command

    init?(_ root: any ParsableCommand.Type = Fedictl.self) {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(root._dumpHelp().utf8)) else { return nil }
        self.root = dump.command
    }

    /// The commands `arguments` name, as far as they name any, and the first word that should have named
    /// one but does not (nil when every word before the first positional is a command).
    func resolve(_ arguments: [String]) -> (path: [Command], unknown: String?) {
        var path = [root]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            let command = path.last!
            index += 1
            if word == "--" { break }
            if word.hasPrefix("-") {
                // An option's value is the next word unless it came with `=`; short options are left alone.
                let name = word.drop { $0 == "-" }
                if word.hasPrefix("--"), !name.contains("="), command.options[String(name)] == true { index += 1 }
                continue
            }
            guard let subcommands = command.subcommands, !subcommands.isEmpty else { break }
            if let next = subcommands.first(where: { $0.names.contains(word) }) {
                path.append(next)
                continue
            }
            return command.hasPositionals ? (path, nil) : (path, word)
        }
        return (path, nil)
    }

    /// The nearest of `candidates` to `typed`, if it is near enough to be a slip: at most a third of the
    /// letters wrong (one for short words, a swap of two counting as one), or the start of only one name.
    static func nearest(_ typed: String, among candidates: [String]) -> String? {
        let allowed = max(1, typed.count / 3)
        let scored = candidates.map { ($0, distance(typed, $0)) }.filter { $0.1 <= allowed }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
        let extending = candidates.filter { $0.hasPrefix(typed) }
        return typed.count >= 2 && extending.count == 1 ? extending[0] : nil
    }

    /// Edit distance with adjacent swaps (optimal string alignment).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The message and hint for a parse failure this can explain better than the parser did: an
    /// unknown command, or an unknown option with a wrong or missing suggestion. nil otherwise.
    func usage(for arguments: [String], parserMessage: String) -> (message: String, hint: String)? {
        let (path, unknown) = resolve(arguments)
        let spelled = path.map(\.commandName).joined(separator: " ")
        let help = "see '\(spelled) --help'"
        if let unknown {
            let names = (path.last!.subcommands ?? []).flatMap(\.names)
            let guess = Self.nearest(unknown, among: names)
            return (
                "unknown command '\(path.dropFirst().map(\.commandName).joined(separator: " ") + (path.count > 1 ? " " : ""))\(unknown)'",
                guess.map { "did you mean '\(spelled) \($0)'? \(help)" } ?? help
            )
        }
        guard let match = parserMessage.firstMatch(of: /Unknown option '--([^'=]+)'/) else { return nil }
        let typed = String(match.1)
        let guess = Self.nearest(typed, among: Array(path.last!.options.keys))
        return ("unknown option '--\(typed)'", guess.map { "did you mean '--\($0)'? \(help)" } ?? help)
    }
}
