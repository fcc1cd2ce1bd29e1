import FediCore
import FediTestSupport
import Testing

@testable import FediCommands

/// What a person sees on stderr while bulk work waits out a rate limit.
struct BulkProgressTests {
    @Test func aTerminalSeesTheWaitInPlaceWithHowFarTheWorkGot() {
        let terminal = CapturingTerminal(tty: true)
        let progress = BulkProgress(terminal: terminal)
        progress.start(total: 1000)
        progress.update(180)
        progress.waiting(PacerWait(host: "example.social", seconds: 251.2, reason: .rateLimit))
        progress.update(190)
        progress.finish()
        #expect(
            terminal.stderr
                == "\r  180/1000 written\r\u{1B}[K  waiting 4m12s for example.social's rate limit; 180 of 1,000 done"
                + "\r\u{1B}[K  190/1000 written\n")
    }

    @Test func elsewhereEachWaitIsOneLineAndShortOnesAreNotMentioned() {
        let terminal = CapturingTerminal(tty: false)
        let progress = BulkProgress(terminal: terminal)
        progress.waiting(PacerWait(host: "gts.example", seconds: 30, reason: .busy))  // while planning
        progress.start(total: 12)
        progress.update(3)
        progress.waiting(PacerWait(host: "gts.example", seconds: 0.4, reason: .rateLimit))
        progress.waiting(PacerWait(host: "gts.example", seconds: 59.5, reason: .rateLimit))
        progress.finish()
        #expect(
            terminal.stderr == "Waiting 30s: gts.example is busy with another admin action.\n"
                + "Waiting 1m for gts.example's rate limit; 3 of 12 done.\n")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567")])
    func countsAreGroupedInThousands(number: Int, text: String) {
        #expect(BulkProgress.grouped(number) == text)
    }
}
