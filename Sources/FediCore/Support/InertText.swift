/// Server text made harmless before it leaves fedictl. Report comments, display names, posts and
/// domains come from servers that may be hostile: an escape sequence can clear, retitle or write the
/// clipboard of the moderator's terminal (OSC 52), and a bidi control can make `evil.example` read
/// as something else. The one sanitiser every output path uses (FediOutput's Renderer for tables,
/// TSV, CSV, JSON and status lines; `domain-blocks export` for its files).
///
/// Scalars, not Characters: CRLF is one Character equal to neither "\r" nor "\n", and a control
/// can hide inside a Character by combining with what precedes it.
public enum InertText {
    /// C0 controls, DEL and C1 controls (U+0080-U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The controls that reorder text on screen: ALM, LRM, RLM, the embeddings and overrides
    /// (U+202A-U+202E) and the isolates (U+2066-U+2069).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: line breaks to editors and spreadsheets.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar.value == 0x2028 || scalar.value == 0x2029 }

    static func needsWork(_ text: String) -> Bool {
        mayHoldControls(text) && text.unicodeScalars.contains { isControl($0) || isBidiControl($0) || isSeparator($0) }
    }

    /// false when `text` holds no control, bidi control or separator, judged from its UTF-8 alone
    /// (decoding scalars costs more, and most text has none): only a byte below 0x20, DEL, or the
    /// lead bytes of U+0080-U+009F (C2 80-9F), U+061C (D8 9C) and U+2000-U+207F (E2 80-81) may begin one.
    public static func mayHoldControls(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte >= 0xC2, index + 1 < bytes.count {
                    let next = bytes[index + 1]
                    if (byte == 0xC2 && next <= 0x9F) || (byte == 0xD8 && next == 0x9C)
                        || (byte == 0xE2 && next <= 0x81)
                    {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// One line, for a table cell, a TSV field or a status line: line breaks (LF, CR, CRLF, U+2028,
    /// U+2029) and tabs become a space, keeping a cell on its line and column; every other control
    /// and every bidi control becomes a visible U+FFFD, so a moderator sees that something was there.
    public static func line(_ text: String) -> String {
        replacing(text, lineBreak: " ", tab: " ")
    }

    /// Several lines, for a CSV cell (quoted, so it may span lines): LF and tab stay, CR and CRLF
    /// and the Unicode separators become LF (a lone CR would return the terminal's cursor and
    /// overwrite the line), every other control and bidi control becomes U+FFFD.
    public static func lines(_ text: String) -> String {
        replacing(text, lineBreak: "\n", tab: "\t")
    }

    static func replacing(_ text: String, lineBreak: Unicode.Scalar, tab: Unicode.Scalar) -> String {
        guard needsWork(text) else { return text }
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r": continue  // already a line break
            case "\n", "\r": out.append(lineBreak)
            case "\t": out.append(tab)
            case _ where isSeparator(scalar): out.append(lineBreak)
            case _ where isControl(scalar) || isBidiControl(scalar): out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// JSON text, fedictl's own or a server's (`--raw`): the same data, with every control and bidi
    /// control inside it written as a `\uXXXX` escape, which JSON readers decode back to the same
    /// string. Tab and LF stay (JSON's white space); a lone CR becomes LF, which is white space too.
    /// An encoder already escapes C0 controls in strings; a server's raw JSON may not.
    public static func json(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var out = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            switch scalar {
            case "\n", "\t": out.append(scalar)
            case "\r":
                out.append(scalar)
                if pending != "\n" {
                    out.removeLast()
                    out.append("\n")
                }
            case _ where isControl(scalar) || isBidiControl(scalar) || isSeparator(scalar):
                out.append(contentsOf: escaped(scalar).unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
