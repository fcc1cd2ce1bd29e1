import FediCore
import Testing

struct DurationTextTests {
    @Test(arguments: [
        ("30m", 1_800), ("12h", 43_200), ("1d", 86_400), ("2w", 1_209_600), ("90s", 90), ("3600", 3_600),
        ("1d12h", 129_600), (" 1D ", 86_400), ("1h30m", 5_400),
    ])
    func parsesWhatPeopleType(text: String, seconds: Int) {
        #expect(DurationText(text)?.seconds == seconds)
    }

    @Test(arguments: ["", "0", "-5", "1y", "d", "1.5h", "12 h", "h12", "1d2", "١٢", "999999999999w", "101000d"])
    func rejectsTheRest(text: String) {
        #expect(DurationText(text) == nil)
    }

    @Test func writesTheShortestForm() {
        #expect(DurationText(seconds: 86_400).description == "1d")
        #expect(DurationText(seconds: 129_600).description == "1d12h")
        #expect(DurationText(seconds: 90).description == "1m30s")
    }

    @Test func aBadValueIsAUsageErrorNamingTheFlag() {
        #expect(
            throws: FediError(
                .usage, "--duration 'soon' is not a length of time",
                hint: "use a number with a unit: 30m, 12h, 1d, 2w (or plain seconds, e.g. 3600)")
        ) {
            try DurationText.parse("soon", flag: "--duration")
        }
    }

    @Test(arguments: [("30d", 86400), ("1d12h", 3600), ("90m", 60), ("3600", 1), ("2w", 604_800)])
    func precisionIsTheSmallestUnitWritten(_ text: String, _ precision: Int) throws {
        #expect(try #require(DurationText(text)).precision == precision)
    }
}
