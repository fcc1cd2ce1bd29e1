import FediCore
import FediTestSupport
import Foundation
import Testing

@testable import FediCommands

/// What --help and the man page say: every example there works, and a negated flag is not described
/// as its opposite.
struct HelpTextTests {
    /// Every `$ fedictl ...` line in every command's help, as the words a shell would pass.
    static func examples() throws -> [[String]] {
        var lines: [String] = []
        let dump = try JSONSerialization.jsonObject(with: Data(Fedictl._dumpHelp().utf8)) as? [String: Any]
        func collect(_ node: [String: Any]) {
            if let text = node["discussion"] as? String {
                lines += text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    $0.hasPrefix("$ fedictl ")
                }
            }
            for sub in node["subcommands"] as? [[String: Any]] ?? [] { collect(sub) }
        }
        collect(try #require(dump?["command"] as? [String: Any]))
        return lines.map { line in
            // Up to a pipe or redirection; quoted words kept whole.
            let command = line.dropFirst(2).prefix { $0 != "|" && $0 != ">" && $0 != "<" }
            var words: [String] = []
            var word = ""
            var quote: Character?
            var started = false
            for character in command {
                if let open = quote {
                    if character == open { quote = nil } else { word.append(character) }
                } else if character == "\"" || character == "'" {
                    quote = character
                    started = true
                } else if character == " " {
                    if started || !word.isEmpty { words.append(word) }
                    (word, started) = ("", false)
                } else {
                    word.append(character)
                }
            }
            if started || !word.isEmpty { words.append(word) }
            return Array(words.dropFirst())
        }
    }

    @Test func everyExampleInTheHelpParses() async throws {
        let examples = try Self.examples()
        #expect(examples.count > 50)
        for words in examples {
            // Seconds of parsing in all: let other tests' tasks in between, or on two cores this
            // one holds a cooperative thread the whole time.
            await Task.yield()
            do {
                _ = try Fedictl.parseAsRoot(words)
            } catch {
                Issue.record("fedictl \(words.joined(separator: " ")): \(Fedictl.message(for: error))")
            }
        }
    }

    @Test func aNegatedFlagIsDescribedAsSuch() throws {
        let tree = try #require(CommandSuggestion()).root
        var checked = 0
        func walk(_ command: CommandSuggestion.Command) {
            // The tree lists --x and --no-x as two flags with one help text: it must say what --no-x does.
            let flags = (command.arguments ?? []).filter { $0.kind == "flag" }
            for flag in flags {
                for name in (flag.names ?? []).map(\.name) {
                    guard flags.contains(where: { ($0.names ?? []).contains { $0.name == "no-\(name)" } }) else {
                        continue
                    }
                    checked += 1
                    #expect(
                        flag.abstract?.contains("--no-\(name)") == true,
                        "\(command.commandName) --\(name): \(flag.abstract ?? "")")
                }
            }
            for sub in command.subcommands ?? [] { walk(sub) }
        }
        walk(tree)
        #expect(checked >= 4)
    }
}
