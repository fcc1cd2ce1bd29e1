import CCurlShim
import Dispatch
import FediCore
import FoundationEssentials

extension CurlTransport {
    /// A request held open (Server-Sent Events). As for `send`, the blocking transfer runs on a
    /// thread of its own; the body goes to the reader through a bounded `StreamBuffer`. The connect
    /// timeout and `--timeout` bound the wait for the headers; after them only silence does: more
    /// than `idleTimeout` seconds without a byte (heartbeats count) ends the stream with `.timedOut`.
    /// Redirects are not followed: a stream that moved is an answer to report.
    public func stream(_ request: HTTPRequest, options: TransportOptions, idleTimeout: Double) async throws
        -> HTTPStreamResponse
    {
        let transfer = StreamTransfer(request: request, options: options, idleTimeout: idleTimeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.head = continuation
                startThread { transfer.run() }
            }
        } onCancel: {
            transfer.buffer.cancel()
        }
    }
}

/// One streaming transfer: lives on its thread until the server, the reader or the idle timer ends it.
final class StreamTransfer: @unchecked Sendable {
    let request: HTTPRequest
    let options: TransportOptions
    let idleTimeout: Double
    let buffer = StreamBuffer()
    /// Resumed once: with the stream when the headers are in, or with why they never came.
    var head: CheckedContinuation<HTTPStreamResponse, Error>?

    // Touched only on the transfer's thread (libcurl calls every callback there).
    private var headDelivered = false
    private var status = 0
    private var headers: [(String, String)] = []
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastByte: UInt64 = 0
    private var timedOut = false

    init(request: HTTPRequest, options: TransportOptions, idleTimeout: Double) {
        self.request = request
        self.options = options
        self.idleTimeout = idleTimeout
    }

    func run() {
        do {
            try CurlTransport.loadLibrary()
        } catch {
            return resumeHead(.failure(error))
        }
        guard let handle = fm_curl_easy_init() else {
            return resumeHead(.failure(TransportError.other("libcurl could not create a transfer handle")))
        }
        defer { fm_curl_easy_cleanup(handle) }
        let context = Unmanaged.passRetained(self)
        defer { context.release() }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let headerList = CurlTransport.headerList(for: request)
        defer { fm_curl_slist_free_all(headerList) }

        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
            CurlTransport.configure(
                handle, for: request, options: options, headers: headerList, errorBuffer: errors.baseAddress)
            fm_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            // No total timeout: the progress callback bounds the wait for headers and each silence.
            fm_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, 0)
            fm_curl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
            fm_curl_setopt_datafn(handle, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
                let transfer = Unmanaged<StreamTransfer>.fromOpaque(userdata!).takeUnretainedValue()
                guard let data else { return size * count }
                let chunk = Data(bytes: data, count: size * count)
                return transfer.received(chunk) ? size * count : 0
            }
            fm_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque())
            fm_curl_setopt_datafn(handle, CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
                let transfer = Unmanaged<StreamTransfer>.fromOpaque(userdata!).takeUnretainedValue()
                guard let data else { return size * count }
                transfer.header(CurlTransport.HeaderLine(data, size * count))
                return size * count
            }
            fm_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque())
            fm_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
            fm_curl_setopt_xferinfofn(handle, CURLOPT_XFERINFOFUNCTION) { userdata, _, _, _, _ in
                Unmanaged<StreamTransfer>.fromOpaque(userdata!).takeUnretainedValue().shouldStop() ? 1 : 0
            }
            fm_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context.toOpaque())
            return fm_curl_easy_perform(handle)
        }

        var failure: Error?
        if buffer.isCancelled {
            failure = CancellationError()
        } else if timedOut {
            failure = TransportError.timedOut(seconds: headDelivered ? idleTimeout : options.totalTimeout)
        } else if code != CURLE_OK {
            let buffered = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail = buffered.isEmpty ? String(cString: fm_curl_easy_strerror(code)) : buffered
            failure = CurlTransport.transportError(code, detail: detail, timeout: options.totalTimeout)
        }
        if headDelivered {
            buffer.finish(throwing: failure)
        } else {
            resumeHead(.failure(failure ?? TransportError.cannotConnect("the stream closed before its headers")))
        }
    }

    private func resumeHead(_ result: Result<HTTPStreamResponse, Error>) {
        let continuation = head
        head = nil
        continuation?.resume(with: result)
    }

    private func header(_ line: CurlTransport.HeaderLine) {
        switch line {
        case .status(let code):
            status = code
            headers.removeAll()
        case .field(let name, let value):
            headers.append((name, value))
        case .end:
            // A 1xx is followed by the real answer's headers.
            if !(100..<200).contains(status) { deliverHead() }
        case .other:
            break
        }
    }

    private func deliverHead() {
        guard !headDelivered else { return }
        headDelivered = true
        lastByte = DispatchTime.now().uptimeNanoseconds
        let response = HTTPResponse(status: status, headerFields: headers, body: Data(), url: request.url)
        resumeHead(.success(HTTPStreamResponse(head: response, body: buffer.makeStream())))
    }

    /// False stops the transfer: the reader is gone.
    private func received(_ chunk: Data) -> Bool {
        deliverHead()
        lastByte = DispatchTime.now().uptimeNanoseconds
        let delivered = buffer.push(chunk)
        // A wait for a slow reader is not the server's silence.
        lastByte = DispatchTime.now().uptimeNanoseconds
        return delivered
    }

    /// Called about once a second even while nothing arrives.
    private func shouldStop() -> Bool {
        if buffer.isCancelled { return true }
        let now = DispatchTime.now().uptimeNanoseconds
        let waited = headDelivered ? Double(now - lastByte) / 1e9 : Double(now - started) / 1e9
        if waited > (headDelivered ? idleTimeout : options.totalTimeout) {
            timedOut = true
            return true
        }
        return false
    }
}
