import FediTestSupport
import Foundation
import Testing

@testable import FediCore

@Suite("FileServerInfoCache: detections of servers without a login")
struct ServerInfoCacheTests {
    private func info(_ version: String, at date: Date) -> ServerInfo {
        ServerInfo(
            flavour: .mastodon, softwareName: "mastodon", version: version, mastodonAPIVersion: 6,
            displayVersion: version, instanceAPI: "v2", nodeinfoSchema: "2.0", detectedAt: date)
    }

    @Test func whatOneRunRemembersTheNextReadsByHost() throws {
        let root = try TemporaryDirectory.make("cache")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = FileServerInfoCache(environment: ["XDG_CACHE_HOME": root.path])
        #expect(cache.url.path == root.path + "/fedictl/servers.json")
        #expect(cache.serverInfo(for: "a.example") == nil)
        let detected = info("4.3.1", at: Date(timeIntervalSince1970: 1_800_000_000))
        cache.remember(detected, for: "a.example")
        cache.remember(info("4.2.0", at: detected.detectedAt), for: "127.0.0.1:3000")
        let reread = FileServerInfoCache(environment: ["XDG_CACHE_HOME": root.path])
        #expect(reread.serverInfo(for: "a.example") == detected)
        #expect(reread.serverInfo(for: "127.0.0.1:3000")?.version == "4.2.0")
        #expect(reread.serverInfo(for: "b.example") == nil)
    }

    @Test func keepsTheNewestDetectionsUpToItsCapacity() throws {
        let root = try TemporaryDirectory.make("cache")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = FileServerInfoCache(url: root.appendingPathComponent("servers.json"), capacity: 2)
        for (index, host) in ["old.example", "mid.example", "new.example"].enumerated() {
            cache.remember(
                info("4.0.\(index)", at: Date(timeIntervalSince1970: 1_800_000_000 + Double(index))), for: host)
        }
        let reread = FileServerInfoCache(url: cache.url)
        #expect(reread.serverInfo(for: "old.example") == nil)
        #expect(reread.serverInfo(for: "mid.example")?.version == "4.0.1")
        #expect(reread.serverInfo(for: "new.example")?.version == "4.0.2")
    }

    @Test func aCacheThatCannotBeWrittenStillServesTheRunThatDetected() throws {
        let cache = FileServerInfoCache(url: URL(fileURLWithPath: "/dev/null/no-cache/servers.json"))
        let detected = info("4.3.1", at: Date(timeIntervalSince1970: 1_800_000_000))
        cache.remember(detected, for: "a.example")
        #expect(cache.serverInfo(for: "a.example") == detected)
        #expect(FileServerInfoCache(url: cache.url).serverInfo(for: "a.example") == nil, "nothing reached a file")
    }

    @Test func aNewerDetectionOnDiskWinsOverTheOneInMemory() throws {
        let root = try TemporaryDirectory.make("cache")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = FileServerInfoCache(url: root.appendingPathComponent("servers.json"))
        cache.remember(info("4.2.0", at: Date(timeIntervalSince1970: 1_800_000_000)), for: "a.example")
        FileServerInfoCache(url: cache.url).remember(
            info("4.3.0", at: Date(timeIntervalSince1970: 1_800_000_100)), for: "a.example")
        #expect(cache.serverInfo(for: "a.example")?.version == "4.3.0")
    }

    @Test func aCorruptCacheReadsAsEmptyAndIsReplacedByTheNextDetection() throws {
        let root = try TemporaryDirectory.make("cache")
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("servers.json")
        try Data("{not json".utf8).write(to: url)
        let cache = FileServerInfoCache(url: url)
        #expect(cache.serverInfo(for: "a.example") == nil)
        cache.remember(info("4.3.1", at: Date()), for: "a.example")
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: Any]])
        #expect(Array(written.keys) == ["a.example"])
        #expect(written["a.example"]?["version"] as? String == "4.3.1")
    }
}
