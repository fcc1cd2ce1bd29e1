import FoundationEssentials

/// RFC 8288 Link header: `<url>; rel="next", <url>; rel="prev"`.
public struct LinkHeader: Sendable, Equatable {
    public var links: [String: URL]

    public init(_ value: String?, relativeTo base: URL? = nil) {
        var links: [String: URL] = [:]
        for part in LinkHeader.splitOutsideBrackets(value ?? "") {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">"), open < close else {
                continue
            }
            let target = String(part[part.index(after: open)..<close])
            guard let url = URL(string: target, relativeTo: base)?.absoluteURL else { continue }
            for parameter in part[part.index(after: close)...].split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmed() }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                for rel in pair[1].trimmed("\"").split(separator: " ") {
                    links[rel.lowercased()] = url
                }
            }
        }
        self.links = links
    }

    public var next: URL? { links["next"] }
    public var prev: URL? { links["prev"] ?? links["previous"] }

    private static func splitOutsideBrackets(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var inside = false
        for index in value.indices {
            switch value[index] {
            case "<": inside = true
            case ">": inside = false
            case "," where !inside:
                parts.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
        }
        parts.append(value[start...])
        return parts
    }
}
