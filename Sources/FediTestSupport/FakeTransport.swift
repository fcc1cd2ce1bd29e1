import Foundation
import FediCore

/// An HTTPTransport for unit tests, like gh's httpmock registry: answers from stubs in order and
/// fails closed — a request no stub matches throws, naming method and URL.
public final class FakeTransport: HTTPTransport, @unchecked Sendable {
    public struct Stub: Sendable {
        var method: HTTPMethod
        var path: String
        var result: Result<HTTPResponse, TransportError>
        /// Only requests to this host match, when set (several servers in one test).
        var host: String?
    }

    private let lock = NSLock()
    private var stubs: [Stub] = []
    private var sent: [HTTPRequest] = []

    public init() {}

    /// Queues one answer for `method path`; several stubs for the same route answer in order.
    public func stub(_ method: HTTPMethod, _ path: String, host: String? = nil, status: Int = 200, json: String = "{}", headers: [String: String] = [:]) {
        var all = ["content-type": "application/json"]
        all.merge(headers) { $1 }
        let response = HTTPResponse(status: status, headers: all, body: Data(json.utf8), url: URL(string: "http://\(host ?? "fake.test")\(path)")!)
        lock.withLock { stubs.append(Stub(method: method, path: path, result: .success(response), host: host)) }
    }

    public func stubFailure(_ method: HTTPMethod, _ path: String, _ error: TransportError) {
        lock.withLock { stubs.append(Stub(method: method, path: path, result: .failure(error))) }
    }

    public var requests: [HTTPRequest] { lock.withLock { sent } }
    public var unusedStubs: Int { lock.withLock { stubs.count } }

    public func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        let stub: Stub? = lock.withLock {
            sent.append(request)
            guard let index = stubs.firstIndex(where: { $0.method == request.method && $0.path == request.url.path
                && ($0.host == nil || $0.host == request.url.host) }) else { return nil }
            return stubs.remove(at: index)
        }
        guard let stub else { throw TransportError.other("no stub for \(request.method.rawValue) \(request.url.absoluteString)") }
        return try stub.result.get()
    }
}
