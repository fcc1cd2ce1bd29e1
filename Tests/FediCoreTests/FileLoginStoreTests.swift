import Foundation
import Testing

@testable import FediCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FileLoginStore: the config file")
struct FileLoginStoreTests {
    /// A fresh `…/config/fedictl/config.json` whose directories do not exist yet.
    private func makeStore() -> (store: FileLoginStore, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-config-\(UUID().uuidString)", isDirectory: true)
        let paths = ConfigPaths(environment: ["XDG_CONFIG_HOME": root.appendingPathComponent("config").path])
        return (FileLoginStore(paths: paths), root)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        #expect(stat(path, &info) == 0, "stat \(path)")
        return info.st_mode & 0o777
    }

    private func login(_ user: String, _ host: String = "a.example") -> Login {
        Login(
            id: "\(user)@\(host)", username: user, baseURL: "https://\(host)", scopes: ["read"], tokenStorage: .keyring)
    }

    @Test func absentFileIsAnEmptyConfigAndLoadingCreatesNothing() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try store.load() == LoginConfig())
        #expect(!FileManager.default.fileExists(atPath: store.url.deletingLastPathComponent().path))
    }

    @Test func emptyListsInTheFileReadAsBrackets() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try store.update { config in config.accounts.append(login("alice")) }
        let text = try String(contentsOf: store.url, encoding: .utf8)
        #expect(text.contains("\"aliases\" : []"), "\(text)")
        #expect(!text.contains("[\n\n"), "\(text)")
    }

    @Test func updateWritesA0600FileInA0700DirectoryWithTheSchemaVersion() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        let oldMask = umask(0o022)
        defer { umask(oldMask) }

        let returned = try store.update { config -> Int in
            config.accounts.append(login("alice"))
            config.defaultAccount = "alice@a.example"
            config.clients = [
                "a.example": RegisteredClient(
                    clientID: "cid", scopes: ["read"], redirectURIs: ["urn:ietf:wg:oauth:2.0:oob"])
            ]
            return config.accounts.count
        }
        #expect(returned == 1)
        #expect(store.url.path.hasSuffix("/config/fedictl/config.json"))
        #expect(mode(store.url.path) == 0o600)
        #expect(mode(store.url.deletingLastPathComponent().path) == 0o700)

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url)) as? [String: Any]
        #expect(json?["schema_version"] as? Int == 1)
        #expect(json?["default_account"] as? String == "alice@a.example")
        let account = (json?["accounts"] as? [[String: Any]])?.first
        #expect(account?["id"] as? String == "alice@a.example")
        #expect(account?["base_url"] as? String == "https://a.example")
        #expect(account?["token_storage"] as? String == "keyring")

        let loaded = try store.load()
        #expect(loaded.accounts == [login("alice")])
        #expect(loaded.clients?["a.example"]?.clientID == "cid")

        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// Reading clears what a writer killed mid-write left (`.<file>.<pid>.<random>.tmp`) when its
    /// process is gone, and nothing else: a live writer's file, or a name of another shape.
    @Test func readingRemovesOnlyTheTemporaryFilesOfWritersThatAreGone() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try store.update { config in config.accounts.append(login("alice")) }
        let directory = store.url.deletingLastPathComponent().path
        // 99999999 is above any Linux pid_max: no such process.
        let gone = [".config.json.99999999.17.tmp", ".secrets.json.99999999.4294967295.tmp"]
        let kept = [
            ".config.json.\(getpid()).17.tmp", ".config.json.99999999.x.tmp", "config.99999999.17.tmp", ".notes.tmp",
        ]
        for name in gone + kept {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
        }
        #expect(try store.load().accounts == [login("alice")])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(left.isDisjoint(with: gone))
        #expect(left.isSuperset(of: kept))
    }

    @Test func aFailedChangeWritesNothing() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try store.update { $0.accounts.append(login("alice")) }
        let before = try Data(contentsOf: store.url)
        #expect(throws: FediError.self) {
            try store.update { config in
                config.accounts.removeAll()
                throw FediError(.noInput, "no such account")
            }
        }
        #expect(try Data(contentsOf: store.url) == before)
    }

    @Test func twentyConcurrentWritersLoseNothing() async throws {
        let (first, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = first.url
        let failures = Failures()
        // Real threads, each with its own store value (as separate processes would have), all
        // blocking on the flock; each adds its account and then changes it again. Threads of the
        // test's own: concurrentPerform would block the threads Swift's tasks use.
        let writersDone = DispatchGroup()
        for writer in 0..<20 {
            writersDone.enter()
            startThread {
                defer { writersDone.leave() }
                let store = FileLoginStore(url: url)
                do {
                    try store.update { $0.accounts.append(login("user\(writer)")) }
                    for round in 0..<10 {
                        try store.update { config in
                            guard let index = config.index(of: "user\(writer)@a.example") else {
                                throw FediError(.failure, "user\(writer) was lost")
                            }
                            config.accounts[index].aliases = ["u\(writer)-\(round)"]
                        }
                    }
                } catch {
                    failures.add("\(writer): \(error)")
                }
            }
        }
        try await onOwnThread { writersDone.wait() }
        #expect(failures.all.isEmpty)
        let config = try FileLoginStore(url: url).load()
        #expect(config.accounts.count == 20)
        for writer in 0..<20 {
            #expect(config.accounts.first { $0.id == "user\(writer)@a.example" }?.aliases == ["u\(writer)-9"])
        }
    }

    @Test(arguments: ["{not json", "", "[]", #"{"accounts": []}"#, #"{"schema_version": 1, "accounts": [{"id": 3}]}"#])
    func corruptFileIsReportedAndLeftByteIdentical(contents: String) throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try store.update { $0.accounts.append(login("alice")) }
        try Data(contents.utf8).write(to: store.url)

        for attempt in 0..<2 {
            do {
                if attempt == 0 { _ = try store.load() } else { try store.update { $0.accounts.append(login("bob")) } }
                Issue.record("attempt \(attempt) did not report the corrupt file")
            } catch let error as FediError {
                #expect(error.status == .config)
                #expect(error.message.contains(store.url.path))
                #expect(error.message.contains("corrupt"))
                #expect(error.hint?.contains("untouched") == true)
            }
        }
        #expect(try Data(contentsOf: store.url) == Data(contents.utf8))
    }

    @Test func newerSchemaIsRefusedAndLeftUntouched() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try store.update { $0.accounts.append(login("alice")) }
        let newer = Data(#"{"schema_version": 2, "accounts": [], "profiles": {}}"#.utf8)
        try newer.write(to: store.url)
        do {
            try store.update { $0.defaultAccount = "x" }
            Issue.record("a newer schema was not refused")
        } catch let error as FediError {
            #expect(error.status == .config)
            #expect(error.message.contains("schema version 2"))
            #expect(error.hint?.contains("newer fedictl") == true)
        }
        #expect(try Data(contentsOf: store.url) == newer)
    }

    @Test func olderFilesWithoutTheNewFieldsStillLoad() throws {
        let (store, root) = makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let minimal =
            #"{"schema_version": 1, "accounts": [{"id": "a@b.example", "username": "a", "base_url": "https://b.example", "scopes": [], "aliases": []}]}"#
        try Data(minimal.utf8).write(to: store.url)
        let config = try store.load()
        #expect(config.accounts.map(\.id) == ["a@b.example"])
        #expect(config.accounts[0].tokenStorage == nil)
        #expect(config.clients == nil)
    }

    @Test func configPathsFollowXDG() {
        #expect(
            ConfigPaths(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]).configFile.path
                == "/x/cfg/fedictl/config.json")
        #expect(ConfigPaths(environment: ["HOME": "/home/u"]).configFile.path == "/home/u/.config/fedictl/config.json")
        #expect(
            ConfigPaths(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]).secretsFile.path
                == "/home/u/.config/fedictl/secrets.json")
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
