// The journal's own work for one write, in-process: checkWritable before the request, then the
// entry encoded and appended under the lock (what `fedictl` adds to a write besides reading the
// config). Built by bench/journal against the release FediCore objects.
import FediCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
let directory = URL(fileURLWithPath: arguments[1])
let count = Int(arguments[2]) ?? 2000
let journal = FileJournal(directory: directory)
// "sync": the file work alone; "async": as commands call it, each step on a thread of its own.
let mode = arguments.count > 3 ? arguments[3] : "sync"
var samples: [Double] = []
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
for index in 0..<count {
    let started = now()
    if mode == "async" { try await journal.checkWritable() } else { try journal.checkWritableNow() }
    let entry = JournalEntry(time: Date(), account: "admin@127.0.0.1:3000", server: "127.0.0.1:3000", software: "mastodon",
                             softwareVersion: "4.6.0", command: "fedictl mutes add 109876543210 --account admin@127.0.0.1:3000",
                             verb: "mutes add", target: "109876543210", request: "POST /api/v1/accounts/109876543210/mute",
                             outcome: .ok, httpStatus: 200, undo: "fedictl --account admin@127.0.0.1:3000 mutes remove 109876543210")
    if mode == "async" { try await journal.append(entry) } else { try journal.appendNow(try entry.line()) }
    samples.append(now() - started)
    _ = index
}
samples.sort()
func ms(_ value: Double) -> String { String((value * 100_000).rounded() / 100) }
print("{\"mode\": \"\(mode)\", \"appends\": \(count), \"median_ms\": \(ms(samples[count / 2])), \"p90_ms\": \(ms(samples[count * 9 / 10])), \"p99_ms\": \(ms(samples[count * 99 / 100]))}")
