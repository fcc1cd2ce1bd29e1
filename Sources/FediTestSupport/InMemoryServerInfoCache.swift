import FediCore
import Foundation

/// A server cache for one harness: what one run detects, the next run of the same harness reuses.
public final class InMemoryServerInfoCache: ServerInfoCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: ServerInfo] = [:]

    public init() {}

    public func serverInfo(for authority: String) -> ServerInfo? { lock.withLock { entries[authority] } }

    public func remember(_ info: ServerInfo, for authority: String) { lock.withLock { entries[authority] = info } }
}
