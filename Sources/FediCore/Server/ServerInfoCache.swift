import FoundationEssentials
import Synchronization

/// Detections of servers fedictl holds no login for (`instance info HOST`, `timelines show` of a
/// pinned server, …), so asking the same server again costs one request instead of three. Logins
/// keep their own detection in the config. A cache is best effort: one that cannot be read or
/// written costs a detection, never a failed command.
public protocol ServerInfoCache: Sendable {
    func serverInfo(for authority: String) -> ServerInfo?
    func remember(_ info: ServerInfo, for authority: String)
}

/// Remembers nothing: every server is detected on each run.
public struct NoServerInfoCache: ServerInfoCache {
    public init() {}
    public func serverInfo(for authority: String) -> ServerInfo? { nil }
    public func remember(_ info: ServerInfo, for authority: String) {}
}

/// `$XDG_CACHE_HOME/fedictl/servers.json` (else `~/.cache/fedictl/servers.json`): a JSON object of
/// detections by host[:port], replaced atomically under a lock like the config, at most
/// `capacity` entries (the oldest detections go first).
public struct FileServerInfoCache: ServerInfoCache {
    public let url: URL
    public let capacity: Int
    private var file: LockedFile { LockedFile(url: url) }
    /// What this process detected, kept also in memory: where the file cannot be written (a
    /// read-only home under systemd's ProtectHome, a full disk), a watch would otherwise detect
    /// its server again on every look.
    private let remembered: Remembered

    public init(url: URL, capacity: Int = 200) {
        self.url = url
        self.capacity = capacity
        self.remembered = Remembered()
    }

    public init(environment: [String: String]) {
        let base = XDGDirectory.base("XDG_CACHE_HOME", else: ".cache", environment: environment)
        self.init(url: base.appendingFile("fedictl", isDirectory: true).appendingFile("servers.json"))
    }

    public func serverInfo(for authority: String) -> ServerInfo? {
        let stored = entries()[authority]
        guard let kept = remembered.detections.withLock({ $0[authority] }) else { return stored }
        guard let stored else { return kept }
        return stored.detectedAt > kept.detectedAt ? stored : kept
    }

    public func remember(_ info: ServerInfo, for authority: String) {
        remembered.detections.withLock { $0[authority] = info }
        _ = try? file.withExclusiveLock {
            var all = entries()
            all[authority] = info
            if all.count > capacity {
                let oldest = all.sorted { $0.value.detectedAt < $1.value.detectedAt }.prefix(all.count - capacity)
                for (key, _) in oldest { all.removeValue(forKey: key) }
            }
            try file.replace(with: try JSONCoding.encoder(pretty: true).encode(all))
        }
    }

    /// Everything cached; an absent, unreadable or corrupt file is an empty cache.
    private func entries() -> [String: ServerInfo] {
        guard let data = try? file.read() else { return [:] }
        return (try? JSONCoding.decoder().decode(CacheFile.self, from: data))?.entries ?? [:]
    }

    /// The file: detections by authority, read by their own keys. Dictionary's Decodable casts
    /// its way through generic keys, set up on first use: a quarter of a millisecond of each run.
    private struct CacheFile: Decodable {
        var entries: [String: ServerInfo] = [:]

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys {
                entries[key.stringValue] = try container.decode(ServerInfo.self, forKey: key)
            }
        }
    }

    private final class Remembered: Sendable {
        let detections = Mutex<[String: ServerInfo]>([:])
    }
}
