import FediCore
import Foundation
import Testing

/// The linear-time engine behind `--match` (issue 47): it answers as Swift's Regex does on the
/// patterns people write for names, refuses what needs backtracking, and never backtracks itself.
@Suite struct LinearRegexTests {
    static let patterns = [
        "a", "abc", "^abc$", "^a", "c$", "a.c", "a.*c", "a.+c", "a?b", "ab*c", "ab+c", "^ab{2}c$", "^ab{2,}c$",
        "^ab{1,3}c$", "^ab{0,1}c$", "a|b", "^(a|bc)+$", "(ab|cd)e", "^(?:ab)*$", "[abc]", "[^abc]", "^[a-z]+$",
        "^[a-z]{8}[0-9]{2}$", "[0-9]", "\\d+", "^\\d{3}$", "\\D", "\\w+", "^\\w+$", "\\W", "\\s", "\\S+",
        "^[\\w.]+$", "[-a]", "[a-]", "x[.]y", "x\\.y", "\\bspam", "spam\\b", "\\Bam", "(?i)spam", "(?i)^SPAM\\d*$",
        "(?i:ab)c", "^[A-Z][a-z]+$", "(?i)[a-c]x", "^(a+)+$", "(a*)*b", "(a|aa)+$", "^(.*)*x$", "^$", "^",
        "$", "a{2}", "a{,2}", "a{x}", "^_+|_+$", "^[^@]+@[^@]+\\.[a-z]{2,}$", "bit\\.ly|t\\.co",
        "^(crypto|nft)[_0-9]*bot$", "casino.*\\d{2,}", "^\\S+_\\d{4}$", "(?<name>ab)c", "a(?:b|)c", "é", "^.{3}$",
        "a\\u{62}c", "\\x41", "[\\d_]+$", "ab??c", "ab*?c", "\\A\\w", "\\w\\z", "[\\]a]",
    ]
    static let inputs = [
        "", "a", "abc", "ac", "abbc", "abbbc", "aXc", "b", "bc", "abcbc", "cde", "abe", "spam", "SPAM", "Spam42",
        "spammer", "a spam here", "user_2024", "bob", "aaaaaaaaaaaa_", "aaaa", "aaab", "x.y", "xzy",
        "crypto_99bot", "nftbot", "nft_bot_x", "casino777", "alice@mail.example", "bit.ly/x", "aBcDeF", "12345",
        "123", "a1b2", "Ünïcødé", "é", "tab\there", "-", "]", "_", "__init__", "Crypto_1bot",
        "ab", "abab", "cx", "Cx",
    ]

    @Test func answersAsSwiftRegexDoes() throws {
        var differences: [String] = []
        for pattern in Self.patterns {
            guard let swift = try? Regex(pattern) else {
                #expect(throws: (any Error).self, "Swift refuses \(pattern)") { try LinearRegex(pattern) }
                continue
            }
            let linear = try LinearRegex(pattern)
            for input in Self.inputs where input.contains(swift) != linear.matches(in: input) {
                differences.append("\(pattern) on \(input.debugDescription): Swift \(input.contains(swift))")
            }
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test(arguments: [
        ("(a)\\1", "backreferences"), ("(?<n>a)\\k<n>", "backreferences"), ("a(?=b)", "lookahead"),
        ("a(?!b)", "lookahead"), ("(?<=a)b", "lookbehind"), ("(?<!a)b", "lookbehind"), ("(?>a+)b", "atomic"),
        ("a++b", "possessive"), ("a{1001}", "counts over 1000"),
    ])
    func whatNeedsBacktrackingIsRefused(pattern: String, named: String) {
        do {
            _ = try LinearRegex(pattern)
            Issue.record("\(pattern) was accepted")
        } catch let problem as LinearRegex.Problem {
            #expect(problem.unsupported, "\(problem)")
            #expect(problem.description.contains(named), "\(problem)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: ["(", "a)", "[a", "*a", "a{3,1}", "[z-a]", "\\"])
    func aBrokenPatternIsAnError(pattern: String) {
        #expect(throws: LinearRegex.Problem.self) { try LinearRegex(pattern) }
    }

    /// The patterns that backtrack exponentially in Swift's Regex, on the names that trigger it:
    /// answered at once (a backtracking engine would not finish these in a lifetime).
    @Test func catastrophicPatternsAnswerAtOnce() throws {
        let name = String(repeating: "a", count: 5000) + "_"
        for pattern in ["^(a+)+$", "(a|aa)+$", "^(a*)*$", "(a|a)*b", "^([a-z]+\\s?)*$"] {
            #expect(try LinearRegex(pattern).matches(in: name) == false, "\(pattern)")
        }
        #expect(try LinearRegex("^(a+)+_$").matches(in: name))
    }
}
