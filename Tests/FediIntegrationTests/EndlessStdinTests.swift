import FediCore
import FediTestSupport
import Foundation
import Testing

/// README: "files over 32 MiB are refused". The built binary fed `yes spam.example` (a stream that
/// never ends) stops at the cap while reading, exits 65 with one error line, and stays small. A data
/// limit of 1 GiB keeps a regression from taking the shared machine's memory: it dies instead.
struct EndlessStdinTests {
    static func endless(_ arguments: String) async throws -> (result: CommandResult, peakKiB: Int) {
        let script = "ulimit -d 1048576; yes spam.example | /usr/bin/time -f 'peak-rss-kib %M' \"$0\" \(arguments)"
        let result = try await ProcessRunner.run(
            "/bin/sh", ["-c", script, RepoPaths.fedictlBinary.path],
            environment: BinaryRunner.userEnvironment([:]))
        let peak =
            result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kib ") }
            .flatMap { Int($0.dropFirst("peak-rss-kib ".count)) } ?? .max
        return (result, peak)
    }

    @Test(arguments: ["domain-blocks merge -", "auth add 127.0.0.1:9 --token-stdin --insecure-storage"])
    func anEndlessStdinStopsAtTheCap(arguments: String) async throws {
        try TestTier.requireIntegration("the fedictl binary")
        let (result, peakKiB) = try await Self.endless(arguments)
        #expect(result.status == 65, "\(result)")
        let message = "fedictl: stdin is larger than 32 MiB: fedictl stopped reading there and used none of it\nhint: "
        #expect(result.stderr.hasPrefix(message), "\(result)")
        #expect(peakKiB < 160 << 10, "peak \(peakKiB) KiB")
    }
}
