import FediCore
import FediTestSupport
import Foundation
import Testing

/// Seeded mutation fuzzing, cheap enough for every `swift test`: the fixture answers of every
/// flavour and sample blocklists, mutated the ways a broken or hostile server mutates them (flipped
/// bits, cut bodies, numbers beyond Int64, control bytes, spliced documents), fed to every model's
/// decoder and to the blocklist reader (`FuzzTargets`). A trap kills the test process: 0 crashes
/// means the run finished. FEDICTL_FUZZ_ITERATIONS runs more; `make fuzz` runs libFuzzer for longer.
struct FuzzTests {
    static let iterations = ProcessInfo.processInfo.environment["FEDICTL_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 400

    /// The seed corpus: every JSON fixture and the sample blocklists in Fuzz/seeds.
    static func corpus() throws -> [Data] {
        var files: [URL] = []
        for directory in [RepoPaths.fixtures, RepoPaths.root.appendingPathComponent("Fuzz/seeds")] {
            let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["json", "csv", "txt"].contains(url.pathExtension) { files.append(url) }
            }
        }
        return try files.sorted { $0.path < $1.path }.map { try Data(contentsOf: $0) }
    }

    /// In a child process (an exit test), so a trap fails this test, with the message the child
    /// printed and the input it was at, instead of ending the whole test run.
    @Test func mutatedAnswersAndBlocklistsNeverTrap() async throws {
        let progress = Self.progressFile(of: getpid())
        let passed =
            await #expect(processExitsWith: .success) {
                try FuzzTests.run(progress: FuzzTests.progressFile(of: getppid()))
            } != nil
        if passed {
            try? FileManager.default.removeItem(at: progress)
            try? FileManager.default.removeItem(at: progress.appendingPathExtension("input"))
        } else {
            let last = (try? String(contentsOf: progress, encoding: .utf8)) ?? "unknown input"
            Issue.record("a decoder trapped on \(last); its input is \(progress.path).input")
        }
    }

    /// Where the child writes which input it is at: named for the test process, which cannot hand
    /// the child a value.
    static func progressFile(of process: Int32) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fedictl-fuzz-\(process).progress")
    }

    static func run(progress: URL) throws {
        let handle = open(progress.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(handle) }
        func at(_ text: String, _ input: Data) {
            _ = lseek(handle, 0, SEEK_SET)
            _ = ftruncate(handle, 0)
            StandardStream.write(text, to: handle)
            try? input.write(to: progress.appendingPathExtension("input"))
        }
        let seeds = try corpus()
        guard seeds.count > 150 else { throw FediError(.noInput, "only \(seeds.count) fixtures and seeds found") }
        var random = SeededRandom(seed: 0x5EED_F00D)
        // Every seed as it is first, then mutants.
        for (index, seed) in seeds.enumerated() {
            at("seed \(index)", seed)
            FuzzTargets.all(seed)
        }
        for iteration in 0..<iterations {
            var data = [UInt8](seeds[Int(random.next() % UInt64(seeds.count))])
            for _ in 0..<(1 + Int(random.next() % 4)) { Mutation.apply(to: &data, seeds: seeds, random: &random) }
            at("iteration \(iteration)", Data(data))
            FuzzTargets.all(Data(data))
        }
    }
}

/// SplitMix64: the same sequence on every machine and run, so a failure can be replayed.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}

enum Mutation {
    /// Numbers no counter holds, and values of the wrong kind.
    static let numbers = [
        "1e19", "-1e19", "18446744073709551616", "-9223372036854775809", "1e308", "-1e400", "0.5", "-0", "1e-400",
        "9223372036854775807", "4294967296", "NaN", "\"12\"", "null", "true", "[]", "{}", "\"\"",
    ]
    static let bytes: [UInt8] = [
        0x00, 0x1B, 0x07, 0x0D, 0x0A, 0x22, 0x2C, 0x5C, 0x7F, 0xFF, 0xC3, 0x5B, 0x7B, 0x2A, 0x2E,
    ]
    static let texts = [
        "\\u001b]52;c;cHduZWQ=\\u0007", "\\u202e", "\u{202E}", "\u{1B}[2J", "\"", "=1+1", "xn--", "xn--zz-9999",
        String(repeating: "a", count: 70_000), "..", "*.", "@", "\u{200B}",
    ]

    static func apply(to data: inout [UInt8], seeds: [Data], random: inout SeededRandom) {
        switch random.below(10) {
        case 0 where !data.isEmpty:
            data[random.below(data.count)] ^= UInt8(1 << random.below(8))
        case 1 where !data.isEmpty:
            data[random.below(data.count)] = bytes[random.below(bytes.count)]
        case 2 where !data.isEmpty:
            let start = random.below(data.count)
            data.removeSubrange(start..<min(data.count, start + 1 + random.below(64)))
        case 3 where !data.isEmpty:
            let start = random.below(data.count)
            let chunk = data[start..<min(data.count, start + 1 + random.below(256))]
            data.insert(contentsOf: chunk, at: random.below(data.count))
        case 4:
            data = Array(data.prefix(random.below(data.count + 1)))
        case 5:
            // A number token replaced: where servers' counters, ids and dates are.
            let starts = data.indices.filter {
                (0x30...0x39).contains(data[$0]) && ($0 == 0 || !(0x30...0x39).contains(data[$0 - 1]))
            }
            guard !starts.isEmpty else { fallthrough }
            let start = starts[random.below(starts.count)]
            var end = start
            while end < data.count, (0x30...0x39).contains(data[end]) || data[end] == 0x2E { end += 1 }
            data.replaceSubrange(start..<end, with: Array(numbers[random.below(numbers.count)].utf8))
        case 8:
            // Every number token at once: a counter is then out of range wherever it is.
            let value = Array(numbers[random.below(numbers.count)].utf8)
            var out: [UInt8] = []
            var index = 0
            while index < data.count {
                guard (0x30...0x39).contains(data[index]), index == 0 || !(0x30...0x39).contains(data[index - 1]) else {
                    out.append(data[index])
                    index += 1
                    continue
                }
                while index < data.count, (0x30...0x39).contains(data[index]) || data[index] == 0x2E { index += 1 }
                out += value
            }
            data = out
        case 6:
            data.insert(contentsOf: Array(texts[random.below(texts.count)].utf8), at: random.below(data.count + 1))
        case 7:
            let other = seeds[random.below(seeds.count)]
            let cut = random.below(other.count + 1)
            data = Array(data.prefix(random.below(data.count + 1))) + Array(other.suffix(other.count - cut))
        default:
            data.insert(contentsOf: Array(numbers[random.below(numbers.count)].utf8), at: random.below(data.count + 1))
        }
    }
}
