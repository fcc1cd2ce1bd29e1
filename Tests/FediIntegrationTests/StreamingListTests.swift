import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts list --all` streams: what fedictl writes reaches a pipe page by page, while the
/// server still holds the last page (Tests/Fixtures/many_accounts_server.py --hold-last).
struct StreamingListTests {
    @Test(arguments: ["json", "ndjson"])
    func firstRowsReachAPipeBeforeTheLastPageIsServed(format: String) async throws {
        let server = try await ManyAccountsServer.start(accounts: 250, holdLast: true)
        defer { server.stop() }
        let home = try TemporaryDirectory.make("streaming-list")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = RepoPaths.fedictlBinary
        process.arguments = ["accounts", "list", "--all", "-o", format, "--account", "admin@\(server.base)"]
        process.environment = BinaryRunner.userEnvironment(["FEDICTL_TOKEN": "t", "XDG_CONFIG_HOME": home.path])
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The first account, read while the last page is held: a list written only at its end
        // would show nothing here until the server let go (after two minutes, so it fails, not hangs).
        let firstAccount = format == "json" ? "\n  }" : "\n"
        let early = try await ProcessRunner.onOwnThread {
            Self.read(out.fileHandleForReading, until: firstAccount, seconds: 120)
        }
        try await server.release()
        // Both pipes read off the cooperative pool: a child another test started at the same moment
        // can hold a copy of a pipe's write end, and a read to its end then waits for that child too.
        let (rest, errData, ending) = try await ProcessRunner.onOwnThread {
            () -> (Data, Data, ProcessRunner.Ending?) in
            let data = out.fileHandleForReading.readDataToEndOfFile()
            let ending = ProcessRunner.ending(of: process, within: ProcessRunner.deadline)
            return (data, err.fileHandleForReading.readDataToEndOfFile(), ending)
        }
        let stderr = String(decoding: errData, as: UTF8.self)
        #expect(ending?.status == 0 && ending?.bySignal == false, "\(String(describing: ending)) \(stderr)")
        let earlyText = String(decoding: early, as: UTF8.self)
        #expect(earlyText.contains("\"username\"") && earlyText.contains("user0"), "before the last page: \(earlyText)")
        let whole = early + rest
        let accounts: [[String: Any]]
        if format == "json" {
            accounts = try #require(try JSONSerialization.jsonObject(with: whole) as? [[String: Any]])
        } else {
            accounts = try whole.split(separator: UInt8(ascii: "\n")).map {
                try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
            }
        }
        #expect(accounts.map { $0["username"] as? String } == (0..<250).map { "user\($0)" })
    }

    /// Bytes from `handle` until `marker` appears, the end of input, or `seconds` without it.
    static func read(_ handle: FileHandle, until marker: String, seconds: Int32) -> Data {
        var data = Data()
        var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !String(decoding: data, as: UTF8.self).contains(marker), poll(&ready, 1, seconds * 1000) > 0 {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        return data
    }
}
