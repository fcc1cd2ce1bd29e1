import FediTestSupport
import Foundation
import Testing

/// scripts/tidy-manual, run as `make generate` runs it (integration tier: it starts the script).
struct TidyManualTests {
    @Test func theManPageListsAFlagAndItsNegationOnce() async throws {
        let directory = try TemporaryDirectory.make("tidy")
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = directory.appendingPathComponent("dump.json")
        try Data("{}".utf8).write(to: dump)
        let raw = """
            .Dd November 21, 2026
            .Dt FEDICTL 1
            .Os
            .Sh NAME
            .Nm fedictl
            .Nd A tool.
            .Sh DESCRIPTION
            .Bl -tag -width 6n
            .It Fl -verbose
            Talk.
            .It Em mutes add
            .Bl -tag -width 6n
            .It Fl -notifications
            Mute their notifications too (--no-notifications: only their posts).
            .It Fl -no-notifications
            Mute their notifications too (--no-notifications: only their posts).
            .El
            .El

            """
        let tidy = RepoPaths.root.appendingPathComponent("scripts/tidy-manual").path
        let result = try await ProcessRunner.run(tidy, ["--dump", dump.path], input: raw)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(".It Fl -notifications , Fl -no-notifications\nMute their notifications too"),
            "\(result.stdout)")
        #expect(!result.stdout.contains(".It Fl -no-notifications\n"))
    }
}
