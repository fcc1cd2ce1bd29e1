import Foundation
import Testing

@testable import FediCore

/// The event-stream parser on well-formed and hostile input, and what a Mastodon notification
/// event becomes in the queue.
struct ServerSentEventsTests {
    static func parse(_ chunks: [String], max: Int = ServerSentEventParser.defaultMaxEventBytes) -> (
        [ServerSentEvent], ServerSentEventParser
    ) {
        var parser = ServerSentEventParser(maxEventBytes: max)
        let events = chunks.flatMap { parser.feed(Data($0.utf8)) }
        return (events, parser)
    }

    @Test func eventsDataLinesIdsAndComments() {
        let (events, _) = Self.parse([
            ":connected\n\n", "event: notification\ndata: {\"a\":\ndata:1}\nid: 7\n\n", ":thump\n\n", "data: plain\n\n",
        ])
        #expect(
            events == [
                ServerSentEvent(name: "notification", data: "{\"a\":\n1}", id: "7"),
                ServerSentEvent(name: "message", data: "plain", id: "7"),
            ])
    }

    @Test func linesSplitAnywhereAcrossChunksAndEveryLineEnding() {
        let text = "event: notification\r\ndata: one\r\n\r\nevent: x\rdata:  two\r\rdata: three\n\n"
        let whole = Self.parse([text]).0
        // Every byte its own chunk: a CRLF split in two is still one line end.
        let bytewise = Self.parse(text.map { String($0) }).0
        #expect(
            whole == [
                ServerSentEvent(name: "notification", data: "one"), ServerSentEvent(name: "x", data: " two"),
                ServerSentEvent(name: "message", data: "three"),
            ])
        #expect(bytewise == whole)
    }

    @Test func anEventWithoutDataOrItsBlankLineIsNone() {
        var (events, parser) = Self.parse(["event: notification\n\n", "event: notification\ndata: {\"half"])
        parser.finish()
        #expect(events.isEmpty)
        // After the end, a new stream starts clean.
        #expect(parser.feed(Data("data: next\n\n".utf8)) == [ServerSentEvent(data: "next")])
    }

    @Test func aByteOrderMarkIsSkippedEvenSplitAndAnIdWithNULIgnored() {
        var split = ServerSentEventParser()
        var all = split.feed(Data([0xEF, 0xBB]))
        all += split.feed(Data([0xBF] + Array("id: a\0b\ndata: x\n\n".utf8)))
        #expect(all == [ServerSentEvent(data: "x")])
        #expect(split.lastEventID == nil)
    }

    @Test func anOversizedEventIsDroppedWholeAndTheNextOneStillArrives() {
        let big = String(repeating: "a", count: 600)
        let (events, parser) = Self.parse(
            ["event: notification\ndata: \(big)\ndata: \(big)\nid: 1\n\n", "data: small\n\n"], max: 1000)
        #expect(events == [ServerSentEvent(data: "small")], "the id of a dropped event is dropped with it")
        #expect(parser.droppedEvents == 1)
    }

    @Test func aLineThatNeverEndsIsNotKept() {
        var parser = ServerSentEventParser(maxEventBytes: 1024)
        let garbage = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)
        for _ in 0..<64 { #expect(parser.feed(garbage).isEmpty) }  // 4 MiB without a newline
        #expect(parser.droppedEvents == 1)
        #expect(parser.feed(Data("\n\ndata: after\n\n".utf8)) == [ServerSentEvent(data: "after")])
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Data(Array("data: ".utf8) + [0xFF, 0xC3] + Array("\u{1b}[2J\n\n".utf8)))
        #expect(events == [ServerSentEvent(data: "\u{FFFD}\u{FFFD}\u{1b}[2J")])
    }

    // MARK: Mastodon notifications

    static let report = """
        {"id": "n1", "type": "admin.report", "created_at": "2026-11-23T10:00:00.000Z",
         "account": {"id": "1", "username": "alice", "acct": "alice"},
         "report": {"id": "41", "action_taken": false, "category": "spam", "comment": "", "created_at": "2026-11-23T10:00:00.000Z",
                    "status_ids": ["5", "6"], "rule_ids": [], "target_account": {"id": "9", "username": "bot", "acct": "bot@spam.example"}}}
        """

    @Test func adminReportAndSignUpNotificationsBecomeQueueItems() throws {
        let report = try #require(
            QueueItem(notification: ServerSentEvent(name: "notification", data: Self.report), server: "mod.example"))
        #expect(report.kind == .report && report.id == "41" && report.server == "mod.example")
        #expect(report.from == "@alice@mod.example" && report.target == "@bot@spam.example")
        #expect(report.reason == "spam" && report.posts == 2 && report.createdAt != nil)

        let signUp =
            #"{"id": "n2", "type": "admin.sign_up", "account": {"id": 77, "username": "newbie", "acct": "newbie", "created_at": "2026-11-23T11:00:00Z"}}"#
        let item = try #require(
            QueueItem(notification: ServerSentEvent(name: "notification", data: signUp), server: "mod.example"))
        #expect(item.kind == .signUp && item.id == "77" && item.from == "@newbie@mod.example")
    }

    @Test func everythingElseOnTheStreamIsNoItem() {
        let others = [
            ServerSentEvent(name: "update", data: Self.report),  // not a notification event
            ServerSentEvent(name: "notification", data: #"{"type": "mention", "account": {"id": "1", "acct": "a"}}"#),
            ServerSentEvent(name: "notification", data: "{not json"),
            ServerSentEvent(name: "notification", data: #"{"type": "admin.report"}"#),  // no report
            ServerSentEvent(
                name: "notification", data: #"{"type": "admin.report", "report": {"id": "", "category": "spam"}}"#),
            ServerSentEvent(
                name: "notification",
                data: Self.report.replacingOccurrences(of: #""action_taken": false"#, with: #""action_taken": true"#)),
            ServerSentEvent(name: "notification", data: #"{"type": "admin.sign_up"}"#),
            ServerSentEvent(name: "notification", data: "[1, 2]"),
        ]
        for event in others { #expect(QueueItem(notification: event, server: "mod.example") == nil, "\(event.data)") }
    }

    // MARK: The bounded buffer between a transfer thread and its reader

    @Test func aSlowReaderHoldsTheTransferBackAndCancellingFreesIt() async throws {
        let buffer = StreamBuffer(limit: 4096)
        let chunk = Data(repeating: 1, count: 1024)
        let pushed = Recorded()
        // The transfer's side: pushes until told the reader is gone (blocking, so on a thread).
        let stopped = AsyncStream<Void> { continuation in
            startThread {
                while buffer.push(chunk) { pushed.add() }
                continuation.yield()
                continuation.finish()
            }
        }
        let body = buffer.makeStream()
        var iterator = body.makeAsyncIterator()
        #expect(try await iterator.next() == chunk)
        buffer.cancel()
        for await _ in stopped {}
        // At most the limit's worth waits, plus the chunk handed over and one past the limit.
        #expect(pushed.count <= 4096 / 1024 + 2, "\(pushed.count)")
    }

    final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }
}
