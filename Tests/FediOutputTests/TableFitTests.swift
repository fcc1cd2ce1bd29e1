import FediCore
import Foundation
import Testing

@testable import FediOutput

/// A queue row as a real Mastodon fills it: 18-digit ids, long handles, a comment.
struct TriageRow: Tabular {
    var server: String
    var id: String
    var target: String
    var from: String
    var comment: String
    var category: String
    var posts: Int
    static let columns: [Column<TriageRow>] = [
        Column("server", kind: .origin) { .text($0.server) },
        Column("id") { .text($0.id) },
        Column("target", kind: .identifier) { .text($0.target) },
        Column("from", kind: .identifier, priority: .normal) { .text($0.from) },
        Column("category", priority: .low) { .text($0.category) },
        Column("comment") { .text($0.comment) },
        Column("posts", priority: .low) { .number($0.posts) },
    ]
}

struct TableFitTests {
    let rows = [
        TriageRow(
            server: "mastodon.example", id: "113456789012345678",
            target: "@spam_account_with_a_long_name@elsewhere.example",
            from: "@alice_reporter_from_far_away@remote.example",
            comment: "posts the same link to everyone who mentions watches, over and over",
            category: "spam", posts: 3),
        TriageRow(
            server: "mastodon.example", id: "113456789012345679", target: "@troll@mastodon.example",
            from: "@bob@mastodon.example", comment: "insults", category: "violation", posts: 1),
    ]

    /// The table's stdout and its stderr notes.
    func render(width: Int?, fields: [String]? = nil, localHost: String? = nil) throws -> (out: String, notes: String) {
        let out = Sink()
        let notes = Sink()
        var settings = OutputSettings(
            format: .table, fields: fields, isTTY: true, width: width, color: false,
            now: Date(timeIntervalSince1970: 0), keepEmptyColumns: fields != nil)
        settings.localHost = localHost
        try Renderer(settings: settings, write: { out.write($0) }, note: { notes.write($0) }).list(rows)
        return (out.text, notes.text)
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func roomToSpareGoesToTheFreeTextWhenLowColumnsAreLeftOut() throws {
        // The comment is cut first, then an extra (posts) goes, and the comment takes the room left.
        let (out, notes) = try render(width: 140)
        let shown = lines(out)
        #expect(shown[0].hasPrefix("ID                  TARGET"), "\(out)")
        #expect(out.contains("CATEGORY") && !out.contains("POSTS"), "\(out)")
        #expect(shown.allSatisfy { $0.count <= 140 }, "\(out)")
        #expect(shown[1].count == 140, "\(out)")
        #expect(shown[1].hasSuffix("  spam       posts the sa…"), "\(out)")
        #expect(notes.isEmpty, "extras go without a note: \(notes)")
        // Narrower, the other extra goes too, still without a note.
        let (narrower, quiet) = try render(width: 130)
        #expect(!narrower.contains("CATEGORY") && lines(narrower)[1].count == 130, "\(narrower)")
        #expect(quiet.isEmpty)
    }

    @Test func everythingFitsWhenThereIsRoom() throws {
        let (out, notes) = try render(width: 210)
        #expect(
            lines(out)[0].hasSuffix(
                "CATEGORY   COMMENT                                                              POSTS"))
        #expect(out.contains("over and over  3\n"), "\(out)")
        #expect(notes.isEmpty)
    }

    @Test func anIdentifierThatCannotFitWholeIsLeftOutWithOneNote() throws {
        let (out, notes) = try render(width: 80)
        let shown = lines(out)
        #expect(shown.allSatisfy { $0.count <= 80 }, "\(out)")
        // Ids and targets whole, never cut; the reporter's column is left out, then the comment fits again.
        #expect(
            out.contains("113456789012345678  @spam_account_with_a_long_name@elsewhere.example  posts the…\n"), "\(out)"
        )
        #expect(out.contains("113456789012345679  @troll  "), "\(out)")
        #expect(!out.contains("FROM") && !out.contains("@alice"), "\(out)")
        #expect(notes == "Left out to fit 80 columns: from; --wide shows every column.\n", "\(notes)")
        // A note longer than the terminal is wrapped to it.
        let (_, narrow) = try render(width: 50)
        #expect(narrow == "Left out to fit 50 columns: target, from; --wide\nshows every column.\n", "\(narrow)")
    }

    @Test func idsAndHandlesAreNeverCutAtAnyWidth() throws {
        for width in 40...160 {
            let (out, notes) = try render(width: width)
            let shown = rows.flatMap { [$0.id, $0.target, $0.from] }.map { $0.replacing("@mastodon.example", with: "") }
            for value in shown where out.contains(String(value.prefix(5))) {
                #expect(out.contains(value), "\(value) cut at \(width):\n\(out)")
            }
            // One note at most, itself no wider than the terminal.
            #expect(notes.components(separatedBy: "Left out").count <= 2, "\(notes)")
            #expect(notes.split(separator: "\n").allSatisfy { $0.count <= width }, "\(notes)")
            #expect(out.split(separator: "\n").allSatisfy { $0.count <= max(width, 18) }, "\(out)")
            // The row's id always shows: it is what the next command takes.
            #expect(out.contains(rows[0].id))
        }
    }

    @Test func wideAndFieldsCutAndDropNothing() throws {
        let wide = try render(width: nil)
        #expect(wide.out.contains("over and over  3\n") && wide.out.contains("FROM"), "\(wide.out)")
        #expect(wide.notes.isEmpty)
        let chosen = try render(width: 80, fields: ["id", "from", "target", "posts"])
        #expect(lines(chosen.out)[0].hasPrefix("ID                  FROM  "), "\(chosen.out)")
        #expect(
            lines(chosen.out)[0].hasSuffix("  TARGET                                            POSTS"), "\(chosen.out)"
        )
        #expect(chosen.notes.isEmpty)
    }

    @Test func oneServersRowsShowNoServerAndItsAccountsWithoutItsName() throws {
        let (out, _) = try render(width: 200)
        #expect(!out.contains("SERVER") && !out.contains("mastodon.example  "), "\(out)")
        #expect(out.contains("@troll  ") && out.contains("@bob  "), "\(out)")
        #expect(out.contains("@spam_account_with_a_long_name@elsewhere.example"), "\(out)")
        // Asked for, the server stays.
        let asked = try render(width: 200, fields: ["server", "id"])
        #expect(asked.out.contains("mastodon.example  113456789012345678"), "\(asked.out)")
    }

    @Test func aTableWithoutAServerColumnTakesTheAccountsServer() throws {
        let out = Sink()
        var settings = OutputSettings(format: .table, isTTY: true, width: 80)
        settings.localHost = "localhost:3000"
        try Renderer(settings: settings, write: { out.write($0) }).list([
            Plain(id: "1", reporter: "@ada@localhost:3000"), Plain(id: "2", reporter: "@bo@localhost:30001"),
        ])
        #expect(out.text == "ID  REPORTER\n1   @ada\n2   @bo@localhost:30001\n", "\(out.text)")
        // Piped, every handle stays whole.
        let piped = Sink()
        settings.isTTY = false
        try Renderer(settings: settings, write: { piped.write($0) }).list([
            Plain(id: "1", reporter: "@ada@localhost:3000")
        ])
        #expect(piped.text == "1\t@ada@localhost:3000\n")
    }

    @Test func theLayoutGivesWayInItsOrder() {
        let columns = [
            TableColumn(header: "id", key: "id", kind: .identifier, priority: .high),
            TableColumn(header: "state", key: "state", kind: .other, priority: .normal),
            TableColumn(header: "who", key: "who", kind: .identifier, priority: .normal),
            TableColumn(header: "extra", key: "extra", kind: .other, priority: .low),
            TableColumn(header: "comment", key: "comment", kind: .freeText, priority: .normal),
        ]
        let cells = [
            ["1234567890", "resolved-long", "@someone@example", "xxxxxxxxxx", String(repeating: "c", count: 30)]
        ]
        func layout(_ width: Int?) -> AlignedTable.Layout {
            AlignedTable.layout(columns: columns, cells: cells, width: width, chosen: false)
        }
        // Room for all.
        #expect(layout(200) == .init(kept: [0, 1, 2, 3, 4], widths: [10, 13, 16, 10, 30], left: []))
        // Free text first, down to 8 characters.
        #expect(layout(67) == .init(kept: [0, 1, 2, 3, 4], widths: [10, 13, 16, 10, 10], left: []))
        // Then the low column goes, and the comment takes its room.
        #expect(layout(60) == .init(kept: [0, 1, 2, 4], widths: [10, 13, 16, 15], left: []))
        // Then other text is cut.
        #expect(layout(50) == .init(kept: [0, 1, 2, 4], widths: [10, 10, 16, 8], left: []))
        // Then whole columns go, the rightmost normal one first, and one that fits again comes back.
        #expect(layout(40) == .init(kept: [0, 1, 2], widths: [10, 10, 16], left: [4]))
        #expect(layout(30) == .init(kept: [0, 1, 4], widths: [10, 8, 8], left: [2]))
        #expect(layout(12) == .init(kept: [0], widths: [10], left: [1, 2, 4]))
        // Without a width, nothing gives way.
        #expect(layout(nil).widths == [10, 13, 16, 10, 30])
    }

    @Test func theFleetsServersGoByTheShortestNameThatTellsThemApart() {
        #expect(
            TerminalNames.shortest(["admin@mastodon.example", "admin@gts.example"], among: []).names
                == ["admin@mastodon.example": "mastodon", "admin@gts.example": "gts"])
        #expect(
            TerminalNames.shortest(["mastodon.example"], among: ["mastodon.social"]).names
                == ["mastodon.example": "mastodon.example"])
        #expect(
            TerminalNames.shortest(["127.0.0.1:3001", "127.0.0.1:3002"], among: []).names
                == ["127.0.0.1:3001": "127.0.0.1:3001", "127.0.0.1:3002": "127.0.0.1:3002"])
        let sameServer = TerminalNames.shortest(["admin@a.example", "mod@a.example"], among: [])
        #expect(sameServer.names == ["admin@a.example": "admin@a.example", "mod@a.example": "mod@a.example"])
        #expect(!sameServer.servers)
        #expect(TerminalNames.local("@ada@a.example", on: "a.example") == "@ada")
        #expect(TerminalNames.local("@ada@xa.example", on: "a.example") == "@ada@xa.example")
        #expect(TerminalNames.local("@a.example", on: "a.example") == "@a.example")
    }

    @Test func aFleetTableNamesEachAccountByItsServerAndFits() throws {
        let out = Sink()
        let notes = Sink()
        let renderer = Renderer(
            settings: OutputSettings(format: .table, isTTY: true, width: 80), write: { out.write($0) },
            note: { notes.write($0) })
        let fleet = FleetOutput(renderer: renderer, accounts: ["admin@mastodon.example", "admin@gts.example"])
        for (account, row) in [("admin@mastodon.example", rows[1]), ("admin@gts.example", rows[0])] {
            var member = renderer
            member.fleet = FleetMemberOutput(account: account, sink: fleet)
            try member.list([row].map { Plain(id: $0.id, reporter: $0.from) })
            fleet.finish(account)
        }
        fleet.finishAll()
        #expect(
            out.text == """
                SERVER    ID                  REPORTER
                mastodon  113456789012345679  @bob
                gts       113456789012345678  @alice_reporter_from_far_away@remote.example

                """, "\(out.text)")
        #expect(notes.text.isEmpty)
    }
}

private struct Plain: Tabular {
    var id: String
    var reporter: String
    static let columns: [Column<Plain>] = [
        Column("id") { .text($0.id) }, Column("reporter", kind: .identifier) { .text($0.reporter) },
    ]
}
