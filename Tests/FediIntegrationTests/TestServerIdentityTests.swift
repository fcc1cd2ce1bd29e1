import FediCore
import FediTestSupport
import Foundation
import Testing

/// The local test servers cannot be confused with another process's: on a busy machine a port
/// chosen free and bound later was once taken in between, and a test talked to a stranger.
@Suite struct TestServerIdentityTests {
    /// mastodon_mock's wrapper binds before it says its port: the listening socket on that port is
    /// the server process's own, not one it hoped to get.
    @Test func mastodonMockListensOnTheSocketItReported() async throws {
        let server = try await MockServer.start()
        #expect(
            Self.listeningSockets(port: server.port).isSubset(of: Self.sockets(of: server.child!.pid)))
        #expect(!Self.listeningSockets(port: server.port).isEmpty)
        let me = try await server.json(.get, "/api/v1/accounts/verify_credentials", token: MockServer.admin.token)
        #expect((me as? [String: Any])?["username"] as? String == "admin")
    }

    /// A port another process listens on: the start script does not take that process's answers
    /// for GoToSocial's, and says the port was taken (75), so its caller starts again elsewhere.
    @Test(.realGoToSocial) func goToSocialStartRefusesAPortAnotherProcessHolds() async throws {
        let squatter = try await FixtureServer.start(flavour: "mastodon")
        let directory = try TemporaryDirectory.make("gotosocial-squatted")
        let result = try await ProcessRunner.run(
            RepoPaths.root.appendingPathComponent("scripts/gotosocial-start").path,
            [GoToSocialServer.binary, directory.appendingPathComponent("data").path, String(squatter.port)])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("port \(squatter.port) was taken by another process"), "\(result)")
        #expect(result.stdout.isEmpty, "no server described: \(result)")
        // The squatter still answers as itself.
        let instance = try await squatter.json(.get, "/api/v1/instance")
        #expect((instance as? [String: Any]) != nil)
    }

    /// The inodes of the sockets listening on 127.0.0.1:`port` (Linux's /proc/net/tcp, state 0A).
    static func listeningSockets(port: Int) -> Set<String> {
        // Read to the end: procfs says size 0, and a busy machine's table is many pages long.
        let data = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd()) ?? nil
        let table = String(decoding: data ?? Data(), as: UTF8.self)
        return Set(
            table.split(separator: "\n").dropFirst().compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count > 9, fields[3] == "0A", let local = fields[1].split(separator: ":").last,
                    Int(local, radix: 16) == port
                else { return nil }
                return String(fields[9])
            })
    }

    /// The inodes of the sockets process `pid` holds open.
    static func sockets(of pid: Int32) -> Set<String> {
        let directory = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Set(
            descriptors.compactMap { descriptor in
                guard
                    let target = try? FileManager.default.destinationOfSymbolicLink(
                        atPath: "\(directory)/\(descriptor)"),
                    target.hasPrefix("socket:[")
                else { return nil }
                return String(target.dropFirst(8).dropLast())
            })
    }
}
