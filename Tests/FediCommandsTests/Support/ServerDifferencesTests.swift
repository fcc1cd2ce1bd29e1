import Foundation
import Testing
import FediTestSupport

/// Server differences live in FediCore's adapters, chosen once per server from the API family:
/// no command looks at a server's software or API family itself (issue 13).
struct ServerDifferencesTests {
    /// Code (comments left out) that branches on the software or the family.
    static var branches: [(what: String, pattern: Regex<Substring>)] { [
        ("a switch on the family or software", /switch\s+[\w.?]*(?:family|flavour|software\w*)\b/),
        ("a comparison of the software", /\b(?:flavour|software\w*)\s*[!=]=/),
        ("a comparison with an API family", /[!=]=\s*\.(?:mastodonAdmin|gotosocialAdmin|pleromaAdmin|misskeyAdmin|mastodonClient|misskeyClient)\b/),
        ("a case of an API family", /case\s+\.(?:mastodonAdmin|gotosocialAdmin|pleromaAdmin|misskeyAdmin|mastodonClient|misskeyClient)\b/),
        ("a list of flavours", /\bFlavour\.\w+/),
        ("a test of the flavour", /\.flavour\.is\w+/),
    ] }

    @Test func noCommandBranchesOnTheServersSoftware() throws {
        let sources = RepoPaths.root.appendingPathComponent("Sources/FediCommands")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 50, "found only \(files.count) command files under \(sources.path)")
        for file in files {
            let name = file.path.replacingOccurrences(of: sources.path + "/", with: "")
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .map { (line: Substring) -> String in String(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line) }
            var found: [String] = []
            // Every pattern needs one of these words: a cheap test first keeps the scan fast.
            for (number, line) in code.enumerated() where ["family", "flavour", "Flavour", "software", "Admin", "Client"].contains(where: line.contains) {
                for branch in Self.branches where line.contains(branch.pattern) {
                    found.append("line \(number + 1): \(branch.what): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
            #expect(found.isEmpty, "\(name) branches on the server's software (move it into a FediCore adapter):\n\(found.joined(separator: "\n"))")
        }
    }
}
