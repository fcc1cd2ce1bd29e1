import Foundation
import Testing

@testable import FediCore

/// stdin and local files are read up to a cap, and the cap holds while reading: an endless stream
/// ends in an error after `limit` bytes instead of taking all memory first.
struct BoundedInputTests {
    /// A pipe whose writer stays open after writing more than the cap: a reader that waits for the
    /// end of input before checking the size never returns; the bounded one stops at the cap.
    @Test(.timeLimit(.minutes(1))) func stopsAtTheCapWithoutWaitingForTheEnd() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reader, writer) = (ends[0], ends[1])
        let limit = 64 << 10
        startThread {
            StandardStream.write(String(repeating: "spam.example\n", count: limit / 13 + 100), to: writer)
        }
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<Result<Data, InputTooLarge>, Never>) in
            startThread {
                let read = Result { () throws(InputTooLarge) in try StandardStream.readAll(reader, limit: limit) }
                done.resume(returning: read)
            }
        }
        close(writer)
        close(reader)
        #expect(throws: InputTooLarge(limit: limit)) { try outcome.get() }
    }

    @Test func readsWhatFitsWhole() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        StandardStream.write("a.example\nb.example\n", to: ends[1])
        close(ends[1])
        defer { close(ends[0]) }
        #expect(try StandardStream.readAll(ends[0], limit: 20) == Data("a.example\nb.example\n".utf8))
    }

    /// /dev/zero has no size and no end: read up to the cap, then refused (exit 65) naming it.
    @Test func aDeviceWithoutEndIsReadUpToTheCap() {
        let refusal = FediError(
            .dataError,
            "/dev/zero is larger than 1 MiB: fedictl stopped reading there and used none of it",
            hint: "fedictl reads at most 1 MiB from a file or stdin; is it the input you meant?")
        #expect(throws: refusal) {
            try BoundedInput.readFile("/dev/zero", limit: 1 << 20)
        }
    }

    @Test func aLargeRegularFileIsRefusedUnreadAndAMissingOneIsNotFound() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.csv").path
        try Data(count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        #expect(throws: BoundedInput.tooLarge(path, limit: 1 << 20)) { try BoundedInput.readFile(path, limit: 1 << 20) }
        #expect(try BoundedInput.readFile(path, limit: 2 << 20).count == (1 << 20) + 1)
        let missing = FediError(
            .noInput, "cannot read \(directory.path)/absent.csv: No such file or directory",
            hint: "look")
        #expect(throws: missing) {
            try BoundedInput.readFile(directory.path + "/absent.csv", hint: "look")
        }
        #expect((try? BoundedInput.readFile(directory.path))?.count == nil)
    }

    @Test func aLineIsCutAtItsCap() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        StandardStream.write("first\r\n" + String(repeating: "x", count: 100), to: ends[1])
        close(ends[1])
        defer { close(ends[0]) }
        #expect(StandardStream.readLine(ends[0], limit: 10) == "first")
        #expect(StandardStream.readLine(ends[0], limit: 10) == String(repeating: "x", count: 10))
    }
}
