import CCurlShim
import Dispatch
import FediCore
import FoundationEssentials
import Synchronization

/// HTTP over libcurl. Easy handles are pooled and reused, so connections (keep-alive, HTTP/2 where
/// offered) and DNS and TLS session caches live across the requests of one run.
/// TLS verification is always on; proxies come from the environment (libcurl reads http(s)_proxy).
public final class CurlTransport: HTTPTransport, Sendable {
    /// A libcurl easy handle; used by one transfer at a time (the pool guarantees it).
    struct EasyHandle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }
    private let idle = Mutex<[EasyHandle]>([])

    public init() {}

    deinit {
        idle.withLock { idle in
            for handle in idle { fm_curl_easy_cleanup(handle.pointer) }
        }
    }

    /// Loads libcurl and runs its one-time set-up (TLS library included) on the first request
    /// rather than at start-up, so `--help`, `--version` and completion do not pay for it.
    /// Throws `.libraryNotLoaded` when libcurl is not installed.
    static func loadLibrary() throws {
        if let why = fm_curl_load() { throw TransportError.libraryNotLoaded("libcurl: " + String(cString: why)) }
    }

    /// Starts loading libcurl on a thread of its own, so the load (about a third of a cached
    /// `instance info`) overlaps the start of the Swift runtime, argument parsing and the config
    /// read; the first request waits for it if it has not finished. Call `finishPreload()` before
    /// the process exits.
    public static func preloadInBackground() {
        startThread { _ = fm_curl_load() }
    }

    /// Waits for the load `preloadInBackground()` started (at once if it is done). Exiting while
    /// another thread is inside libcurl's TLS set-up could crash the exit handlers.
    public static func finishPreload() {
        _ = fm_curl_load()
    }

    /// The transfer, and the first request's libcurl load (which can take a while on a cold disk
    /// under load), run on a thread of their own, never on the cooperative pool. A thread per
    /// transfer at once (`BlockingThreads`) rather than a dispatch queue: on Linux a concurrent
    /// queue's blocking work items run on about as many threads as there are cores, which made ten
    /// slow servers take three waits instead of one over several accounts (bench/fleet).
    /// On a thread of our own that may block (a list's walk: `ThreadOfOurOwn`), the transfer runs
    /// right there: handing each page's transfer to another thread and its answer back cost two
    /// thread wake-ups a page, a tenth of a long list's CPU.
    public func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        if ThreadOfOurOwn.isCurrent { return try transfer(request, options: options) }
        return try await withCheckedThrowingContinuation { continuation in
            BlockingThreads.shared.run {
                continuation.resume(with: Result { try self.transfer(request, options: options) })
            }
        }
    }

    /// The transfer, blocking the calling thread until its answer is in.
    private func transfer(_ request: HTTPRequest, options: TransportOptions) throws -> HTTPResponse {
        try Self.loadLibrary()
        let handle = try checkOut()
        defer { checkIn(handle) }
        return try Self.perform(request, options: options, on: handle.pointer)
    }

    private func checkOut() throws -> EasyHandle {
        if let handle = idle.withLock({ $0.popLast() }) { return handle }
        guard let pointer = fm_curl_easy_init() else {
            throw TransportError.other("libcurl could not create a transfer handle")
        }
        return EasyHandle(pointer: pointer)
    }

    /// Back to the pool with its options cleared: they point at this transfer's error buffer,
    /// collector and header list, which are gone once it returns. The connection stays cached.
    private func checkIn(_ handle: EasyHandle) {
        fm_curl_easy_reset(handle.pointer)
        idle.withLock { $0.append(handle) }
    }

    /// Collects what libcurl hands to the callbacks.
    final class Collector {
        var body = Data()
        var headers: [(String, String)] = []
        /// The most body bytes kept (decompressed); past it the transfer is aborted.
        let limit: Int
        var overflowed = false
        /// The body's length as its Content-Length gives it (0 when not given).
        var announced = 0
        init(limit: Int) { self.limit = limit }

        /// Room for the announced body before its first bytes: grown as they came, a long list's
        /// page was copied several times over. Never more than the limit allows, nor than a few
        /// megabytes whatever a server claims (a larger body still grows as it comes).
        func reserveAnnounced() {
            guard body.isEmpty, announced > 0 else { return }
            body.reserveCapacity(min(announced, limit, 4 << 20))
        }
    }

    static func perform(_ request: HTTPRequest, options: TransportOptions, on handle: UnsafeMutableRawPointer) throws
        -> HTTPResponse
    {
        let collector = Collector(limit: options.maxResponseBytes)
        let context = Unmanaged.passRetained(collector)
        defer { context.release() }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        let headerList = Self.headerList(for: request)
        defer { fm_curl_slist_free_all(headerList) }

        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
            Self.configure(handle, for: request, options: options, headers: headerList, errorBuffer: buffer.baseAddress)
            fm_curl_setopt_datafn(handle, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
                let collector = Unmanaged<Collector>.fromOpaque(userdata!).takeUnretainedValue()
                guard let data else { return size * count }
                collector.reserveAnnounced()
                guard collector.body.count + size * count <= collector.limit else {
                    collector.overflowed = true
                    return 0  // anything but size * count aborts the transfer (CURLE_WRITE_ERROR)
                }
                collector.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
                return size * count
            }
            fm_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque())
            fm_curl_setopt_datafn(handle, CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
                let collector = Unmanaged<Collector>.fromOpaque(userdata!).takeUnretainedValue()
                guard let data else { return size * count }
                switch HeaderLine(data, size * count) {
                case .status:  // a new response (after a redirect or 100-continue)
                    collector.headers.removeAll()
                    collector.announced = 0
                case .field(let name, let value):
                    collector.headers.append((name, value))
                    if name.utf8.count == 14, name.lowercased() == "content-length" {
                        collector.announced = Int(value) ?? 0
                    }
                case .end, .other: break
                }
                return size * count
            }
            fm_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque())
            return fm_curl_easy_perform(handle)
        }

        guard code == CURLE_OK else {
            if collector.overflowed { throw TransportError.responseTooLarge(limit: options.maxResponseBytes) }
            let buffered = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail = buffered.isEmpty ? String(cString: fm_curl_easy_strerror(code)) : buffered
            throw Self.transportError(code, detail: detail, timeout: options.totalTimeout, write: !request.readsOnly)
        }
        var status = 0
        fm_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafePointer<CChar>?
        fm_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
        let finalURL = effective.flatMap { URL(string: String(cString: $0)) } ?? request.url
        return HTTPResponse(status: status, headerFields: collector.headers, body: collector.body, url: finalURL)
    }

    /// The request's headers for libcurl (User-Agent goes through its own option). Free the list
    /// once the transfer is over.
    static func headerList(for request: HTTPRequest) -> UnsafeMutablePointer<curl_slist>? {
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers where name.lowercased() != "user-agent" {
            headerList = fm_curl_slist_append(headerList, "\(name): \(value)")
        }
        // libcurl adds "Expect: 100-continue" to large bodies; servers do not need the extra round trip.
        return fm_curl_slist_append(headerList, "Expect:")
    }

    /// The options every transfer gets: URL, method and body, TLS, redirects, timeouts, headers.
    static func configure(
        _ handle: UnsafeMutableRawPointer, for request: HTTPRequest, options: TransportOptions,
        headers headerList: UnsafeMutablePointer<curl_slist>?, errorBuffer: UnsafeMutablePointer<CChar>?
    ) {
        fm_curl_setopt_string(handle, CURLOPT_URL, request.url.absoluteString)
        fm_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        fm_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        fm_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        // Redirects: GETs only (a 307/308 would resend a POST's body, tokens and passwords
        // included, wherever it points), never from https down to http. libcurl itself drops
        // the Authorization header when a redirect changes host.
        fm_curl_setopt_string(
            handle, CURLOPT_REDIR_PROTOCOLS_STR, request.url.scheme == "https" ? "https" : "http,https")
        fm_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, request.method == .get ? 1 : 0)
        fm_curl_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
        fm_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        fm_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        fm_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        fm_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        fm_curl_setopt_string(handle, CURLOPT_USERAGENT, request.header("User-Agent") ?? options.userAgent)
        fm_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout))
        fm_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.totalTimeout))
        if let caFile = options.caCertificateFile { fm_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
        fm_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
        // libcurl silently sends a request again when a reused keep-alive connection dies before
        // any answer, though the server may have acted on it: a write goes on a connection of
        // its own, so it is sent exactly once (a lost answer is then an error, never a resend).
        fm_curl_setopt_long(handle, CURLOPT_FRESH_CONNECT, request.readsOnly ? 0 : 1)

        switch request.method {
        case .get: fm_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case .post: fm_curl_setopt_long(handle, CURLOPT_POST, 1)
        default: fm_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }
        if request.method != .get {
            let body = request.body ?? Data()
            // COPYPOSTFIELDS copies the bytes, so the Data may go away before the transfer ends.
            fm_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, Int64(body.count))
            _ = body.withUnsafeBytes { bytes in
                fm_curl_setopt_pointer(
                    handle, CURLOPT_COPYPOSTFIELDS,
                    UnsafeMutableRawPointer(
                        mutating: bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)))
            }
        }
    }

    /// One line as libcurl hands it to the header callback.
    enum HeaderLine {
        /// `HTTP/1.1 200 OK`: a response starts (again, after a redirect or a 1xx).
        case status(Int)
        case field(String, String)
        /// The blank line after a response's headers.
        case end
        case other

        /// Read as bytes: trimming and splitting the line as a String set up Unicode's generic
        /// machinery on each run's first header, a tenth of a millisecond.
        init(_ data: UnsafeMutablePointer<CChar>, _ length: Int) {
            let line = Self.trimmed(UnsafeRawBufferPointer(start: data, count: length)[...])
            if line.isEmpty {
                self = .end
            } else if line.starts(with: "HTTP/".utf8) {
                // The code is the word after the version (no split: an array of slices was a
                // generic type to make on each run's first response).
                let code = line.drop { $0 != UInt8(ascii: " ") }.drop { $0 == UInt8(ascii: " ") }
                    .prefix { $0 != UInt8(ascii: " ") }
                self = .status(Int(String(decoding: code, as: UTF8.self)) ?? 0)
            } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                self = .field(
                    String(decoding: line[..<colon], as: UTF8.self),
                    String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self))
            } else {
                self = .other
            }
        }

        /// Without ASCII white space at either end: the line's CR LF, and the spaces around a value.
        static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
            guard let first = bytes.firstIndex(where: { !$0.isASCIIWhiteSpace }) else {
                return bytes[bytes.endIndex...]
            }
            return bytes[first...bytes.lastIndex(where: { !$0.isASCIIWhiteSpace })!]
        }
    }

    /// A timeout for libcurl: at least 1 ms (0 means "none" to libcurl), at most a day, never a trap.
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 86_400_000 }
        return Int(min(max(seconds, 0.001), 86_400) * 1000)
    }

    /// `write`: the request changes the server, so a connection lost after sending it leaves its
    /// outcome unknown (`.answerLost`), not merely unreachable.
    static func transportError(_ code: CURLcode, detail: String, timeout: Double, write: Bool = false) -> TransportError
    {
        if write, [CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE].contains(code) {
            return .answerLost(detail)
        }
        return switch code {
        case CURLE_UNSUPPORTED_PROTOCOL: .insecureRedirect(detail)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotResolveHost(detail)
        case CURLE_PARTIAL_FILE: .answerCut(detail)
        case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects(detail)
        case CURLE_COULDNT_CONNECT, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR: .cannotConnect(detail)
        case CURLE_OPERATION_TIMEDOUT: .timedOut(seconds: timeout)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS:
            .tls(detail)
        default: .other(detail)
        }
    }
}
