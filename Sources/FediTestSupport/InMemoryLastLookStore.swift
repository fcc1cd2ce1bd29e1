import FoundationEssentials
import FediCore

/// `queue --since-last`'s memory for tests: per server, the keys seen and when.
public final class InMemoryLastLookStore: LastLookStore, @unchecked Sendable {
    private let lock = Lock()
    private var looks: [String: (time: Date, seen: Set<String>)] = [:]

    public init() {}

    public func seen(on server: String) async throws -> Set<String> { lock.withLock { looks[server]?.seen ?? [] } }

    public func record(_ keys: Set<String>, on server: String, at time: Date) async throws {
        lock.withLock { looks[server] = (time, keys) }
    }

    /// The servers looked at, for assertions.
    public var servers: [String] { lock.withLock { looks.keys.sorted() } }
}
