import Foundation
import FediCore
import Testing

/// Reading and writing blocklist files: Mastodon's CSV (with and without its header), fediblockhole's
/// CSV and JSON, plain lists; bad rows named by line.
struct BlocklistFileTests {
    func parse(_ text: String, format: BlocklistFormat? = nil, severity: DomainBlockSeverity = .suspend) throws -> BlocklistFile {
        try BlocklistFile.parse(Data(text.utf8), source: "test.csv", format: format, defaultSeverity: severity)
    }

    @Test func readsMastodonsExport() throws {
        let file = try parse("""
        #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\r
        spam.example,suspend,false,false,Spam factory,true\r
        Noisy.Example.,silence,true,false,"Loud, rude",false\r

        """)
        #expect(file.format == .mastodonCSV)
        #expect(file.entries.map(\.spec) == [
            DomainBlockSpec(domain: "spam.example", severity: .suspend, publicComment: "Spam factory", obfuscate: true),
            DomainBlockSpec(domain: "noisy.example", severity: .silence, rejectMedia: true, publicComment: "Loud, rude"),
        ])
        #expect(file.entries.map(\.line) == [2, 3])
        #expect(file.entries[0].spec.privateComment == nil)  // never in Mastodon's file: the server's is kept
    }

    @Test func readsHeaderlessFilesByPosition() throws {
        let file = try parse("a.example,silence,true\nb.example\nc.example,,false,true\n", severity: .noop)
        #expect(file.format == .list)
        #expect(file.entries.map(\.spec) == [
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
        let file = try parse("""
        domain,severity,reject_media,reject_reports,private_comment,public_comment,obfuscate
        a.example,suspend,True,f,internal note,,yes
        b.example,,0,Y,,public,n
        """)
        #expect(file.format == .csv)
        #expect(file.entries.map(\.spec) == [
            DomainBlockSpec(domain: "a.example", severity: .suspend, rejectMedia: true, privateComment: "internal note", publicComment: "",
                            obfuscate: true),
            DomainBlockSpec(domain: "b.example", severity: .noop, rejectReports: true, privateComment: "", publicComment: "public"),
        ])
    }

    @Test func readsTheMastodonAPIShapeAsJSON() throws {
        let file = try parse("""
        [{"id": "1", "domain": "a.example", "severity": "silence", "reject_media": true, "reject_reports": false,
          "private_comment": null, "public_comment": "meh", "obfuscate": false},
         {"domain": "b.example", "comment": "public view"}, "c.example"]
        """)
        #expect(file.format == .json)
        #expect(file.entries.map(\.spec) == [
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
        #expect(throws: FediError(.dataError, "test.csv: 3 rows cannot be read as a mastodon-csv blocklist",
                                  hint: "line 2: severity 'block' is not silence, suspend or noop; line 3: reject_media 'maybe' is not true or false; line 4: 'https://x.example/' is not a domain")) {
            try parse("#domain,#severity,#reject_media\nspam.example,block,false\nb.example,suspend,maybe\nhttps://x.example/,suspend,false\nok.example,suspend,false\n")
        }
        #expect(throws: FediError.self) { try parse("[1, 2", format: .json) }
    }

    @Test func exportsMastodonCSVWithEveryColumnOrderedByDomain() throws {
        let blocks = [
            DomainBlock(id: "1", domain: "spam.example", severity: .suspend, privateComment: "secret", publicComment: "Spam, lots", obfuscate: true),
            DomainBlock(id: "2", domain: "noisy.example", severity: .silence, rejectMedia: true),
        ]
        let text = String(decoding: try BlocklistExport.render(blocks, as: .mastodonCSV), as: UTF8.self)
        #expect(text == """
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
            #expect(back.entries.map { $0.spec.differences(from: byDomain[$0.line - (format == .json ? 1 : 2)]) } == [[], []])
            #expect(back.entries[1].spec.privateComment == (format == .mastodonCSV ? nil : "secret"))
        }
    }
}
