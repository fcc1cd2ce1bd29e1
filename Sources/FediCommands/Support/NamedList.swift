/// `a.example, b.example and 3 more`: names the first `limit` items and counts the rest, so a message
/// says what it is about without growing with the list.
func namedList(_ names: [String], limit: Int = 10) -> String {
    let shown = names.prefix(limit)
    let rest = names.count - shown.count
    if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
    guard shown.count > 1 else { return shown.first ?? "" }
    return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
}
