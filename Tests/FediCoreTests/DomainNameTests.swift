import FediCore
import Foundation
import Testing

/// Names are checked by the DNS rules before anything is sent: the names a hostile file or a
/// careless paste once got through to servers are refused, and IDN and punycode are one name.
struct DomainNameTests {
    @Test(arguments: [
        ("spam..example", "it has an empty label (two dots in a row, or a leading dot)"),
        ("bad\u{1B}[2J.example", "it holds U+001B, which no domain name has"),
        ("bell\u{07}.example", "it holds U+0007, which no domain name has"),
        ("evil\u{202E}elpmaxe.example", "it holds U+202E, which no domain name has"),
        ("zero\u{200B}width.example", "it holds U+200B, which no domain name has"),
        ("a;b.example", "it holds ';', which no domain name has"),
        ("quote\".example", "it holds '\"', which no domain name has"),
        ("under_score.example", "it holds '_', which no domain name has"),
        ("-dash.example", "the label '-dash' starts or ends with a hyphen"),
        (
            String(repeating: "a", count: 64) + ".example",
            "the label '\(String(repeating: "a", count: 64))' is 64 characters long, more than 63"
        ),
        ("xn--zz-9999.example", "the label 'xn--zz-9999' is not valid punycode"),
        ("sp*m.example", "a wildcard (*) names no single domain"),
        ("", "it is empty"),
    ])
    func refusesWhatIsNotADomain(name: String, problem: String) {
        #expect(throws: DomainName.Problem(problem)) { try DomainName.canonical(name) }
    }

    @Test func boundsTheLengthOfANameAndItsLabels() throws {
        let label = String(repeating: "a", count: 63)
        let longest = [label, label, label, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(longest.count == 253)
        #expect(try DomainName.canonical(longest) == longest)
        #expect(throws: DomainName.Problem("it is 255 characters long, more than 253")) {
            try DomainName.canonical("c." + longest)
        }
        // Megabytes of "domain" are refused before any work on them.
        #expect(throws: DomainName.Problem("it is longer than 253 characters")) {
            try DomainName.canonical(String(repeating: "x", count: 10_000_000))
        }
    }

    @Test func writesIDNAsPunycodeSoBothFormsAreOneName() throws {
        #expect(try DomainName.canonical("Bücher.Example.") == "xn--bcher-kva.example")
        #expect(try DomainName.canonical("XN--BCHER-KVA.example") == "xn--bcher-kva.example")
        // Decomposed (e + U+0301) and composed forms, and an ideographic full stop.
        #expect(try DomainName.canonical("cafe\u{301}.example") == DomainName.canonical("café.example"))
        #expect(try DomainName.canonical("例え。テスト") == "xn--r8jz45g.xn--zckzah")
        #expect(DomainName.normalise("bücher.example") == DomainName.normalise("xn--bcher-kva.example"))
    }

    @Test func keepsALeadingWildcardOnlyWhenAsked() throws {
        #expect(try DomainName.canonical("*.Spam.example", wildcard: true) == "*.spam.example")
        #expect(throws: DomainName.Problem("a wildcard (*) names no single domain")) {
            try DomainName.canonical("*.spam.example")
        }
        #expect(throws: DomainName.Problem("a wildcard is only allowed as a leading *.")) {
            try DomainName.canonical("a.*.example", wildcard: true)
        }
    }
}
