import FediCore
import Foundation
import Testing

/// An HTTPTransport for unit tests, like gh's httpmock registry: answers from stubs in order and
/// fails closed — a request no stub matches throws, naming method and URL. A stub's route may
/// carry a query (`/api/v1/admin/reports?resolved=true`): the request must then carry those items
/// (others may come too). A stub nobody asked for fails the test when the transport goes away
/// (`unusedRoutes` names them): a stub the code no longer needs would let a test pass for the wrong
/// reason. A test whose run may stop before some stubs (a refusal half-way) sets `allowsUnusedStubs`.
public final class FakeTransport: HTTPTransport, @unchecked Sendable {
    public struct Stub: Sendable {
        var method: HTTPMethod
        var path: String
        var query: [URLQueryItem]
        var result: Result<HTTPResponse, TransportError>
        /// Only requests to this host match, when set (several servers in one test).
        var host: String?

        init(method: HTTPMethod, route: String, host: String? = nil, result: Result<HTTPResponse, TransportError>) {
            let components = URLComponents(string: "http://fake.test" + route)
            self.method = method
            self.path = components?.path ?? route
            self.query = components?.queryItems ?? []
            self.result = result
            self.host = host
        }

        func matches(_ request: HTTPRequest) -> Bool {
            guard method == request.method, path == request.url.path, host == nil || host == request.url.host else {
                return false
            }
            let sent = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            return query.allSatisfy { sent.contains($0) }
        }

        var route: String {
            let items = query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
            return "\(method.rawValue) \(path)\(items.isEmpty ? "" : "?" + items)"
        }
    }

    private let lock = NSLock()
    private var stubs: [Stub] = []
    private var sent: [HTTPRequest] = []

    /// Set by a test that queues answers a run may not reach.
    public var allowsUnusedStubs = false

    public init() {}

    deinit {
        let unused = unusedRoutes
        if !allowsUnusedStubs, !unused.isEmpty {
            Issue.record("stubs never asked for: \(unused.joined(separator: ", "))")
        }
    }

    /// Queues one answer for `method route`; several stubs for the same route answer in order.
    public func stub(
        _ method: HTTPMethod, _ route: String, host: String? = nil, status: Int = 200, json: String = "{}",
        headers: [String: String] = [:]
    ) {
        stub(method, route, host: host, status: status, body: Data(json.utf8), headers: headers)
    }

    /// The same, answering with a recorded body from Tests/Fixtures (`"gotosocial/instance-v2.json"`).
    public func stub(
        _ method: HTTPMethod, _ route: String, status: Int = 200, fixture: String, headers: [String: String] = [:]
    ) throws {
        stub(
            method, route, status: status,
            body: try Data(contentsOf: RepoPaths.fixtures.appendingPathComponent(fixture)), headers: headers)
    }

    public func stubFailure(_ method: HTTPMethod, _ route: String, _ error: TransportError) {
        lock.withLock { stubs.append(Stub(method: method, route: route, result: .failure(error))) }
    }

    /// The same, answering with raw bytes (a body that is not valid UTF-8, say).
    public func stub(
        _ method: HTTPMethod, _ route: String, host: String? = nil, status: Int = 200, body: Data,
        headers: [String: String] = [:]
    ) {
        var all = ["content-type": "application/json"]
        all.merge(headers) { $1 }
        let response = HTTPResponse(
            status: status, headers: all, body: body, url: URL(string: "http://\(host ?? "fake.test")\(route)")!)
        lock.withLock { stubs.append(Stub(method: method, route: route, host: host, result: .success(response))) }
    }

    /// One scripted stream: its status and body chunks, then how it ends (nil: the server closes it).
    struct StreamStub: @unchecked Sendable {
        var stub: Stub
        var chunks: [Data]
        var ending: Error?
    }
    private var streamStubs: [StreamStub] = []

    /// Queues one answer to a stream request (`queue --watch`): `status`, `contentType`, then the
    /// body's `chunks` in order, then `ending` (an error, or nil for the server closing it;
    /// `CancellationError()` ends a command that runs until stopped, as Ctrl-C would).
    public func stubStream(
        _ route: String, host: String? = nil, status: Int = 200, contentType: String = "text/event-stream",
        chunks: [String] = [], ending: Error? = nil
    ) {
        let response = HTTPResponse(
            status: status, headers: ["content-type": contentType], body: Data(),
            url: URL(string: "http://\(host ?? "fake.test")\(route)")!)
        let stub = Stub(method: .get, route: route, host: host, result: .success(response))
        lock.withLock {
            streamStubs.append(StreamStub(stub: stub, chunks: chunks.map { Data($0.utf8) }, ending: ending))
            streamsPlanned = true
        }
    }

    /// A transport with no stream stubs cannot stream (`StreamingUnsupported`); once a test stubs
    /// streams, an unplanned one fails closed like an unplanned request.
    public func stream(_ request: HTTPRequest, options: TransportOptions, idleTimeout: Double) async throws
        -> HTTPStreamResponse
    {
        let (planned, stub): (Bool, StreamStub?) = lock.withLock {
            sent.append(request)
            guard let index = streamStubs.firstIndex(where: { $0.stub.matches(request) }) else {
                return (streamsPlanned, nil)
            }
            return (true, streamStubs.remove(at: index))
        }
        guard let stub else {
            if !planned { throw StreamingUnsupported() }
            throw TransportError.other("no stream stub for \(request.method.rawValue) \(request.url.absoluteString)")
        }
        let body = AsyncThrowingStream<Data, Error> { continuation in
            for chunk in stub.chunks { continuation.yield(chunk) }
            continuation.finish(throwing: stub.ending)
        }
        return HTTPStreamResponse(head: try stub.stub.result.get(), body: body)
    }
    private var streamsPlanned = false

    public var requests: [HTTPRequest] { lock.withLock { sent } }
    public var unusedStubs: Int { lock.withLock { stubs.count } }
    /// The routes of the stubs never used, in the order they were queued.
    public var unusedRoutes: [String] {
        lock.withLock { stubs.map(\.route) + streamStubs.map { "stream " + $0.stub.route } }
    }

    public func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        let stub: Stub? = lock.withLock {
            sent.append(request)
            guard let index = stubs.firstIndex(where: { $0.matches(request) }) else { return nil }
            return stubs.remove(at: index)
        }
        guard let stub else {
            throw TransportError.other("no stub for \(request.method.rawValue) \(request.url.absoluteString)")
        }
        return try stub.result.get()
    }
}
