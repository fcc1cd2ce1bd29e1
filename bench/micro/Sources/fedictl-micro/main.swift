import CSV
import FediCore
import Foundation
import SwiftCSV

// Each comparison runs both sides alternately, ROUNDS times, on the same input, checks that they
// read the same thing, and prints the median time of each side per round.

let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 7

// `fedictl-micro first flexible|platform`: the first date a fresh process parses, in microseconds
// (what a short command pays once: set-up of tables or locales included).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "first" {
    let text = "2026-11-29T09:02:36.300Z"
    let start = ContinuousClock.now
    let date =
        CommandLine.arguments[2] == "flexible"
        ? FlexibleDate.parse(text) : try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    let elapsed = ContinuousClock.now - start
    guard date != nil else { fatalError("no date") }
    print(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    exit(0)
}

func seconds(_ work: () -> Void) -> Double {
    let start = ContinuousClock.now
    work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func compare(_ title: String, _ ours: (String, () -> Void), _ theirs: [(String, () -> Void)]) {
    var times = [[Double]](repeating: [], count: 1 + theirs.count)
    for _ in 0..<rounds {
        times[0].append(seconds(ours.1))
        for (index, other) in theirs.enumerated() { times[index + 1].append(seconds(other.1)) }
    }
    let base = median(times[0])
    print("| \(title) | \(ours.0) | \(String(format: "%.1f ms", base * 1000)) | 1.00x |")
    for (index, other) in theirs.enumerated() {
        let value = median(times[index + 1])
        print(
            "| \(title) | \(other.0) | \(String(format: "%.1f ms", value * 1000)) | \(String(format: "%.2fx", value / base)) |"
        )
    }
}

// Dates: 200,000 as servers send them (Mastodon's milliseconds, mastodon_mock's microseconds and
// offset, GoToSocial's whole seconds).
var dates: [String] = []
for index in 0..<200_000 {
    let second = index % 60
    switch index % 3 {
    case 0: dates.append("2026-11-\(10 + index % 18)T09:02:\(String(format: "%02d", second)).300Z")
    case 1: dates.append("2026-11-\(10 + index % 18)T09:02:\(String(format: "%02d", second)).300302+00:00")
    default: dates.append("2026-11-\(10 + index % 18)T09:02:\(String(format: "%02d", second))Z")
    }
}
let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
let withoutFraction = Date.ISO8601FormatStyle()
func platformDate(_ text: String) -> Date? {
    (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
}
// The same instants both ways (to the millisecond: the platform keeps microseconds).
for text in dates.prefix(1000) {
    guard let ours = FlexibleDate.parse(text), let theirs = platformDate(text),
        abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 0.001
    else { fatalError("the parsers disagree on \(text)") }
}

// A shared blocklist of 50,000 rows, with quoted commas, doubled quotes and a line break in a comment.
var csvText = "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\n"
for index in 0..<50_000 {
    let comment =
        index % 7 == 0 ? "\"spam, harassment\"" : index % 11 == 0 ? "\"said \"\"hi\"\"\nthen left\"" : "spam"
    csvText += "bad\(index).example,suspend,true,true,\(comment),false\n"
}
let expectedRows = 50_001

print("| what | parser | median per round | against fedictl's |")
print("|---|---|---|---|")
compare(
    "200,000 RFC 3339 dates",
    ("FlexibleDate.parse", { for text in dates { _ = FlexibleDate.parse(text) } }),
    [("Date.ISO8601FormatStyle (fraction, then without)", { for text in dates { _ = platformDate(text) } })])

compare(
    "a 50,000-row blocklist CSV",
    (
        "CSVText.records",
        {
            guard (try? CSVText.records(csvText))?.count == expectedRows else { fatalError("CSVText misread") }
        }
    ),
    [
        (
            "SwiftCSV 0.10 (Enumerated)",
            {
                guard let csv = try? CSV<Enumerated>(string: csvText, delimiter: .comma, loadColumns: false),
                    csv.rows.count + 1 == expectedRows
                else { fatalError("SwiftCSV misread") }
            }
        ),
        (
            "CSV.swift 2.5 (CSVReader)",
            {
                guard let reader = try? CSVReader(string: csvText) else { fatalError("CSV.swift refused") }
                var count = 0
                while reader.next() != nil { count += 1 }
                guard count == expectedRows else { fatalError("CSV.swift misread: \(count)") }
            }
        ),
    ])
