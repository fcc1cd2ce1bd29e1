import FediCore
import FediTestSupport
import Foundation
import Testing

@testable import FediCommands

/// Every command's --help as an 80-column terminal shows it: no line wider, the two-column lists
/// (options, ENVIRONMENT, FILES, EXIT STATUS) with their text going on under its own column, and
/// each default said once.
struct HelpWidthTests {
    /// Every command's words, from the parser's own description of the tree.
    static func paths() throws -> [[String]] {
        try CommandTreeTests.commands().map { $0.path.split(separator: " ").dropFirst().map(String.init) }
    }

    /// `--help` of every command at COLUMNS=80, off a terminal.
    static func helps() async throws -> [(path: [String], text: String)] {
        let harness = CommandHarness(environment: ["COLUMNS": "80"])
        var helps: [(path: [String], text: String)] = []
        for path in try paths() where path != ["help"] {
            let result = await harness.run(path + ["--help"])
            #expect(result.status == 0, "\(path): \(result)")
            helps.append((path, result.stdout))
        }
        return helps
    }

    static func isHeading(_ line: Substring) -> Bool {
        line.range(of: #"^[A-Z][A-Z ]*[A-Z]:?$"#, options: .regularExpression) != nil
    }

    @Test func everyHelpFitsEightyColumnsWithItsListsIndented() async throws {
        let helps = try await Self.helps()
        #expect(helps.count > 100)
        var listed = 0
        for (path, text) in helps {
            let name = (["fedictl"] + path).joined(separator: " ")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines where line.count > 80 {
                Issue.record("\(name) --help has a line of \(line.count) columns: \(line)")
            }
            // Under a heading, until a blank line: entries and their continuations, never at column 0,
            // a continuation under its entry's text.
            var inList = false
            var textColumn: Int?
            for line in lines {
                if Self.isHeading(line) {
                    inList = true
                    textColumn = nil
                    continue
                }
                if line.allSatisfy({ $0 == " " }) {
                    inList = false
                    continue
                }
                guard inList else { continue }
                listed += 1
                let indent = line.prefix { $0 == " " }.count
                #expect(indent >= 2, "\(name) --help: a list line at column \(indent): \(line)")
                if case .entry(let entryIndent, _, let column, _) = HelpLayout.parse(line), entryIndent <= 2 {
                    textColumn = column
                } else if indent > 2, let textColumn {
                    #expect(
                        indent == textColumn, "\(name) --help: a line at column \(indent), not \(textColumn): \(line)")
                } else if indent > 2 {
                    textColumn = indent  // the text of a term on a line of its own
                }
            }
        }
        #expect(listed > 1000)
    }

    @Test func theRootsListsAreAlignedTwoColumnLists() async throws {
        let help = await CommandHarness(environment: ["COLUMNS": "80"]).run(["--help"]).stdout
        #expect(
            help.contains(
                """
                ENVIRONMENT
                  FEDICTL_ACCOUNT        account(s) to use when --account is not given (an id,
                                         alias, group or a,b)
                """), "\(help)")
        #expect(
            help.contains(
                """
                EXIT STATUS
                  0   success
                  1   other failure, or cancelled; over several accounts, failures of different
                      kinds
                """), "\(help)")
        #expect(
            help.contains(
                """
                  $XDG_CONFIG_HOME/fedictl/config.json
                      the accounts (no secrets), mode 0600
                """), "\(help)")
        // A wider terminal gets wider lines, and room for the paths beside their text.
        let wide = await CommandHarness().run(["--help"], tty: true, width: 132).stdout
        #expect(
            wide.contains(
                "  $XDG_CONFIG_HOME/fedictl/config.json           the accounts (no secrets), mode 0600\n"), "\(wide)")
        #expect(wide.split(separator: "\n").allSatisfy { $0.count <= 132 })
    }

    @Test func noDefaultIsPrintedTwice() async throws {
        let value = try Regex(#"\(default:? ([^)]*)\)"#)
        for (path, text) in try await Self.helps() {
            // An option's help is its entry with its continuations, one line here.
            let joined = text.replacing(try Regex(#"\n {3,}"#), with: " ")
            for line in joined.split(separator: "\n") {
                let defaults = line.matches(of: value).map { String($0.output[1].substring ?? "") }
                #expect(
                    Set(defaults).count == defaults.count,
                    "fedictl \(path.joined(separator: " ")) --help says a default twice: \(line)")
            }
        }
    }

    @Test func aListEntryWrapsUnderItsOwnText() {
        let text = """
            OVERVIEW: x

            FILES
              short  a text long enough that it has to wrap at forty columns
              a-term-far-too-long-to-share-the-column  its text
            """
        #expect(
            HelpLayout.layout(text, width: 40) == """
                OVERVIEW: x

                FILES
                  short  a text long enough that it has
                         to wrap at forty columns
                  a-term-far-too-long-to-share-the-column
                         its text
                """)
        // A line too long that is no entry keeps its own indentation.
        #expect(
            HelpLayout.layout("  (one two three four five six seven eight nine ten)", width: 20) == """
                  (one two three
                  four five six
                  seven eight nine
                  ten)
                """)
    }
}
