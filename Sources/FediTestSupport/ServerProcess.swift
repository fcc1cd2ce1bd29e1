import FediCore
import FediHTTPCurl
import Foundation

/// A local HTTP server process for a test, stopped when the value goes away.
public final class ServerProcess: @unchecked Sendable {
    /// The server, where this value started it (nil for one another owner stops, as GoToSocial's).
    public let child: LongLivedChild?
    public let port: Int
    public var base: String { "127.0.0.1:\(port)" }
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// A fixture server's own user, where its recording names one (set once, before it is shared).
    public internal(set) var recordedUser: String?

    /// The read end of the server's stdout, held for its life.
    private let output: FileHandle?

    init(child: LongLivedChild?, port: Int, output: FileHandle? = nil) {
        self.child = child
        self.port = port
        self.output = output
    }

    deinit { stop() }

    /// Ends the server (SIGKILL) and reaps it: its port is closed when this returns.
    public func stop() { child?.stop() }

    /// Running, not a zombie (a killed child stays a zombie until Foundation reaps it).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
    }

    /// A port nobody listens on at the moment of asking.
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static let transport = CurlTransport()

    /// Plain HTTP to the server, for setting it up and for checking its state afterwards.
    public func request(_ method: HTTPMethod, _ path: String, token: String? = nil, json: Any? = nil) async throws -> (
        status: Int, body: Data
    ) {
        var request = HTTPRequest(method: method, url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        if let token { request.setHeader("Authorization", "Bearer \(token)") }
        if let json {
            request.body = try JSONSerialization.data(withJSONObject: json)
            request.setHeader("Content-Type", "application/json")
        }
        let response = try await Self.transport.send(
            request, options: TransportOptions(connectTimeout: 2, totalTimeout: 20))
        return (response.status, response.body)
    }

    /// The JSON body of a request that must succeed. A 429 is waited out (up to 20 s): a test that
    /// rate-limits the server still reads its state afterwards with the same token.
    public func json(_ method: HTTPMethod, _ path: String, token: String? = nil, body: Any? = nil) async throws -> Any {
        var (status, data) = try await request(method, path, token: token, json: body)
        for _ in 0..<20 where status == 429 {
            try await Task.sleep(nanoseconds: 1_000_000_000)
            (status, data) = try await request(method, path, token: token, json: body)
        }
        guard (200..<300).contains(status) else {
            throw FediError(
                .failure, "\(method.rawValue) \(path) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return data.isEmpty
            ? [:] as [String: Any] : try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    func waitUntilReady(path: String, seconds: Double = 90) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let child, !child.isRunning {
                throw FediError(.failure, "server process exited early (wait status \(child.status ?? -1))")
            }
            if let (status, _) = try? await request(.get, path), status < 500 { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw FediError(.failure, "server on port \(port) did not become ready in \(Int(seconds)) s")
    }
}
