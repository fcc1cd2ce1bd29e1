import FediTestSupport
import Foundation
import Testing

@testable import FediCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileSecretStore (the --insecure-storage opt-in)")
struct FileSecretStoreTests {
    /// A fresh `…/config/fedictl/secrets.json` whose directories do not exist yet.
    private func makeStore() throws -> (store: FileSecretStore, root: URL) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("fedictl-secrets-\(UUID().uuidString)", isDirectory: true)
        let url = root.appendingPathComponent("config/fedictl/secrets.json")
        return (FileSecretStore(url: url), root)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        #expect(stat(path, &info) == 0, "stat \(path)")
        return info.st_mode & 0o777
    }

    private let alice = SecretKey(account: "alice@mastodon.example", instance: "mastodon.example", kind: .accessToken)
    private let bob = SecretKey(account: "bob@mastodon.example", instance: "mastodon.example", kind: .accessToken)
    private let app = SecretKey(account: "mastodon.example", instance: "mastodon.example", kind: .clientSecret)

    @Test func storeLookupOverwriteRemove() async throws {
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(store.storageName == "file (insecure)")

        #expect(try await store.lookup(alice) == nil)
        try await store.remove(alice)  // nothing there: no error, no file created
        #expect(!FileManager.default.fileExists(atPath: store.url.path))

        try await store.store("t1", for: alice)
        try await store.store("t2", for: alice)
        try await store.store("b1", for: bob)
        try await store.store("cs", for: app)
        #expect(try await store.lookup(alice) == "t2")
        #expect(try await store.lookup(bob) == "b1")
        #expect(try await store.lookup(app) == "cs")

        try await store.remove(alice)
        #expect(try await store.lookup(alice) == nil)
        #expect(try await store.lookup(bob) == "b1")
    }

    @Test func fileFormatUsesKindColonAccountKeys() async throws {
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try await store.store("tok", for: alice)
        try await store.store("sec", for: app)

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url)) as? [String: Any]
        #expect(json?["version"] as? Int == 1)
        let secrets = json?["secrets"] as? [String: String]
        #expect(secrets == ["access-token:alice@mastodon.example": "tok", "client-secret:mastodon.example": "sec"])
    }

    @Test func fileIs0600InA0700Directory() async throws {
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        let oldMask = umask(0o022)  // a typical umask must not loosen anything
        defer { umask(oldMask) }

        try await store.store("tok", for: alice)
        let directory = store.url.deletingLastPathComponent().path
        #expect(mode(store.url.path) == 0o600)
        #expect(mode(directory) == 0o700)

        // A later write replaces the file and keeps the mode; no temp files are left behind.
        try await store.store("tok2", for: alice)
        #expect(mode(store.url.path) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func looseExistingDirectoryIsTightened() async throws {
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = store.url.deletingLastPathComponent().path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        chmod(directory, 0o755)
        try await store.store("tok", for: alice)
        #expect(mode(directory) == 0o700)
    }

    @Test func twentyConcurrentWritersLoseNothing() async throws {
        let (first, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = first.url
        let writers = 20
        let rounds = 5

        // Tasks, each with its own store value (as separate processes would have).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = FileSecretStore(url: url)
                    for round in 0..<rounds {
                        let key = SecretKey(
                            account: "task\(writer)@x.example", instance: "x.example", kind: .accessToken)
                        try await store.store("task\(writer)-round\(round)", for: key)
                    }
                }
            }
            try await group.waitForAll()
        }

        // And real OS threads in parallel, blocking on the flock (not just interleaved tasks).
        // Threads of the test's own: concurrentPerform would block the threads Swift's tasks use.
        let failures = FailureLog()
        let writersDone = DispatchGroup()
        for writer in 0..<writers {
            writersDone.enter()
            startThread {
                let store = FileSecretStore(url: url)
                for round in 0..<rounds {
                    do {
                        try store.update {
                            $0["access-token:thread\(writer)@x.example"] = "thread\(writer)-round\(round)"
                        }
                    } catch {
                        failures.append("\(writer): \(error)")
                    }
                }
                writersDone.leave()
            }
        }
        try await onOwnThread { writersDone.wait() }
        #expect(failures.entries.isEmpty)

        let store = FileSecretStore(url: url)
        let all = try store.read()
        #expect(all.count == 2 * writers)
        for writer in 0..<writers {
            let key = SecretKey(account: "task\(writer)@x.example", instance: "x.example", kind: .accessToken)
            #expect(try await store.lookup(key) == "task\(writer)-round\(rounds - 1)")
            #expect(all["access-token:thread\(writer)@x.example"] == "thread\(writer)-round\(rounds - 1)")
        }
        #expect(mode(url.path) == 0o600)
    }

    @Test(arguments: ["{not json", "[1, 2, 3]", "{\"version\": 1}", ""])
    func corruptFileIsReportedAndLeftUntouched(contents: String) async throws {
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try await store.store("tok", for: alice)  // sets up the directory
        try Data(contents.utf8).write(to: store.url)
        let before = try Data(contentsOf: store.url)

        for attempt in 0..<3 {
            do {
                switch attempt {
                case 0: try await store.store("new", for: bob)
                case 1: _ = try await store.lookup(alice)
                default: try await store.remove(alice)
                }
                Issue.record("attempt \(attempt) did not report the corrupt file")
            } catch let error as FediError {
                #expect(error.status == .config)
                #expect(error.message.contains(store.url.path))
                #expect(error.message.contains("corrupt"))
            }
        }
        #expect(try Data(contentsOf: store.url) == before)
    }

    @Test func newerFormatIsRefusedAndLeftUntouched() async throws {
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try await store.store("tok", for: alice)
        let newer = Data(#"{"version": 2, "secrets": {}}"#.utf8)
        try newer.write(to: store.url)
        await #expect(throws: FediError.self) { try await store.store("x", for: bob) }
        #expect(try Data(contentsOf: store.url) == newer)
    }

    @Test func defaultURLFollowsXDG() {
        #expect(
            FileSecretStore.defaultURL(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]).path
                == "/x/cfg/fedictl/secrets.json")
        #expect(
            FileSecretStore.defaultURL(environment: ["HOME": "/home/u"]).path
                == "/home/u/.config/fedictl/secrets.json")
        // A relative XDG_CONFIG_HOME is invalid per the spec and ignored.
        #expect(
            FileSecretStore.defaultURL(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"]).path
                == "/home/u/.config/fedictl/secrets.json")
    }
}

private final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var entries: [String] { lock.withLock { items } }
}
