import FoundationEssentials

/// Post bodies, bios and instance descriptions arrive as sanitised HTML; a terminal wants text.
public enum HTMLText {
    /// Paragraphs become blank-line separated, `<br>` a line break, tags are dropped (link text stays
    /// whole, including Mastodon's "invisible" URL parts), entities decoded.
    public static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" }).first.map(String.init) ?? ""
                if name == "br" { text += "\n" }
                if tag.hasPrefix("/p") || tag.hasPrefix("/li") || tag.hasPrefix("/blockquote") || tag.hasPrefix("/h") {
                    text += "\n\n"
                }
                if name == "li" { text += "• " }
                index = html.index(after: close)
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        text = decodeEntities(text)
        while text.contains("\n\n\n") { text = text.replacing("\n\n\n", with: "\n\n") }
        return text.trimmed()
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'",
    ]

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let entity = String(after[..<semi])
                var replacement: String?
                if let known = named[entity.lowercased()] {
                    replacement = known
                } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"),
                    let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code)
                {
                    replacement = String(scalar)
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()),
                    let scalar = Unicode.Scalar(code)
                {
                    replacement = String(scalar)
                }
                if let replacement {
                    out += replacement
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        return out + rest
    }
}
