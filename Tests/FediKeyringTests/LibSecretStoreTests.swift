import FediCore
import FediTestSupport
import Foundation
import Glibc
import Testing

@testable import FediKeyring

/// These tests talk to a real Secret Service. Run them through the sandbox script, which starts a
/// private D-Bus session with a fresh, unlocked gnome-keyring:
///
///     scripts/with-keyring swift test --filter FediKeyringTests
///
/// Without a reachable Secret Service they fail and say so, unless FEDICTL_SKIP_KEYRING_TESTS=1.
enum KeyringTestEnvironment {
    static let skip = ProcessInfo.processInfo.environment["FEDICTL_SKIP_KEYRING_TESTS"] == "1"

    struct NoSecretService: Error, CustomStringConvertible {
        var reason: String
        var description: String {
            "No Secret Service is reachable (\(reason)). Run the keyring tests through scripts/with-keyring, "
                + "e.g. `scripts/with-keyring swift test --filter FediKeyringTests`, "
                + "or set FEDICTL_SKIP_KEYRING_TESTS=1 to skip them."
        }
    }

    /// Throws `NoSecretService` (failing the test with instructions) unless a keyring answers.
    static func requireSecretService(_ store: LibSecretStore) async throws {
        let probe = SecretKey(account: "probe@fedictl.invalid", instance: "fedictl.invalid", kind: .accessToken)
        do {
            _ = try await store.lookup(probe)
        } catch let error as SecretStoreError {
            switch error {
            case .unavailable(let why): throw NoSecretService(reason: why)
            case .timedOut(let seconds): throw NoSecretService(reason: "no answer within \(seconds) s")
            case .failed(let why): throw NoSecretService(reason: "the keyring refused: \(why)")
            case .locked: throw NoSecretService(reason: "the keyring is locked")
            }
        }
    }
}

/// A distinct login per test, so tests can run in parallel and never touch real items.
private func uniqueKeys() -> (alice: SecretKey, bob: SecretKey, app: SecretKey) {
    let tag = UUID().uuidString.prefix(8).lowercased()
    let instance = "t\(tag).example.invalid"
    return (
        SecretKey(account: "alice@\(instance)", instance: instance, kind: .accessToken),
        SecretKey(account: "bob@\(instance)", instance: instance, kind: .accessToken),
        SecretKey(account: instance, instance: instance, kind: .clientSecret)
    )
}

@Suite(
    "LibSecretStore against a real Secret Service",
    .enabled(if: !KeyringTestEnvironment.skip, "FEDICTL_SKIP_KEYRING_TESTS=1")
)
struct LibSecretStoreTests {
    let store = LibSecretStore()

    init() async throws {
        try await KeyringTestEnvironment.requireSecretService(store)
    }

    @Test func storageNameIsKeyring() {
        #expect(store.storageName == "keyring")
    }

    @Test func storeLookupOverwriteRemove() async throws {
        let key = uniqueKeys().alice
        #expect(try await store.lookup(key) == nil)

        try await store.store("token-1", for: key)
        #expect(try await store.lookup(key) == "token-1")

        try await store.store("token-2", for: key)
        #expect(try await store.lookup(key) == "token-2")
        #expect(try await searchItems(account: key.account).count == 1, "overwriting must replace, not add")

        try await store.remove(key)
        #expect(try await store.lookup(key) == nil)
        // Removing what is not there is not an error.
        try await store.remove(key)
    }

    @Test func twoAccountsOnOneInstanceAreKeptApart() async throws {
        let keys = uniqueKeys()
        try await store.store("alice-token", for: keys.alice)
        try await store.store("bob-token", for: keys.bob)
        #expect(try await store.lookup(keys.alice) == "alice-token")
        #expect(try await store.lookup(keys.bob) == "bob-token")

        try await store.remove(keys.alice)
        #expect(try await store.lookup(keys.alice) == nil)
        #expect(try await store.lookup(keys.bob) == "bob-token")
        try await store.remove(keys.bob)
    }

    @Test func clientSecretAndAccessTokenAreKeptApart() async throws {
        let keys = uniqueKeys()
        // Same account and instance, different kind.
        let token = SecretKey(account: keys.app.account, instance: keys.app.instance, kind: .accessToken)
        try await store.store("the-client-secret", for: keys.app)
        try await store.store("the-access-token", for: token)
        #expect(try await store.lookup(keys.app) == "the-client-secret")
        #expect(try await store.lookup(token) == "the-access-token")

        try await store.remove(token)
        #expect(try await store.lookup(token) == nil)
        #expect(try await store.lookup(keys.app) == "the-client-secret")
        try await store.remove(keys.app)
    }

    @Test func secretsSurviveUnicodeAndLength() async throws {
        let key = uniqueKeys().alice
        let secret = "ünïcødé-" + String(repeating: "x", count: 4096)
        try await store.store(secret, for: key)
        #expect(try await store.lookup(key) == secret)
        try await store.remove(key)
    }

    @Test func itemIsVisibleToSecretTool() async throws {
        let keys = uniqueKeys()
        try await store.store("visible-token", for: keys.alice)
        try await store.store("visible-client-secret", for: keys.app)

        let items = try await searchItems(account: keys.alice.account)
        try #require(items.count == 1)
        let item = items[0]
        #expect(item["label"] == "fedictl access token for \(keys.alice.account)")
        #expect(item["secret"] == "visible-token")
        #expect(item["attribute.service"] == "fedictl")
        #expect(item["attribute.account"] == keys.alice.account)
        #expect(item["attribute.instance"] == keys.alice.instance)
        #expect(item["attribute.kind"] == "access-token")
        #expect(item["schema"] == "org.fedictl.Secret")

        let apps = try await searchItems(account: keys.app.account, extra: ["kind", "client-secret"])
        try #require(apps.count == 1)
        #expect(apps[0]["label"] == "fedictl client secret for \(keys.app.instance)")
        #expect(apps[0]["attribute.kind"] == "client-secret")
        #expect(apps[0]["secret"] == "visible-client-secret")

        try await store.remove(keys.alice)
        try await store.remove(keys.app)
        #expect(try await searchItems(account: keys.alice.account).isEmpty)
    }

    @Test func concurrentCallsAllComplete() async throws {
        let keys = (0..<8).map { _ in uniqueKeys().alice }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, key) in keys.enumerated() {
                group.addTask { try await store.store("token-\(index)", for: key) }
            }
            try await group.waitForAll()
        }
        for (index, key) in keys.enumerated() {
            #expect(try await store.lookup(key) == "token-\(index)")
            try await store.remove(key)
        }
    }
}

/// Runs `secret-tool search --all service fedictl account <account> [extra...]` and parses its
/// items (each a `[label: ..., secret: ..., attribute.x: ...]` dictionary).
private func searchItems(account: String, extra: [String] = []) async throws -> [[String: String]] {
    let result = try await runSecretTool(["search", "--all", "service", "fedictl", "account", account] + extra)
    // An empty search exits 1 with no output.
    if result.status != 0 && result.stdout.isEmpty { return [] }
    #expect(result.status == 0, "secret-tool failed: \(result.stderr)")
    var items: [[String: String]] = []
    // secret-tool prints some fields (label, secret, attributes) on stdout and others on stderr,
    // depending on the version; merge both, splitting items at their "[/path]" headers.
    for line in (result.stdout + "\n" + result.stderr).split(separator: "\n") {
        if line.hasPrefix("[/") {
            items.append([:])
            continue
        }
        guard !items.isEmpty, let range = line.range(of: " = ") else { continue }
        let name = String(line[..<range.lowerBound])
        let value = String(line[range.upperBound...])
        items[items.count - 1][name] = value
    }
    return items
}

/// Waits for secret-tool off the cooperative pool (a blocking wait there stalls other tests).
private func runSecretTool(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try await ProcessRunner.run("secret-tool", arguments)
    return (result.status, result.stdout, result.stderr)
}

/// What works without any keyring: the fast "no bus" check, the GError mapping, the deadline.
@Suite("LibSecretStore without a keyring")
struct LibSecretStoreOfflineTests {
    @Test func nonexistentBusSocketIsUnavailableQuickly() async throws {
        let store = LibSecretStore(
            timeout: .seconds(3),
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        let key = SecretKey(account: "a@example.invalid", instance: "example.invalid", kind: .accessToken)
        let clock = ContinuousClock()
        let started = clock.now
        for operation in 0..<3 {
            do {
                switch operation {
                case 0: try await store.store("x", for: key)
                case 1: _ = try await store.lookup(key)
                default: try await store.remove(key)
                }
                Issue.record("operation \(operation) succeeded without a bus")
            } catch let error as SecretStoreError {
                switch error {
                case .unavailable(let why):
                    #expect(why.contains("/nonexistent"))
                case .timedOut:
                    break  // acceptable, as long as it is bounded
                case .failed(let why):
                    Issue.record("expected .unavailable, got .failed(\(why))")
                case .locked:
                    Issue.record("expected .unavailable, got .locked")
                }
            }
        }
        #expect(clock.now - started < .seconds(3))
    }

    /// cron and systemd units have no session bus named: the user's own /run/user/UID/bus is used
    /// when it is a socket of the user's, and only when nothing names another bus.
    @Test func theUsersOwnBusServesWhenNoSessionNamesOne() throws {
        let root = try TemporaryDirectory.make("run-user")
        defer { try? FileManager.default.removeItem(at: root) }
        let uid = geteuid()
        let directory = root.appendingPathComponent("\(uid)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("bus").path
        #expect(
            LibSecretStore.userBusAddress(environment: [:], uid: uid, runtimeRoot: root.path) == nil, "no socket yet")
        try FileManager.default.createFile(atPath: path, contents: Data())
        #expect(
            LibSecretStore.userBusAddress(environment: [:], uid: uid, runtimeRoot: root.path) == nil,
            "a plain file is no bus")
        try FileManager.default.removeItem(atPath: path)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        #expect(
            LibSecretStore.userBusAddress(environment: [:], uid: uid, runtimeRoot: root.path) == "unix:path=\(path)")
        #expect(
            LibSecretStore.userBusAddress(
                environment: ["DBUS_SESSION_BUS_ADDRESS": ""], uid: uid, runtimeRoot: root.path)
                == "unix:path=\(path)")
        // A named bus, or one GDBus finds itself, is left alone.
        #expect(
            LibSecretStore.userBusAddress(
                environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"], uid: uid,
                runtimeRoot: root.path) == nil)
        #expect(
            LibSecretStore.userBusAddress(
                environment: ["XDG_RUNTIME_DIR": directory.path], uid: uid, runtimeRoot: root.path) == nil)
        // A socket of another user's is not ours to talk to (only root can make one here).
        if uid == 0, chown(path, 1, 1) == 0 {
            #expect(LibSecretStore.userBusAddress(environment: [:], uid: uid, runtimeRoot: root.path) == nil)
        }
    }

    @Test func unsetBusAddressIsUnavailable() {
        #expect(LibSecretStore.missingSessionBus(in: [:]) != nil)
        #expect(LibSecretStore.missingSessionBus(in: ["DBUS_SESSION_BUS_ADDRESS": ""]) != nil)
        // GDBus would autolaunch with an X11 display, or use $XDG_RUNTIME_DIR/bus: let it try.
        #expect(LibSecretStore.missingSessionBus(in: ["DISPLAY": ":0"]) == nil)
        // Non-unix or abstract addresses cannot be checked from here.
        #expect(LibSecretStore.missingSessionBus(in: ["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x"]) == nil)
        #expect(LibSecretStore.missingSessionBus(in: ["DBUS_SESSION_BUS_ADDRESS": "tcp:host=localhost,port=1"]) == nil)
        // One live address among several is enough.
        #expect(
            LibSecretStore.missingSessionBus(in: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent;unix:path=/"])
                == nil)
        #expect(
            LibSecretStore.missingSessionBus(in: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent,guid=abc"]) != nil
        )
    }

    /// The messages and codes are the ones libsecret 0.20 / GLib 2.74 produce in each situation.
    @Test(arguments: [
        ("g-io-error-quark", Int32(0), "Cannot autolaunch D-Bus without X11 $DISPLAY", "unavailable"),
        ("g-io-error-quark", 1, "Could not connect: No such file or directory", "unavailable"),
        ("g-io-error-quark", 13, "Address element “bogus” does not contain a colon (:)", "unavailable"),
        (
            "g-exec-error-quark", 8, "Failed to execute child process “dbus-launch” (No such file or directory)",
            "unavailable"
        ),
        (
            "g-dbus-error-quark", 2, "The name org.freedesktop.secrets was not provided by any .service files",
            "unavailable"
        ),
        ("g-dbus-error-quark", 3, "The name is not activatable", "unavailable"),
        ("g-dbus-error-quark", 4, "Did not receive a reply", "timedOut"),
        ("g-io-error-quark", 24, "Timeout was reached", "timedOut"),
        (
            "g-dbus-error-quark", 19, "Object does not exist at path “/org/freedesktop/secrets/collection/login”",
            "failed"
        ),
        ("secret-error-quark", 2, "Cannot store a secret: the collection is locked", "failed"),
        ("g-io-error-quark", 19, "Operation was cancelled", "failed"),
    ])
    func gerrorMapping(domain: String, code: Int32, message: String, expected: String) {
        let mapped = LibSecretStore.classify(domain: domain, code: code, message: message, timeout: 3)
        switch (mapped, expected) {
        case (.unavailable(let why), "unavailable"), (.failed(let why), "failed"):
            #expect(why == message)
        case (.timedOut(let seconds), "timedOut"):
            #expect(seconds == 3)
        default:
            Issue.record("\(domain) \(code) mapped to \(mapped), expected \(expected)")
        }
    }

    /// Asserts the order of events, not a wall-clock time (a loaded test run can delay any await):
    /// the deadline's error arrives while the hung call is still hanging.
    @Test func deadlineThrowsTimedOutWithoutWaitingForAHungCall() async throws {
        let finished = Flag()
        await #expect(throws: SecretStoreError.timedOut(seconds: 0.2)) {
            try await LibSecretStore.withDeadline(.milliseconds(200)) {
                Thread.sleep(forTimeInterval: 120)  // a D-Bus call that never answers
                finished.set()
                return "late"
            }
        }
        #expect(!finished.isSet, "the deadline waited for the hung call")
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test func deadlinePassesResultsAndErrorsThrough() async throws {
        let value = try await LibSecretStore.withDeadline(.seconds(3)) { 42 }
        #expect(value == 42)
        await #expect(throws: SecretStoreError.failed("boom")) {
            try await LibSecretStore.withDeadline(.seconds(3)) { () throws -> Int in
                throw SecretStoreError.failed("boom")
            }
        }
    }

    @Test func deadlineHonoursCancellation() async throws {
        let task = Task {
            try await LibSecretStore.withDeadline(.seconds(30)) {
                Thread.sleep(forTimeInterval: 2)
                return 1
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
