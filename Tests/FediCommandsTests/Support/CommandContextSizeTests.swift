import FediTestSupport
import Foundation
import Testing

/// `CommandContext` holds what every command needs and no more (issue 43): who the run acts as is
/// `AccountResolver`'s (FediCore), a list's printing `Listing`'s, a bulk run's progress
/// `BulkProgress`'s. What would grow it back is counted here.
struct CommandContextSizeTests {
    static let limit = 40

    /// Every `func`, `var`, `let`, `init` and `subscript` declared directly in `struct CommandContext`
    /// or in an `extension CommandContext` anywhere in Sources (any access level, static too; what a
    /// nested type declares is not the context's), as "file:line name".
    static func members() throws -> [String] {
        let header =
            /^\s*(?:(?:public|private|internal|fileprivate|package)\s+)?(?:struct|extension)\s+CommandContext\b/
        let declaration =
            /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|internal|fileprivate|package|static|final|mutating|nonmutating|override|nonisolated|lazy|private\(set\)|public\(set\))\s+)*(func|var|let|init|subscript)\b\s*([\w<(]*)/
        var found: [String] = []
        for (name, lines) in try ServerDifferencesTests.code(under: "Sources") {
            var depth = 0
            var body: Int?  // the depth the context's declaration or extension opened at
            for (number, line) in lines.enumerated() {
                // Braces inside string literals do not open anything.
                let code = line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
                if body == nil, code.contains(header) {
                    body = depth
                } else if let open = body, depth == open + 1, let match = code.firstMatch(of: declaration) {
                    found.append("\(name):\(number + 1) \(match.1) \(match.2)")
                }
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                if let open = body, depth <= open, code.contains("}") { body = nil }
            }
        }
        return found.sorted()
    }

    @Test func theContextHasAtMostFortyMembers() throws {
        let members = try Self.members()
        // The counter finds what it must: the context's own stored properties and its login.
        #expect(
            members.contains { $0.hasPrefix("FediCommands/Support/CommandContext.swift:") && $0.contains("services") })
        #expect(members.contains { $0.contains("CommandContext+Login.swift:") && $0.contains("func login(") })
        #expect(
            members.count <= Self.limit,
            "CommandContext has \(members.count) members (at most \(Self.limit)):\n\(members.joined(separator: "\n"))")
    }

    /// Who the run acts as is resolved in FediCore, not by members of the context.
    @Test func credentialsAreResolvedInCore() throws {
        let members = try Self.members()
        for name in [
            "credentials", "storedToken", "statelessLogin", "selectedAccounts", "secretStore", "environmentToken",
        ] {
            #expect(
                !members.contains { $0.hasSuffix(" \(name)(") || $0.hasSuffix(" \(name)") },
                "\(name) is back on CommandContext")
        }
    }
}
