import FoundationEssentials

/// One event of a `text/event-stream` body.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field; `message` when the server named none.
    public var name: String
    /// The `data:` lines, joined by newlines.
    public var data: String
    /// The last `id:` seen so far in the stream (it carries over to later events).
    public var id: String?

    public init(name: String = "message", data: String, id: String? = nil) {
        self.name = name
        self.data = data
        self.id = id
    }
}

/// Turns the chunks of an event stream into events, as the WHATWG EventSource rules say: lines end
/// in LF, CRLF or CR (a CRLF may be split between chunks), `:` starts a comment (a heartbeat), a
/// blank line ends an event, an event without data is none, one leading space after the colon is
/// dropped, an `id` holding NUL is ignored, a leading byte-order mark is skipped.
///
/// A server is untrusted input: an event (or a line with no end) larger than `maxEventBytes` is
/// dropped whole and counted in `droppedEvents`, so an endless line cannot take the memory; bytes
/// that are not UTF-8 become U+FFFD. What the data means is for the caller to check.
public struct ServerSentEventParser: Sendable {
    /// 1 MiB: a notification with a report and its account is a few KiB.
    public static let defaultMaxEventBytes = 1 << 20

    public let maxEventBytes: Int
    /// Events dropped for being larger than `maxEventBytes`.
    public private(set) var droppedEvents = 0
    public private(set) var lastEventID: String?

    private var line: [UInt8] = []
    /// A CR ended the last line: an LF right after it belongs to the same line end.
    private var afterCR = false
    private var bomBytesSeen = 0
    /// The rest of a line of a too-large event is being skipped.
    private var skippingLine = false
    private var name: String?
    private var data: [UInt8] = []
    private var hasData = false
    /// The event being read is too large: skip it up to its blank line.
    private var oversized = false

    public init(maxEventBytes: Int = ServerSentEventParser.defaultMaxEventBytes) {
        self.maxEventBytes = max(1, maxEventBytes)
    }

    /// The events that `chunk` completes.
    public mutating func feed(_ chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in chunk {
            if bomBytesSeen < 3 {
                // A byte-order mark may open the stream (split over chunks, even).
                if byte == Self.byteOrderMark[bomBytesSeen] {
                    bomBytesSeen += 1
                    continue
                }
                let partial = Self.byteOrderMark.prefix(bomBytesSeen)
                bomBytesSeen = 3
                for early in partial { take(early, into: &events) }
            }
            take(byte, into: &events)
        }
        return events
    }

    /// The stream ended: an event without its blank line is incomplete and dropped.
    public mutating func finish() {
        line = []
        skippingLine = false
        resetEvent()
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func take(_ byte: UInt8, into events: inout [ServerSentEvent]) {
        switch byte {
        case UInt8(ascii: "\n") where afterCR:
            afterCR = false
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            afterCR = byte == UInt8(ascii: "\r")
            if let event = endLine() { events.append(event) }
        default:
            afterCR = false
            if oversized {
                skippingLine = true
                return
            }
            line.append(byte)
            if line.count + data.count > maxEventBytes {
                line = []
                markOversized()
                skippingLine = true
            }
        }
    }

    private mutating func markOversized() {
        if !oversized { droppedEvents += 1 }
        oversized = true
        data = []
        hasData = false
        name = nil
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line = [] }
        if oversized {
            // Skipping a too-large event: only its blank line matters.
            let blank = line.isEmpty && !skippingLine
            skippingLine = false
            if blank { resetEvent() }
            return nil
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            name = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
            if data.count > maxEventBytes { markOversized() }
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        default:
            break  // `retry` and unknown fields: the caller paces its own reconnects
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer { resetEvent() }
        guard hasData else { return nil }
        let eventName = name.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        return ServerSentEvent(name: eventName, data: String(decoding: data, as: UTF8.self), id: lastEventID)
    }

    private mutating func resetEvent() {
        name = nil
        data = []
        hasData = false
        oversized = false
    }
}

extension AsyncSequence where Element == Data {
    /// The events of an event-stream body, parsed as they arrive.
    public func serverSentEvents(maxEventBytes: Int = ServerSentEventParser.defaultMaxEventBytes)
        -> AsyncThrowingStream<ServerSentEvent, Error>
    where Self: Sendable {
        let chunks = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
                do {
                    for try await chunk in chunks {
                        for event in parser.feed(chunk) { continuation.yield(event) }
                    }
                    parser.finish()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
