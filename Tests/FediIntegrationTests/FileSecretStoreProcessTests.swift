import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// FileSecretStore against other processes: integration tier (it starts 20 python3 processes).
@Suite("FileSecretStore shared with other processes")
struct FileSecretStoreProcessTests {
    private let alice = SecretKey(account: "alice@mastodon.example", instance: "mastodon.example", kind: .accessToken)

    private func makeStore() throws -> (store: FileSecretStore, root: URL) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("fedictl-secrets-\(UUID().uuidString)", isDirectory: true)
        return (FileSecretStore(url: root.appendingPathComponent("config/fedictl/secrets.json")), root)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func twentyConcurrentProcessesLoseNothing() async throws {
        // Separate processes, each doing a locked read-modify-write of the same file through a
        // flock on the sibling lock file, exactly as FileSecretStore does (python3 stands in for
        // other fedictl processes); then this process writes too.
        let (store, root) = try makeStore()
        defer { try? FileManager.default.removeItem(at: root) }
        try await store.store("seed", for: alice)  // creates the directory and file

        let script = """
            import fcntl, json, os, sys
            path, n = sys.argv[1], sys.argv[2]
            with open(path + ".lock", "a+") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                with open(path) as f: data = json.load(f)
                data["secrets"]["access-token:proc%s@x.example" % n] = "proc" + n
                tmp = path + ".py" + n + ".tmp"
                with open(tmp, "w") as f:
                    json.dump(data, f); f.flush(); os.fsync(f.fileno())
                os.chmod(tmp, 0o600)
                os.rename(tmp, path)
            """
        let processes = try (0..<20).map { n -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script, store.url.path, "\(n)"]
            try process.run()
            return process
        }
        for n in 0..<20 {
            let key = SecretKey(account: "swift\(n)@x.example", instance: "x.example", kind: .accessToken)
            try await store.store("swift\(n)", for: key)
        }
        // Wait off the cooperative pool: a blocking wait there stalls other tests.
        nonisolated(unsafe) let children = processes
        let statuses = try await ProcessRunner.onOwnThread {
            children.map { ProcessRunner.ending(of: $0, within: ProcessRunner.deadline)?.status }
        }
        #expect(statuses == Array(repeating: 0, count: 20))
        let all = try store.read()
        #expect(all.count == 41)
        for n in 0..<20 {
            #expect(all["access-token:proc\(n)@x.example"] == "proc\(n)")
            #expect(all["access-token:swift\(n)@x.example"] == "swift\(n)")
        }
    }
}
