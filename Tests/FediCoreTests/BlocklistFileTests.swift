import FediCore
import Foundation
import Testing

/// Reading and writing blocklist files: Mastodon's CSV (with and without its header), fediblockhole's
/// CSV and JSON, plain lists; bad rows named by line.
struct BlocklistFileTests {
    func parse(_ text: String, format: BlocklistFormat? = nil, severity: DomainBlockSeverity = .suspend) throws
        -> BlocklistFile
    {
        try BlocklistFile.parse(Data(text.utf8), source: "test.csv", format: format, defaultSeverity: severity)
    }

    @Test func readsMastodonsExport() throws {
        let file = try parse(
            """
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\r
            spam.example,suspend,false,false,Spam factory,true\r
            Noisy.Example.,silence,true,false,"Loud, rude",false\r

            """)
        #expect(file.format == .mastodonCSV)
        #expect(
            file.entries.map(\.spec) == [
                DomainBlockSpec(
                    domain: "spam.example", severity: .suspend, publicComment: "Spam factory", obfuscate: true),
                DomainBlockSpec(
                    domain: "noisy.example", severity: .silence, rejectMedia: true, publicComment: "Loud, rude"),
            ])
        #expect(file.entries.map(\.line) == [2, 3])
        #expect(file.entries[0].spec.privateComment == nil)  // never in Mastodon's file: the server's is kept
    }

    @Test func readsHeaderlessFilesByPosition() throws {
        let file = try parse("a.example,silence,true\nb.example\nc.example,,false,true\n", severity: .noop)
        #expect(file.format == .list)
        #expect(
            file.entries.map(\.spec) == [
                DomainBlockSpec(domain: "a.example", severity: .silence, rejectMedia: true),
                DomainBlockSpec(domain: "b.example", severity: .noop),
                DomainBlockSpec(domain: "c.example", severity: .noop, rejectReports: true),
            ])
    }

    @Test func readsAPlainListWithComments() throws {
        let file = try parse("# my list\nspam.example\n\n  scam.example   # phishing\n")
        #expect(file.entries.map(\.spec.domain) == ["spam.example", "scam.example"])
        #expect(file.entries.allSatisfy { $0.spec.severity == .suspend })
    }

    @Test func readsFediblockholesCSV() throws {
        let file = try parse(
            """
            domain,severity,reject_media,reject_reports,private_comment,public_comment,obfuscate
            a.example,suspend,True,f,internal note,,yes
            b.example,,0,Y,,public,n
            """)
        #expect(file.format == .csv)
        #expect(
            file.entries.map(\.spec) == [
                DomainBlockSpec(
                    domain: "a.example", severity: .suspend, rejectMedia: true, privateComment: "internal note",
                    publicComment: "",
                    obfuscate: true),
                DomainBlockSpec(
                    domain: "b.example", severity: .noop, rejectReports: true, privateComment: "",
                    publicComment: "public"),
            ])
    }

    @Test func readsTheMastodonAPIShapeAsJSON() throws {
        let file = try parse(
            """
            [{"id": "1", "domain": "a.example", "severity": "silence", "reject_media": true, "reject_reports": false,
              "private_comment": null, "public_comment": "meh", "obfuscate": false},
             {"domain": "b.example", "comment": "public view"}, "c.example"]
            """)
        #expect(file.format == .json)
        #expect(
            file.entries.map(\.spec) == [
                DomainBlockSpec(domain: "a.example", severity: .silence, rejectMedia: true, publicComment: "meh"),
                DomainBlockSpec(domain: "b.example", severity: .suspend, publicComment: "public view"),
                DomainBlockSpec(domain: "c.example", severity: .suspend),
            ])
    }

    @Test func skipsObfuscatedAndRepeatedDomains() throws {
        let file = try parse("#domain,#severity\nsp*m.example,suspend\na.example,suspend\nA.example,silence\n")
        #expect(file.entries.map(\.spec.domain) == ["a.example"])
        #expect(file.skipped.map(\.line) == [2, 4])
        #expect(file.skipped[1].reason == "repeats line 3")
    }

    @Test func namesEveryBadLine() throws {
        #expect(
            throws: FediError(
                .dataError, "test.csv: 3 rows cannot be read as a mastodon-csv blocklist",
                hint:
                    "line 2: severity 'block' is not silence, suspend or noop; line 3: reject_media 'maybe' is not true or false; line 4: 'https://x.example/' is not a domain: it holds ':', which no domain name has"
            )
        ) {
            try parse(
                "#domain,#severity,#reject_media\nspam.example,block,false\nb.example,suspend,maybe\nhttps://x.example/,suspend,false\nok.example,suspend,false\n"
            )
        }
        #expect(throws: FediError.self) { try parse("[1, 2", format: .json) }
    }

    @Test func exportsMastodonCSVWithEveryColumnOrderedByDomain() throws {
        let blocks = [
            DomainBlock(
                id: "1", domain: "spam.example", severity: .suspend, privateComment: "secret",
                publicComment: "Spam, lots", obfuscate: true),
            DomainBlock(id: "2", domain: "noisy.example", severity: .silence, rejectMedia: true),
        ]
        let text = String(decoding: try BlocklistExport.render(blocks, as: .mastodonCSV), as: UTF8.self)
        #expect(
            text == """
                #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
                noisy.example,silence,true,false,,false
                spam.example,suspend,false,false,"Spam, lots",true

                """)
        // Every format reads back to the same blocks (private comments only where the format has them).
        let byDomain = [blocks[1], blocks[0]]
        for format in [BlocklistFormat.mastodonCSV, .csv, .json] {
            let back = try BlocklistFile.parse(try BlocklistExport.render(blocks, as: format), source: "x")
            #expect(back.format == format)
            #expect(back.entries.map(\.spec.domain) == ["noisy.example", "spam.example"])
            #expect(
                back.entries.map { $0.spec.differences(from: byDomain[$0.line - (format == .json ? 1 : 2)]) } == [
                    [], [],
                ])
            #expect(back.entries[1].spec.privateComment == (format == .mastodonCSV ? nil : "secret"))
        }
    }

    /// A file of control bytes once planned 942 junk domains: now every bad row is named and nothing is planned.
    @Test func aFileOfControlBytesPlansNothing() throws {
        var bytes: [UInt8] = []
        for index in 0..<942 { bytes += [UInt8(index % 31 + 1), 0x1B, 0x5B, UInt8(index % 7 + 0x41), 0x0A] }
        let error = #expect(throws: FediError.self) { try BlocklistFile.parse(Data(bytes), source: "junk.txt") }
        #expect(error?.status == .dataError)
        #expect(
            error?.message.hasPrefix("junk.txt: ") == true
                && error?.message.hasSuffix(" rows cannot be read as a list blocklist") == true,
            "\(String(describing: error))")
        #expect(
            error?.hint?.hasPrefix(
                "line 1: '\u{01}\u{1B}[A' is not a domain: it holds U+0001, which no domain name has;") == true,
            "\(String(describing: error?.hint))")
    }

    @Test(arguments: [
        ("spam..example", "it has an empty label (two dots in a row, or a leading dot)"),
        ("a;b.example", "it holds ';', which no domain name has"),
        ("evil\u{202E}.example", "it holds U+202E, which no domain name has"),
    ])
    func refusesABadNameByLine(name: String, problem: String) throws {
        #expect(
            throws: FediError(
                .dataError, "test.csv: 1 row cannot be read as a list blocklist",
                hint: "line 2: '\(name)' is not a domain: \(problem)")
        ) {
            try parse("ok.example\n\(name)\nfine.example\n")
        }
    }

    @Test func anUnbalancedQuoteIsAnErrorNamingItsLine() throws {
        #expect(
            throws: FediError(
                .dataError, "test.csv: line 3: a quote opened here is never closed; nothing was planned from it",
                hint:
                    "fix the file (a field with a comma, quote or line break is written in double quotes, \"\" for a quote)"
            )
        ) {
            try parse(
                "#domain,#severity,#public_comment\na.example,suspend,fine\nb.example,suspend,\"oops\nc.example,suspend,x\nd.example,silence,y\n"
            )
        }
        // Doubled quotes inside a quoted field are one quote; a quoted field may span lines.
        #expect(
            try CSVText.records("a,\"b \"\"c\"\"\r\nd\",e\r\nf\n").map(\.fields) == [
                ["a", "b \"c\"\r\nd", "e"], ["f"],
            ])
        #expect(try CSVText.records("a\n\"b\nc\"\nd\n").map(\.line) == [1, 2, 4])
        // A quote inside a name is no quoting: the name is refused.
        #expect(
            throws: FediError(
                .dataError, "test.csv: 1 row cannot be read as a list blocklist",
                hint: "line 1: 'quote\".example' is not a domain: it holds '\"', which no domain name has")
        ) {
            try parse("quote\".example\n")
        }
    }

    @Test func boundsTheSizeOfARowAndOfAFile() throws {
        let field = String(repeating: "a", count: CSVText.maxFieldBytes + 1)
        #expect(
            throws: FediError(
                .dataError, "test.csv: line 2: a field longer than 64 KiB; nothing was planned from it",
                hint:
                    "fix the file (a field with a comma, quote or line break is written in double quotes, \"\" for a quote)"
            )
        ) {
            try parse("ok.example\n\(field).example\n")
        }
        let huge = Data(count: BlocklistFile.maxFileBytes + 1)
        #expect(
            throws: FediError(
                .dataError, "big.csv is larger than 32 MiB, too large for a blocklist",
                hint: "split it, or check that it is the blocklist you meant")
        ) {
            try BlocklistFile.parse(huge, source: "big.csv")
        }
    }

    @Test func idnAndPunycodeFormsAreOneDomain() throws {
        let file = try parse("bücher.example\nXN--BCHER-KVA.example.\n*.Spam.example\n")
        #expect(file.entries.map(\.spec.domain) == ["xn--bcher-kva.example", "*.spam.example"])
        #expect(
            file.skipped.map { [String($0.line), $0.domain, $0.reason] } == [
                ["2", "xn--bcher-kva.example", "repeats line 1"]
            ])
    }

    /// Export writes no raw control or bidi control in any format, guards formulas in CSV, and the
    /// reader takes the guarded cells back as they were.
    @Test func exportIsInertInEveryFormatAndReadsBack() throws {
        let comment = "=cmd|' /C calc'!A0 \u{1B}]52;c;cHduZWQ=\u{07}\u{202E}x\rline"
        let blocks = [
            DomainBlock(
                id: "1", domain: "evil\u{1B}[2J\u{202E}.example", severity: .suspend, privateComment: "-private",
                publicComment: comment)
        ]
        for format in BlocklistFormat.allCases {
            let text = String(decoding: try BlocklistExport.render(blocks, as: format), as: UTF8.self)
            let raw = text.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || InertText.isBidiControl($0)
            }
            #expect(raw.isEmpty, "\(format): \(text.debugDescription)")
        }
        let csv = String(decoding: try BlocklistExport.render(blocks, as: .csv), as: UTF8.self)
        #expect(
            csv == "domain,severity,reject_media,reject_reports,public_comment,private_comment,obfuscate\n"
                + "evil\u{FFFD}[2J\u{FFFD}.example,suspend,false,false,\"'=cmd|' /C calc'!A0 \u{FFFD}]52;c;cHduZWQ=\u{FFFD}\u{FFFD}x\nline\",'-private,false\n"
        )
        let json = String(decoding: try BlocklistExport.render(blocks, as: .json), as: UTF8.self)
        #expect(json.contains("\"domain\" : \"evil\\u001b[2J\\u202e.example\""), "\(json)")
        let clean = [
            DomainBlock(
                id: "1", domain: "spam.example", severity: .silence, privateComment: "-- internal",
                publicComment: "@everyone =)")
        ]
        for format in [BlocklistFormat.mastodonCSV, .csv] {
            let back = try BlocklistFile.parse(try BlocklistExport.render(clean, as: format), source: "x")
            #expect(back.entries.first?.spec.publicComment == "@everyone =)")
            if format == .csv { #expect(back.entries.first?.spec.privateComment == "-- internal") }
        }
    }
}
