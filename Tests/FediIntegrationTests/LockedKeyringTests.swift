import FediCore
import FediTestSupport
import Foundation
import Testing

/// A locked keyring is not an empty one. A private gnome-keyring of its own (scripts/with-keyring,
/// so locking it cannot disturb the other keyring tests) holds a token; its collection is locked
/// over D-Bus (org.freedesktop.Secret.Service.Lock); then the built binary runs against it.
@Suite(.enabled(if: !KeyringProbe.skipRequested, "FEDICTL_SKIP_KEYRING_TESTS=1"))
struct LockedKeyringTests {
    @Test func aLockedCollectionIsSaidToBeLockedAndLogoutRemovesNothing() async throws {
        let token = "locked-\(UUID().uuidString)"
        let server = try await MockServer.start(accounts: [SeedAccount("alice", token: token)])
        let work = try TemporaryDirectory.make("locked-keyring")
        defer { try? FileManager.default.removeItem(at: work) }
        let id = "alice@\(server.base)"
        // Each step's stdout, stderr and status go to files of their own under $WORK.
        let script = """
            step() { name=$1; shift; "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" </dev/null; echo $? >"$WORK/$name.status"; }
            printf %s "$TOKEN" | "$FEDICTL" auth add "$HOST" --token-stdin >"$WORK/add.out" 2>"$WORK/add.err"; echo $? >"$WORK/add.status"
            dbus-send --session --dest=org.freedesktop.secrets --type=method_call --print-reply /org/freedesktop/secrets \
                org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
            step status "$FEDICTL" accounts list
            step logout "$FEDICTL" auth logout "$ID"
            step search secret-tool search --all service fedictl account "$ID"
            step list "$FEDICTL" auth list --fields account
            # The keyring daemon outlives the bus (and, started from a test's thread, ignores SIGTERM):
            # end it by the id the bus gives for its name.
            pid=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets | awk '{print $2}')
            [ -n "$pid" ] && kill -9 "$pid"
            """
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": work.path, "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": "/dev/null/no-cache", "XDG_STATE_HOME": work.appendingPathComponent("state").path,
            "WORK": work.path, "FEDICTL": RepoPaths.fedictlBinary.path, "TOKEN": token, "HOST": server.base, "ID": id,
        ]
        // Its output goes to a file, not a pipe: nothing left behind can hold the test's pipe open.
        let run = try await ProcessRunner.run(
            "/bin/bash", ["-c", "\"$WITH_KEYRING\" bash -c \"$SCRIPT\" >\"$WORK/run.log\" 2>&1"],
            environment: environment.merging([
                "SCRIPT": script, "WITH_KEYRING": RepoPaths.root.appendingPathComponent("scripts/with-keyring").path,
            ]) { $1 })
        func step(_ name: String) -> (out: String, err: String, status: String) {
            func read(_ suffix: String) -> String {
                (try? String(contentsOf: work.appendingPathComponent("\(name).\(suffix)"), encoding: .utf8)) ?? ""
            }
            return (read("out"), read("err"), read("status").trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(
            step("add").status == "0",
            "\(step("add")) \(run) \((try? String(contentsOf: work.appendingPathComponent("run.log"), encoding: .utf8)) ?? "")"
        )

        let status = step("status")
        #expect(status.status == "77", "\(status)")
        #expect(status.err.contains("fedictl: the keyring holding fedictl's secrets is locked"), "\(status)")
        #expect(status.err.contains("\nhint: unlock it"), "\(status)")
        #expect(!status.err.contains("no token is stored"), "\(status)")

        let logout = step("logout")
        #expect(logout.status == "77", "\(logout)")
        #expect(logout.err.contains("is locked"), "\(logout)")
        #expect(!logout.err.contains("removed"), "\(logout)")
        // The item, the account and the token on the server are all still there.
        #expect(step("search").out.contains("label = fedictl access token for \(id)"), "\(step("search"))")
        #expect(step("list").out.contains(id), "\(step("list"))")
        #expect(try await server.whoami(token) == (200, "alice"))
    }
}
