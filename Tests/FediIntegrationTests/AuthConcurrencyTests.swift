import FediCore
import FediTestSupport
import Foundation
import Testing

@Suite("The config under concurrent fedictl runs, and when it is corrupt")
struct AuthConcurrencyTests {
    /// Twenty `fedictl auth add` processes at once into one config: every account arrives, and no
    /// token shows up in any output, the --verbose request log included, or in the config.
    @Test func twentyConcurrentAddsLoseNothingAndLeakNoToken() async throws {
        let tag = UUID().uuidString.prefix(8).lowercased()
        let seeds = (0..<20).map { SeedAccount("user\($0)", token: "conc-\(tag)-token-\($0)") }
        let server = try await MockServer.start(accounts: seeds)
        let sandbox = AuthSandbox()
        let base = server.base

        let results = await withCheckedContinuation {
            (continuation: CheckedContinuation<[Result<CommandResult, any Error>], Never>) in
            // A thread per run, not concurrentPerform: that blocks the global queue's threads, which
            // Swift's tasks share on Linux, so every other test's await waited for these 20 runs.
            let collected = Results(count: seeds.count)
            let group = DispatchGroup()
            for index in seeds.indices {
                group.enter()
                Thread.detachNewThread {
                    collected.set(
                        index,
                        Result {
                            try sandbox.runBlocking(
                                [
                                    "auth", "add", base, "--token-stdin", "--insecure-storage", "--scopes", "read",
                                    "--verbose",
                                ],
                                input: seeds[index].token + "\n")
                        })
                    group.leave()
                }
            }
            group.notify(queue: .global()) { continuation.resume(returning: collected.all) }
        }
        var outputs = ""
        for (index, outcome) in results.enumerated() {
            let result = try outcome.get()
            #expect(result.status == 0, "run \(index): \(result)")
            #expect(result.stderr.contains("Authorization: Bearer [REDACTED]"), "run \(index) logged no request")
            outputs += result.stdout + result.stderr
        }

        let list = try await sandbox.run(["auth", "list", "-o", "json"])
        let rows = try #require(try list.json() as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["account"] as? String }) == Set((0..<20).map { "user\($0)@\(base)" }))
        #expect(rows.filter { $0["default"] as? Bool == true }.count == 1)
        let secrets = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.paths.secretsFile)) as? [String: Any])
        #expect((secrets["secrets"] as? [String: String])?.count == 20)

        // Each token works as its own account, through the selection.
        let status = try await sandbox.run(["auth", "status", "--account", "user7@", "--fields", "username"])
        #expect(status.stdout == "username\tuser7\n", "\(status)")

        outputs += list.stdout + list.stderr
        outputs += status.stdout + status.stderr
        let everything = outputs + (try String(contentsOf: sandbox.configFile, encoding: .utf8))
        for seed in seeds {
            #expect(!everything.contains(seed.token), "\(seed.token) leaked")
        }
        #expect(!everything.contains("conc-\(tag)"))
    }

    @Test func aCorruptConfigIsExit78AndLeftByteIdentical() async throws {
        let server = try await MockServer.start()
        let sandbox = AuthSandbox()
        let added = try await sandbox.run(
            ["auth", "add", server.base, "--token-stdin", "--insecure-storage"], input: "alice-token")
        #expect(added.status == 0, "\(added)")
        let corrupt = Data("{\"schema_version\": 1, \"accounts\": [{\"id\": \"alice@".utf8)  // cut off mid-write
        try corrupt.write(to: sandbox.configFile)

        for arguments in [
            ["auth", "list"], ["auth", "add", server.base, "--token-stdin", "--insecure-storage"],
            ["auth", "use", "alice"],
            ["auth", "status"], ["auth", "logout", "alice"], ["auth", "login", server.base, "--insecure-storage"],
            ["instance", "info"],
        ] {
            let result = try await sandbox.run(arguments, input: "bob-token")
            #expect(result.status == 78, "\(arguments): \(result)")
            #expect(
                result.stderr.contains("fedictl: the config file \(sandbox.configFile.path) is corrupt"),
                "\(arguments): \(result)")
            #expect(result.stderr.contains("hint: fedictl left it untouched"))
        }
        #expect(try Data(contentsOf: sandbox.configFile) == corrupt)
        // The token given to the refused `auth add` was not stored either.
        let secrets = try String(contentsOf: sandbox.paths.secretsFile, encoding: .utf8)
        #expect(!secrets.contains("bob-token"))
    }

    @Test func aConfigFromANewerFedictlIsExit78AndLeftAlone() async throws {
        let sandbox = AuthSandbox()
        try FileManager.default.createDirectory(at: sandbox.paths.directory, withIntermediateDirectories: true)
        let newer = Data(#"{"schema_version": 9, "accounts": []}"#.utf8)
        try newer.write(to: sandbox.configFile)
        let result = try await sandbox.run(["auth", "use", "x"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("has schema version 9; this fedictl reads up to 1"))
        #expect(try Data(contentsOf: sandbox.configFile) == newer)
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Result<CommandResult, any Error>?]
    init(count: Int) { items = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<CommandResult, any Error>) { lock.withLock { items[index] = result } }
    var all: [Result<CommandResult, any Error>] { lock.withLock { items.map { $0! } } }
}
