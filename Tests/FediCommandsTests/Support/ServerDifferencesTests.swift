import FediTestSupport
import Foundation
import Testing

/// Server differences live in FediCore's adapters, chosen once per server from the API family:
/// no command looks at a server's software or API family itself (issue 13).
struct ServerDifferencesTests {
    /// Code (comments left out) that branches on the software or the family.
    static var branches: [(what: String, pattern: Regex<Substring>)] {
        [
            ("a switch on the family or software", /switch\s+[\w.?]*(?:family|flavour|software\w*)\b/),
            ("a comparison of the software", /\b(?:flavour|software\w*)\s*[!=]=/),
            (
                "a comparison with an API family",
                /[!=]=\s*\.(?:mastodonAdmin|gotosocialAdmin|pleromaAdmin|misskeyAdmin|mastodonClient|misskeyClient)\b/
            ),
            (
                "a case of an API family",
                /case\s+\.(?:mastodonAdmin|gotosocialAdmin|pleromaAdmin|misskeyAdmin|mastodonClient|misskeyClient)\b/
            ),
            ("a list of flavours", /\bFlavour\.\w+/),
            ("a test of the flavour", /\.flavour\.is\w+/),
            (
                "a read of the capability table (open a door: ctx.with(.reports(.reportsShow)) { … })",
                /\bCapabilityTable\./
            ),
            ("a family handed to FediCore (`via:`)", /\bvia:\s/),
            ("a filters API chosen or passed around (open the door: ctx.with(.filters) { … })", /\bFiltersAPI\b/),
            // One entry to server code (issue 43): every area has a door, opened through `ctx.with`.
            (
                "a family handed back to a FediCore factory (open the area's door: ctx.with(.domainBlocks(…)) { … })",
                /\(family:|\bfamily:\s*family\b/
            ),
            ("a door used directly (open it through ctx.with(.accounts(…), on: target) { … })", /\bDoor\./),
            (
                "a capability checked without its door (open the area's door: ctx.with(.ipBlocks(…)) { … })",
                /\bwithCapability\b/
            ),
            (
                "a detection run by hand (open the door on the target: ctx.with(door, on: target) { … })",
                /\bwithDetection\b/
            ),
            (
                "a capability gated by hand (read the adapter's support, or ServerInfo.offers / refusal(of:))",
                /\bctx\.require\(/
            ),
        ]
    }

    /// Every file's code with comments left out, by path relative to `folder`.
    static func code(under folder: String) throws -> [(name: String, lines: [String])] {
        let sources = RepoPaths.root.appendingPathComponent(folder)
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { file in
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n",
                omittingEmptySubsequences: false
            )
            .map { (line: Substring) -> String in
                String(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line)
            }
            return (file.path.replacingOccurrences(of: sources.path + "/", with: ""), lines)
        }
    }

    /// In FediCore the family is switched on only by the factories that build an area's adapter
    /// (`func reports(family:) -> any ReportAdapter`), exhaustively: no `default:` sends an unknown
    /// family to Mastodon, and no adapter compares families.
    @Test func onlyAdapterFactoriesSwitchOnTheFamily() throws {
        let files = try Self.code(under: "Sources/FediCore/API")
        #expect(files.count > 30, "found only \(files.count) API files")
        for (name, lines) in files {
            var found: [String] = []
            var openSwitch: String?  // the indentation of a `switch family {` being read
            var factory = false  // the last function seen takes the family
            for (number, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if line.contains(/\b(?:func|init)\b/) {
                    // A factory takes the family and builds an adapter (or is an adapter's init).
                    factory = line.contains(/family: APIFamily/) && line.contains(/->\s*\(?any\s|\binit\(/)
                }
                if let indent = openSwitch {
                    if trimmed.hasPrefix("default:") {
                        found.append("line \(number + 1): a default: in a switch on the family")
                    }
                    if line.hasPrefix(indent + "}") { openSwitch = nil }
                } else if line.contains(/switch\s+family\b/) {
                    if !factory {
                        found.append("line \(number + 1): a switch on the family outside an adapter factory")
                    }
                    openSwitch = String(line.prefix { $0 == " " })
                }
                let families = /[!=]=\s*\.(?:mastodon|gotosocial|pleroma|misskey)(?:Admin|Client)\b/
                if line.contains(families) || line.contains(/\]\.contains\(family\)/) {
                    found.append("line \(number + 1): a comparison with an API family: \(trimmed)")
                }
            }
            #expect(
                found.isEmpty,
                "\(name) routes by the family outside an adapter factory:\n\(found.joined(separator: "\n"))")
        }
    }

    @Test func noCommandBranchesOnTheServersSoftware() throws {
        let sources = RepoPaths.root.appendingPathComponent("Sources/FediCommands")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 50, "found only \(files.count) command files under \(sources.path)")
        for file in files {
            let name = file.path.replacingOccurrences(of: sources.path + "/", with: "")
            let code = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map { (line: Substring) -> String in
                String(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line)
            }
            var found: [String] = []
            // Every pattern needs one of these words: a cheap test first keeps the scan fast.
            for (number, line) in code.enumerated()
            where [
                "family", "flavour", "Flavour", "software", "Admin", "Client", "CapabilityTable",
                "via:", "FiltersAPI", "Door.", "withCapability", "withDetection", "require(",
            ].contains(where: line.contains) {
                // Simple word boundaries: Unicode's (the default) read `ctx.withCapability` or
                // `info.flavour` as one word, so `\bwithCapability` would never match there.
                for branch in Self.branches where line.contains(branch.pattern.wordBoundaryKind(.simple)) {
                    found.append("line \(number + 1): \(branch.what): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
            #expect(
                found.isEmpty,
                "\(name) branches on the server's software (move it into a FediCore adapter):\n\(found.joined(separator: "\n"))"
            )
        }
    }
}
