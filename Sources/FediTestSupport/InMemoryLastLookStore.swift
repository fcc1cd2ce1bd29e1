import FediCore
import FoundationEssentials
import Synchronization

/// `queue --since-last`'s memory for tests: per server, the keys seen and when.
public final class InMemoryLastLookStore: LastLookStore, Sendable {
    private let looks = Mutex<[String: (time: Date, seen: Set<String>)]>([:])

    public init() {}

    public func seen(on server: String) async throws -> Set<String> { looks.withLock { $0[server]?.seen ?? [] } }

    public func record(_ keys: Set<String>, on server: String, at time: Date) async throws {
        looks.withLock { $0[server] = (time, keys) }
    }

    /// The servers looked at, for assertions.
    public var servers: [String] { looks.withLock { $0.keys.sorted() } }
}
