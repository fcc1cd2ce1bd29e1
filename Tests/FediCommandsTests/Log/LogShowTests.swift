import FediCore
import FediTestSupport
import Foundation
import Testing

/// `log show` in the fast tier, over a journal with known entries.
@Suite struct LogShowTests {
    static func run(_ arguments: [String]) async throws -> CommandResult {
        let (journal, state) = try SeededJournal.make("log-show", SeededJournal.four)
        defer { try? FileManager.default.removeItem(at: state) }
        return await SeededJournal.run(journal, ["log", "show"] + arguments)
    }

    @Test func anEntryIsShownWholeWithItsUndo() async throws {
        let result = try await Self.run(["aaaa00000001"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains("undo\tfedictl --account a@one.example domain-blocks remove spam.example\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("command\tfedictl domain-blocks add spam.example\n"), "\(result.stdout)")
        #expect(result.stdout.contains("outcome\tok\n"), "\(result.stdout)")
    }

    @Test func aUniquePrefixFindsTheEntryAndJSONIsTheEntry() async throws {
        let shown = try #require(try await Self.run(["cccc", "-o", "json"]).json() as? [String: Any])
        #expect(shown["id"] as? String == "cccc00000004" && shown["target"] as? String == "Spoilers", "\(shown)")
        #expect(shown["time"] as? String == "2026-11-23T11:30:00Z", "\(shown)")
    }

    @Test func aPrefixOfSeveralIdsIsAUsageErrorNamingThem() async throws {
        let result = try await Self.run(["aaaa"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr == """
                fedictl: 'aaaa' starts 2 journal entries' ids
                hint: give more of the id: aaaa00000001, aaaa00000002

                """, "\(result)")
    }

    @Test func anUnknownIdIsExit66() async throws {
        let result = try await Self.run(["ffff"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == "fedictl: no journal entry ffff\nhint: `fedictl log` lists the entries and their ids\n",
            "\(result)")
    }
}
