import CCurlMulti
import FediCore
import FoundationEssentials
import Synchronization

/// HTTP over libcurl's multi interface, every transfer driven by one thread: `send` queues the
/// request and wakes that thread, which adds it to the multi handle, runs `curl_multi_perform` and
/// `curl_multi_poll` until it is done and resumes the caller with the answer. The alternative issue
/// #43 asks to measure against `CurlTransport` (easy handles on transfer threads; bench/transfers).
/// Kept minimal: GET only, the same options `CurlTransport` gives a read, errors as `.other`.
public final class CurlMultiTransport: HTTPTransport, @unchecked Sendable {
    /// A request waiting for the loop thread to take it.
    struct Submission: Sendable {
        let request: HTTPRequest
        let options: TransportOptions
        let continuation: CheckedContinuation<HTTPResponse, any Error>
    }

    /// Touched by the loop thread only, after `init`.
    private let multi: UnsafeMutableRawPointer
    private let queue = Mutex<[Submission]>([])

    public init() {
        curl_global_init(3)  // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32 (CURL_GLOBAL_DEFAULT, a macro Swift cannot read)
        multi = curl_multi_init()!
        startThread { [self] in loop() }
    }

    public func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        guard request.method == .get else { throw TransportError.other("bench transport: GET only") }
        return try await withCheckedThrowingContinuation { continuation in
            queue.withLock { $0.append(Submission(request: request, options: options, continuation: continuation)) }
            curl_multi_wakeup(multi)  // the one multi call another thread may make
        }
    }

    /// The loop thread: takes new requests, drives every transfer, hands each answer back as it ends.
    private func loop() {
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        var idle: [UnsafeMutableRawPointer] = []  // easy handles kept for reuse, as CurlTransport's pool does
        while true {
            for submission in queue.withLock({ queue in
                defer { queue.removeAll() }
                return queue
            }) {
                let handle = idle.popLast() ?? curl_easy_init()!
                let transfer = Transfer(submission)
                transfer.configure(handle)
                curl_multi_add_handle(multi, handle)
                active[handle] = transfer
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let code = cm_message_result(message)
                curl_multi_remove_handle(multi, handle)
                guard let transfer = active.removeValue(forKey: handle) else { continue }
                let result = transfer.finish(code, on: handle)
                curl_easy_reset(handle)
                idle.append(handle)
                transfer.submission.continuation.resume(with: result)
            }
            // Returns when a socket is ready, a timer is due or `send` wakes it.
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }
}

/// One transfer's state while the loop thread drives it: what libcurl hands to the callbacks.
final class Transfer {
    let submission: Submission
    var body = Data()
    var headers: [(String, String)] = []
    var announced = 0
    var overflowed = false
    var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    typealias Submission = CurlMultiTransport.Submission

    init(_ submission: Submission) {
        self.submission = submission
        errorBuffer[0] = 0
    }

    deinit {
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// The options `CurlTransport.configure` gives a GET.
    func configure(_ handle: UnsafeMutableRawPointer) {
        let request = submission.request
        let options = submission.options
        for (name, value) in request.headers where name.lowercased() != "user-agent" {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        headerList = curl_slist_append(headerList, "Expect:")
        cm_setopt_string(handle, CURLOPT_URL, request.url.absoluteString)
        cm_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        cm_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        cm_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        cm_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, request.url.scheme == "https" ? "https" : "http,https")
        cm_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        cm_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
        cm_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        cm_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        cm_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        cm_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        cm_setopt_string(handle, CURLOPT_USERAGENT, request.header("User-Agent") ?? options.userAgent)
        cm_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout))
        cm_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.totalTimeout))
        if let caFile = options.caCertificateFile { cm_setopt_string(handle, CURLOPT_CAINFO, caFile) }
        cm_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList)
        cm_setopt_long(handle, CURLOPT_HTTPGET, 1)
        let context = Unmanaged.passUnretained(self).toOpaque()  // kept alive by the loop's `active`
        cm_setopt_datafn(handle, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata!).takeUnretainedValue()
            guard let data else { return size * count }
            if transfer.body.isEmpty, transfer.announced > 0 {
                transfer.body.reserveCapacity(
                    min(transfer.announced, transfer.submission.options.maxResponseBytes, 4 << 20))
            }
            guard transfer.body.count + size * count <= transfer.submission.options.maxResponseBytes else {
                transfer.overflowed = true
                return 0
            }
            transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }
        cm_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        cm_setopt_datafn(handle, CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata!).takeUnretainedValue()
            guard let data else { return size * count }
            transfer.header(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        cm_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    }

    /// One header line: a status line starts a response again (after a redirect), a field is kept.
    func header(_ line: UnsafeRawBufferPointer) {
        let space = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), !line.starts(with: "HTTP/".utf8) else {
            if line.starts(with: "HTTP/".utf8) {
                headers.removeAll()
                announced = 0
            }
            return
        }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        var value = line[(colon + 1)...]
        while let first = value.first, space(first) { value = value.dropFirst() }
        while let last = value.last, space(last) { value = value.dropLast() }
        let text = String(decoding: value, as: UTF8.self)
        headers.append((name, text))
        if name.lowercased() == "content-length" { announced = Int(text) ?? 0 }
    }

    /// The answer, or the error, once libcurl says the transfer is over.
    func finish(_ code: CURLcode, on handle: UnsafeMutableRawPointer) -> Result<HTTPResponse, any Error> {
        let options = submission.options
        guard code == CURLE_OK else {
            if overflowed { return .failure(TransportError.responseTooLarge(limit: options.maxResponseBytes)) }
            if code == CURLE_OPERATION_TIMEDOUT {
                return .failure(TransportError.timedOut(seconds: options.totalTimeout))
            }
            let buffered = String(cString: errorBuffer)
            return .failure(
                TransportError.other(buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered))
        }
        var status = 0
        cm_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafeMutableRawPointer?
        cm_getinfo_pointer(handle, CURLINFO_EFFECTIVE_URL, &effective)
        let url =
            effective.flatMap { URL(string: String(cString: $0.assumingMemoryBound(to: CChar.self))) }
            ?? submission.request.url
        return .success(HTTPResponse(status: status, headerFields: headers, body: body, url: url))
    }

    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 86_400_000 }
        return Int(min(max(seconds, 0.001), 86_400) * 1000)
    }
}
