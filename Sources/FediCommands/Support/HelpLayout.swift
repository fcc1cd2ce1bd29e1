import FoundationEssentials

/// A help screen laid out for the terminal it is read on. The parser wraps long lines back to
/// column 0, which breaks two-column lists (options, ENVIRONMENT, FILES, EXIT STATUS) into prose;
/// here the help is asked for unwrapped and wrapped again, each list entry's text going on under
/// its own text column, and the entries of a list aligned on one column.
enum HelpLayout {
    /// Wide enough that the parser wraps nothing.
    static let unwrapped = 100_000

    /// The width help is laid out for: the terminal's, else `COLUMNS`, else 80.
    static func width(isTTY: Bool, terminalWidth: Int?, environment: [String: String]) -> Int {
        let given = isTTY ? terminalWidth : environment["COLUMNS"].flatMap { Int($0) }
        return max(40, given ?? 80)
    }

    /// Whether the parser's text is a help screen (not a version, a completion script or a dump).
    static func isHelp(_ text: String) -> Bool {
        text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ")
    }

    /// A line of unwrapped help: a list entry (`  TERM  text`), or text at an indentation.
    enum Line: Equatable {
        case entry(indent: Int, term: String, column: Int, text: String)
        case text(indent: Int, String)
        case blank
    }

    static func parse(_ line: Substring) -> Line {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        guard !rest.allSatisfy({ $0 == " " }) else { return .blank }
        // An entry: indented, a term, two spaces or more, its text.
        if indent >= 2, let gap = rest.firstRange(of: "  ") {
            let term = rest[..<gap.lowerBound]
            let text = rest[gap.lowerBound...].drop { $0 == " " }
            if !text.isEmpty {
                return .entry(
                    indent: indent, term: String(term),
                    column: indent
                        + rest.distance(
                            from: rest.startIndex, to: text.startIndex), text: String(text))
            }
        }
        return .text(indent: indent, String(rest))
    }

    static func layout(_ text: String, width: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(parse)
        // A line indented to the entry above's text column goes on that entry's text.
        var merged: [Line] = []
        for line in lines {
            if case .text(let indent, let more) = line,
                case .entry(let i, let term, let column, let text)? = merged.last,
                indent == column
            {
                merged[merged.count - 1] = .entry(indent: i, term: term, column: column, text: text + " " + more)
            } else {
                merged.append(line)
            }
        }
        lines = merged
        var out: [String] = []
        var index = 0
        while index < lines.count {
            switch lines[index] {
            case .blank:
                out.append("")
                index += 1
            case .text(let indent, let text):
                out += wrap(text, first: indent, rest: indent, width: width)
                index += 1
            case .entry(let indent, _, _, _):
                // The run of entries at this indentation is one list.
                var block: [(term: String, column: Int, text: String)] = []
                while index < lines.count, case .entry(indent, let term, let column, let text) = lines[index] {
                    block.append((term, column, text))
                    index += 1
                }
                out += list(block, indent: indent, width: width)
            }
        }
        return out.joined(separator: "\n")
    }

    /// A list's entries on one text column: the one they share when it leaves room for the text,
    /// else just past the longest term that is not too long (a longer one stands on its own line
    /// above its text).
    static func list(_ entries: [(term: String, column: Int, text: String)], indent: Int, width: Int) -> [String] {
        let room = width - indent
        var column = entries[0].column
        if entries.contains(where: { $0.column != column }) || width - column < max(20, room / 2) {
            let cap = max(12, room * 2 / 5)
            let fitting = entries.map(\.term.count).filter { $0 <= cap }
            column = indent + (fitting.max() ?? 2) + 2
        }
        var out: [String] = []
        for entry in entries {
            let lead = String(repeating: " ", count: indent) + entry.term
            if lead.count + 2 <= column {
                let text = wrap(entry.text, first: column, rest: column, width: width)
                out.append(lead + String(repeating: " ", count: column - lead.count) + text[0].dropFirst(column))
                out += text.dropFirst()
            } else {
                out.append(lead)
                out += wrap(entry.text, first: column, rest: column, width: width)
            }
        }
        return out
    }

    /// `text` in lines of at most `width` columns broken at spaces, the first indented by `first`,
    /// the others by `rest`; a word longer than a line stands whole on its own.
    static func wrap(_ text: String, first: Int, rest: Int, width: Int) -> [String] {
        var lines: [String] = []
        var line = String(repeating: " ", count: first)
        var empty = true
        for word in text.split(separator: " ") {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: rest)
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }
}
