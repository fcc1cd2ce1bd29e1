import Dispatch
import FoundationEssentials
import Synchronization

/// A response whose body keeps arriving: the status and headers as soon as they came, then the
/// body's chunks. Ending the iteration (or cancelling the task that iterates, or dropping the
/// stream) closes the connection.
public struct HTTPStreamResponse: Sendable {
    /// Status, headers and final URL; its `body` is empty.
    public var head: HTTPResponse
    public var body: AsyncThrowingStream<Data, Error>

    public init(head: HTTPResponse, body: AsyncThrowingStream<Data, Error>) {
        self.head = head
        self.body = body
    }
}

/// Thrown by transports that cannot hold a request open (test fakes without a stream stub,
/// `--dry-run`'s wrapper): callers fall back to asking again from time to time.
public struct StreamingUnsupported: Error, Equatable, Sendable {
    public init() {}
}

extension HTTPTransport {
    public func stream(_ request: HTTPRequest, options: TransportOptions, idleTimeout: Double) async throws
        -> HTTPStreamResponse
    {
        throw StreamingUnsupported()
    }
}

/// The bounded hand-over between a transfer thread that receives a body and the task that reads
/// it. The thread's `push` blocks while `limit` bytes wait unread, so a slow reader slows the
/// transfer (TCP pushes back on the server) instead of filling memory. Cancelling wakes the thread,
/// which then aborts the transfer.
public final class StreamBuffer: Sendable {
    /// 256 KiB: hundreds of notifications; a reader that is further behind holds the server back.
    public static let defaultLimit = 256 << 10

    private struct State {
        var chunks: [Data] = []
        var bufferedBytes = 0
        var producerWaiting = false
        var reader: CheckedContinuation<Data?, Error>?
        var ending: Result<Void, Error>?
        var cancelled = false

        /// Takes the oldest chunk, saying whether the producer waits for the space it frees.
        mutating func takeChunk() -> (chunk: Data, wakeProducer: Bool)? {
            guard !chunks.isEmpty else { return nil }
            let chunk = chunks.removeFirst()
            bufferedBytes -= chunk.count
            defer { producerWaiting = false }
            return (chunk, producerWaiting)
        }
    }

    private let state = Mutex(State())
    private let space = DispatchSemaphore(value: 0)
    private let limit: Int

    public init(limit: Int = StreamBuffer.defaultLimit) {
        self.limit = max(1, limit)
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// What `push` does once it has looked at the state.
    private enum PushStep {
        case stop, handOver(CheckedContinuation<Data?, Error>), buffered, waitForSpace
    }

    /// Hands one chunk to the reader, waiting while the buffer is full. For a transfer's own
    /// thread only, never for async code. False once the reader is gone: stop the transfer.
    public func push(_ data: Data) -> Bool {
        while true {
            let step = state.withLock { state -> PushStep in
                if state.cancelled { return .stop }
                if let reader = state.reader {
                    state.reader = nil
                    return .handOver(reader)
                }
                if state.bufferedBytes < limit {
                    state.chunks.append(data)
                    state.bufferedBytes += data.count
                    return .buffered
                }
                state.producerWaiting = true
                return .waitForSpace
            }
            switch step {
            case .stop: return false
            case .handOver(let reader):
                reader.resume(returning: data)
                return true
            case .buffered: return true
            case .waitForSpace: space.wait()
            }
        }
    }

    /// The body ended: cleanly (nil) or with `error`. The reader gets what is buffered first.
    public func finish(throwing error: Error? = nil) {
        let waiting = state.withLock { state -> CheckedContinuation<Data?, Error>? in
            guard state.ending == nil else { return nil }
            state.ending = error.map { .failure($0) } ?? .success(())
            defer { state.reader = nil }
            return state.reader
        }
        if let waiting {
            if let error { waiting.resume(throwing: error) } else { waiting.resume(returning: nil) }
        }
    }

    /// The reader is gone: wake the transfer so it stops, and any pending read ends.
    public func cancel() {
        let (wake, waiting) = state.withLock { state in
            state.cancelled = true
            defer {
                state.producerWaiting = false
                state.reader = nil
                state.chunks.removeAll()
                state.bufferedBytes = 0
            }
            return (state.producerWaiting, state.reader)
        }
        if wake { space.signal() }
        waiting?.resume(throwing: CancellationError())
    }

    /// What a read does once it has looked at the state.
    private enum ReadStep {
        case chunk(Data, wakeProducer: Bool), cancelled, ended(Result<Void, Error>), wait
    }

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, Error>) in
                let step = state.withLock { state -> ReadStep in
                    if let (chunk, wake) = state.takeChunk() { return .chunk(chunk, wakeProducer: wake) }
                    if state.cancelled { return .cancelled }
                    if let ending = state.ending { return .ended(ending) }
                    state.reader = continuation
                    return .wait
                }
                switch step {
                case .chunk(let chunk, let wake):
                    if wake { space.signal() }
                    continuation.resume(returning: chunk)
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .ended(let ending): continuation.resume(with: ending.map { nil })
                case .wait: break
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The reader's side. Dropping the stream (with its iterators) cancels the transfer too.
    public func makeStream() -> AsyncThrowingStream<Data, Error> {
        let lease = Lease(buffer: self)
        return AsyncThrowingStream(unfolding: { try await lease.buffer.next() })
    }

    /// Lives as long as the reader's stream does.
    private final class Lease: Sendable {
        let buffer: StreamBuffer
        init(buffer: StreamBuffer) { self.buffer = buffer }
        deinit { buffer.cancel() }
    }
}

extension HTTPClient {
    /// Opens a long-lived GET (an event stream). Sent once: no retries and no waits here, the
    /// caller reconnects with its own backoff. The --verbose log redacts as for every request.
    public func stream(_ request: HTTPRequest, idleTimeout: Double) async throws -> HTTPStreamResponse {
        var request = request
        request.setHeader("User-Agent", options.userAgent)
        if request.header("Accept") == nil { request.setHeader("Accept", "text/event-stream") }
        log?("> \(request.method.rawValue) \(Redaction.url(request.url)) (stream)")
        if log != nil {
            for (name, value) in request.headers { log?(">   \(name): \(Redaction.header(name, value))") }
        }
        let started = Date()
        do {
            let response = try await transport.stream(request, options: options, idleTimeout: idleTimeout)
            let millis = Int(Date().timeIntervalSince(started) * 1000)
            log?("< \(response.head.status) \(Redaction.url(request.url)) (\(millis) ms, streaming)")
            return response
        } catch {
            log?("< failed \(Redaction.url(request.url)): \(error)")
            throw error
        }
    }
}
