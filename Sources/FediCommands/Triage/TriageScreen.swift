import FediCore

/// A full-screen terminal for `fedictl triage`: the live one is ncursesw (FediCurses), tests bind
/// a scripted one. The screen draws frames the model made and hands back keys; it decides nothing.
public protocol TriageScreen: Sendable {
    /// Takes the terminal (alternate screen, no echo, keypad) and starts reading keys; the first
    /// event is the screen's size. Throws when the terminal cannot be driven.
    func start(colors: Bool) async throws -> AsyncStream<ScreenEvent>
    /// Shows `frame` (replacing what was there); cut to the screen by the library's own widths.
    func show(_ frame: ScreenFrame)
    /// Gives the terminal back as it was. Safe to call more than once.
    func stop() async
    /// Nothing runs behind the screen (no look, decision or detail in flight) and the first
    /// `events` events of `start`'s stream are handled: what shows stays until the next event.
    /// A live terminal has nothing to do; a scripted one fails a wait the frame cannot meet.
    func settled(events: Int)
}

extension TriageScreen {
    public func settled(events: Int) {}
}

/// A key, or the terminal changing size.
public enum ScreenEvent: Sendable, Equatable {
    case character(Character)
    case up, down, pageUp, pageDown, home, end, backspace, enter
    case resize(rows: Int, columns: Int)
}

/// What one screen shows: its rows, each a run of styled spans.
public struct ScreenFrame: Sendable, Equatable {
    public var rows: [[ScreenSpan]]
    public init(rows: [[ScreenSpan]]) { self.rows = rows }

    /// The text of each row, as a capture of the terminal would show it (tests, the README).
    public var text: [String] { rows.map { $0.map(\.text).joined() } }
}

public struct ScreenSpan: Sendable, Equatable {
    public var text: String
    public var style: ScreenStyle
    public init(_ text: String, _ style: ScreenStyle = []) {
        self.text = text
        self.style = style
    }
}

/// How a span is drawn; colours only when the run allows them (NO_COLOR, --no-color).
public struct ScreenStyle: OptionSet, Sendable, Equatable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    // The values are CCursesShim's FM_STYLE_ ones.
    public static let bold = ScreenStyle(rawValue: 1)
    public static let reverse = ScreenStyle(rawValue: 2)
    public static let dim = ScreenStyle(rawValue: 4)
    public static let underline = ScreenStyle(rawValue: 8)
    public static let red = ScreenStyle(rawValue: 16)
    public static let yellow = ScreenStyle(rawValue: 32)
    public static let green = ScreenStyle(rawValue: 64)
    public static let cyan = ScreenStyle(rawValue: 128)
}

/// Columns a string takes on a terminal, for laying out before the library draws: two for the
/// wide East Asian and emoji ranges, none for combining marks, one for the rest.
enum ScreenWidth {
    static func of(_ text: String) -> Int { text.unicodeScalars.reduce(0) { $0 + of($1) } }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x0300...0x036F, 0x200B...0x200D, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// `text` cut to `width` columns, an ellipsis where it was cut.
    static func cut(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let cells = of(String(character))
            if used + cells > width - 1 { break }
            out.append(character)
            used += cells
        }
        return out + "…"
    }

    /// `text` padded with spaces (or cut) to exactly `width` columns.
    static func fit(_ text: String, to width: Int) -> String {
        let cut = cut(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// `text` broken into lines of at most `width` columns, at spaces where it can.
    static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            let cells = of(word)
            if used > 0, used + 1 + cells > width {
                lines.append(line)
                (line, used) = ("", 0)
            }
            if used > 0 {
                line += " "
                used += 1
            }
            while of(word) > width - used {
                // A word longer than the line: cut where the line ends.
                var head = ""
                var headWidth = 0
                var rest = Substring(word)
                while let first = rest.first, headWidth + of(String(first)) <= width - used {
                    head.append(first)
                    headWidth += of(String(first))
                    rest = rest.dropFirst()
                }
                if head.isEmpty, used == 0 { return lines + [String(word.prefix(1))] }
                lines.append(line + head)
                (line, used) = ("", 0)
                word = String(rest)
            }
            line += word
            used += of(word)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
