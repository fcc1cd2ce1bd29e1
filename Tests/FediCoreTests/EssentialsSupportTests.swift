import Foundation
import Testing

@testable import FediCore

/// The helpers that stand in for full Foundation (NSString, JSONSerialization, Thread),
/// which the fedictl binary does not link.
struct EssentialsSupportTests {
    @Test func trimming() {
        #expect(" \t a b \r\n".trimmed() == "a b")
        #expect("   ".trimmed() == "")
        #expect("\"quoted\"".trimmed("\"") == "quoted")
        #expect("/ a/b /".trimmed("/ ") == "a/b")
        #expect("Content-Type".equalsIgnoringCase("content-type"))
        #expect(!"Content-Type".equalsIgnoringCase("content-length"))
        #expect("ab".padded(to: 4) == "ab  ")
        #expect("abcdef".padded(to: 4) == "abcdef")
    }

    @Test(arguments: [
        ("plain-Text_1.0~", "-._~", "plain-Text_1.0~"),
        ("a b&c=d/e?f#g", "-._~", "a%20b%26c%3Dd%2Fe%3Ff%23g"),
        ("café", "-._~", "caf%C3%A9"),
        ("@alice", "-._~@", "@alice"),
        ("100%", "-._~", "100%25"),
    ])
    func percentEncoding(text: String, keeping: String, encoded: String) {
        #expect(text.percentEncoded(keeping: keeping) == encoded)
        #expect(encoded.percentDecoded == text)
    }

    @Test func malformedPercentEscapesDecodeToNil() {
        #expect("%G1".percentDecoded == nil)
        #expect("abc%".percentDecoded == nil)
        #expect("%FF%FE".percentDecoded == nil)  // not UTF-8
        #expect("a+b".percentDecoded == "a+b")
        #expect("%+5".percentDecoded == nil)  // UInt8(radix:) alone would take a sign
        #expect("%-0".percentDecoded == nil)
    }

    @Test func shortNumbers() {
        #expect(shortNumber(2) == "2")
        #expect(shortNumber(0.5) == "0.5")
        #expect(shortNumber(120) == "120")
        #expect(HTTPClient.format(2) == "2.0")
        #expect(HTTPClient.format(0.25) == "0.3")
    }

    @Test func systemMessagesNameTheErrno() throws {
        #expect(systemMessage(POSIXError(.EACCES)) == "Permission denied")
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-no-such-\(UUID().uuidString)")
        let error = #expect(throws: (any Error).self) { try Data(contentsOf: missing) }
        #expect(systemMessage(try #require(error)) == "No such file or directory")
    }

    @Test func fileErrorsWithoutAnErrnoStillReadAsWords() {
        #expect(systemMessage(CocoaError(.fileWriteNoPermission)) == "Permission denied")
        #expect(systemMessage(CocoaError(.fileWriteOutOfSpace)) == "No space left on device")
        #expect(systemMessage(CocoaError(.fileReadCorruptFile)) == "file error 259")
    }

    /// A parent can hand fedictl a non-blocking stdout; a full pipe then answers EAGAIN, and the
    /// rest of the output must wait for the reader, not be dropped.
    @Test func writesWaitOutAFullNonBlockingPipe() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let text = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB, 16 times a pipe's buffer
        let (reader, writer) = (ends[0], ends[1])
        startThread {
            StandardStream.write(text, to: writer)
            close(writer)
        }
        let received = await withCheckedContinuation { (done: CheckedContinuation<Data, Never>) in
            startThread {
                usleep(50_000)  // let the writer fill the pipe first
                done.resume(returning: (try? StandardStream.readAll(reader)) ?? Data())
            }
        }
        close(reader)
        #expect(received.count == text.utf8.count)
        let intact = received == Data(text.utf8)  // a Bool: a failed #expect on 1 MiB would diff it for minutes
        #expect(intact)
    }

    @Test func jsonReadsTheShapesJSONSerializationDid() throws {
        let object = try JSONText.object(
            from: Data(#"{"b": "a/b", "a": [1, true, null, 1.5, {"c": false}], "n": 12345678901}"#.utf8))
        let fields = try #require(object as? [String: Any])
        let items = try #require(fields["a"] as? [Any])
        #expect(items[0] as? Int == 1)
        #expect(items[1] as? Bool == true)
        #expect(items[2] is JSONNull)
        #expect(items[3] as? Double == 1.5)
        #expect((items[4] as? [String: Any])?["c"] as? Bool == false)
        #expect(fields["n"] as? Int == 12_345_678_901)
        #expect(try JSONText.object(from: Data(#""fragment""#.utf8)) as? String == "fragment")
        #expect(throws: (any Error).self) { try JSONText.object(from: Data("{not json".utf8)) }
    }

    @Test func jsonWritesSortedKeysAndPlainSlashes() throws {
        let missing: String? = nil
        let object: [String: Any] = [
            "b": "a/b", "a": [1, true, JSONNull(), 1.5] as [Any], "c": missing as Any, "d": Optional("x") as Any,
        ]
        #expect(
            String(decoding: try JSONText.data(from: object), as: UTF8.self)
                == #"{"a":[1,true,null,1.5],"b":"a/b","c":null,"d":"x"}"#)
        #expect(String(decoding: try JSONText.data(from: ["k": 1], pretty: true), as: UTF8.self) == "{\n  \"k\" : 1\n}")
        #expect(throws: (any Error).self) { try JSONText.data(from: ["date": Date()]) }
    }

    @Test func httpDatesAreIMFFixdates() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Foo 1994 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 31 Feb 1994 08:49:37 GMT") == nil)
    }

    @Test(arguments: [
        ("3.13.2-0-g3f9d8ee", "3.13.2"), ("0.17.3+git-5ec8a8d", "0.17.3"), ("4.3.2+glitch", "4.3.2"),
        ("2024.1-beta5", "2024.1-beta5"), ("1.2.3-12-gabc", "1.2.3-12-gabc"),
        ("v2.0-rc1-4-g0123456789 (x)", "v2.0-rc1"),
    ])
    func shortVersionsDropGitDescribe(version: String, short: String) {
        #expect(
            ServerInfo(flavour: .akkoma, softwareName: "akkoma", version: version, detectedAt: .distantPast)
                .shortVersion == short)
    }
}
