import Dispatch
import FoundationEssentials

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
    public func stream(_ request: HTTPRequest, options: TransportOptions, idleTimeout: Double) async throws -> HTTPStreamResponse {
        throw StreamingUnsupported()
    }
}

/// The bounded hand-over between a transfer thread that receives a body and the task that reads
/// it. The thread's `push` blocks while `limit` bytes wait unread, so a slow reader slows the
/// transfer (TCP pushes back on the server) instead of filling memory. Cancelling wakes the thread,
/// which then aborts the transfer.
public final class StreamBuffer: @unchecked Sendable {
    /// 256 KiB: hundreds of notifications; a reader that is further behind holds the server back.
    public static let defaultLimit = 256 << 10

    private let lock = Lock()
    private let space = DispatchSemaphore(value: 0)
    private let limit: Int
    private var chunks: [Data] = []
    private var bufferedBytes = 0
    private var producerWaiting = false
    private var reader: CheckedContinuation<Data?, Error>?
    private var ending: Result<Void, Error>?
    private var cancelled = false

    public init(limit: Int = StreamBuffer.defaultLimit) {
        self.limit = max(1, limit)
    }

    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Hands one chunk to the reader, waiting while the buffer is full. For a transfer's own
    /// thread only, never for async code. False once the reader is gone: stop the transfer.
    public func push(_ data: Data) -> Bool {
        while true {
            lock.lock()
            if cancelled {
                lock.unlock()
                return false
            }
            if let reader {
                self.reader = nil
                lock.unlock()
                reader.resume(returning: data)
                return true
            }
            if bufferedBytes < limit {
                chunks.append(data)
                bufferedBytes += data.count
                lock.unlock()
                return true
            }
            producerWaiting = true
            lock.unlock()
            space.wait()
        }
    }

    /// The body ended: cleanly (nil) or with `error`. The reader gets what is buffered first.
    public func finish(throwing error: Error? = nil) {
        lock.lock()
        guard ending == nil else { return lock.unlock() }
        ending = error.map { .failure($0) } ?? .success(())
        let waiting = reader
        reader = nil
        lock.unlock()
        if let waiting {
            if let error { waiting.resume(throwing: error) } else { waiting.resume(returning: nil) }
        }
    }

    /// The reader is gone: wake the transfer so it stops, and any pending read ends.
    public func cancel() {
        lock.lock()
        cancelled = true
        let wake = producerWaiting
        producerWaiting = false
        let waiting = reader
        reader = nil
        chunks.removeAll()
        bufferedBytes = 0
        lock.unlock()
        if wake { space.signal() }
        waiting?.resume(throwing: CancellationError())
    }

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, Error>) in
                lock.lock()
                if !chunks.isEmpty {
                    let chunk = chunks.removeFirst()
                    bufferedBytes -= chunk.count
                    let wake = producerWaiting
                    producerWaiting = false
                    lock.unlock()
                    if wake { space.signal() }
                    return continuation.resume(returning: chunk)
                }
                if cancelled {
                    lock.unlock()
                    return continuation.resume(throwing: CancellationError())
                }
                if let ending {
                    lock.unlock()
                    return continuation.resume(with: ending.map { nil })
                }
                reader = continuation
                lock.unlock()
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
