import FoundationEssentials

/// GoToSocial's HTTP header filters (0.16+): `/api/v1/admin/header_allows` and `/header_blocks`, each
/// answered whole. The regex is Go's RE2 syntax; `HeaderFilterRegex.check` refuses what RE2 would.
extension APIClient {
    static func headerFiltersPath(_ kind: HeaderFilterKind) -> String { "/api/v1/admin/header_\(kind.rawValue)s" }

    public func headerFilters(_ kind: HeaderFilterKind) async throws -> [HeaderFilter] {
        try await get([HeaderFilter].self, Self.headerFiltersPath(kind)).map { filter in
            var filter = filter
            filter.kind = kind.rawValue
            return filter
        }
    }

    /// Creates a filter; a lost answer is settled by reading the list back.
    public func createHeaderFilter(
        _ kind: HeaderFilterKind, header: String,
        regex: String
    ) async throws -> HeaderFilter {
        let body = try RequestBody.encoded(["header": header, "regex": regex])
        var created = try await createCheckingBack("\(kind.rawValue) filter on \(header)") {
            try await fetch(HeaderFilter.self, .post, Self.headerFiltersPath(kind), body: body).value
        } find: {
            try await headerFilters(kind).first { $0.header.lowercased() == header.lowercased() && $0.regex == regex }
        }
        created.kind = kind.rawValue
        return created
    }

    public func removeHeaderFilter(_ kind: HeaderFilterKind, id: String) async throws {
        try await naming(
            "header \(kind.rawValue) filter \(id)",
            hint: "`fedictl header-filters list` shows the filters and their ids"
        ) {
            _ = try await send(.delete, "\(Self.headerFiltersPath(kind))/\(ServerAddress.pathSegment(id))")
        }
    }
}

/// Which of GoToSocial's two header filter lists.
public enum HeaderFilterKind: String, Sendable, CaseIterable {
    case allow, block
}

/// Checks a header filter's regex before it is sent: GoToSocial compiles it with Go's RE2, which has no
/// lookaround, backreferences, atomic groups or possessive quantifiers.
public enum HeaderFilterRegex {
    public static func check(_ pattern: String) throws {
        guard !pattern.isEmpty else { throw invalid(pattern, "it is empty") }
        let unsupported: [(String, String)] = [
            (#"\(\?<?[=!]"#, "lookaround"), (#"\(\?>"#, "an atomic group"), (#"\\[1-9]|\\k<"#, "a backreference"),
            (#"[*+?}]\+"#, "a possessive quantifier"),
        ]
        for (construct, name) in unsupported where (try? Regex(construct)).map({ pattern.contains($0) }) == true {
            throw invalid(pattern, "Go's RE2 syntax, which GoToSocial uses, has no \(name)")
        }
        do {
            _ = try Regex(pattern)
        } catch {
            throw invalid(pattern, "it does not parse as a regular expression")
        }
    }

    static func invalid(_ pattern: String, _ reason: String) -> FediError {
        FediError(
            .dataError, "the regex '\(InertText.line(pattern))' is not valid: \(reason); nothing was sent",
            hint: "GoToSocial matches header values with Go's RE2 syntax, e.g. '.*BadBot.*' or '^curl/'")
    }
}
