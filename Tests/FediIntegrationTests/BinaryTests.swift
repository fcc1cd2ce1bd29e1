import Foundation
import Testing
import FediTestSupport

/// The built binary, run as a user would run it.
struct BinaryTests {
    @Test func versionPrintsTheVersion() async throws {
        let result = try await BinaryRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test func instanceInfoAsJSON() async throws {
        let server = try await MockServer.start()
        let result = try await BinaryRunner.run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["version"] as? String == "4.6.0")
    }

    @Test func pipedTableIsTSV() async throws {
        let server = try await MockServer.start()
        let result = try await BinaryRunner.run(["instance", "info", server.base, "--fields", "domain,version"])
        #expect(result.stdout == "domain\tlocalhost:\(server.port)\nversion\t4.6.0\n")
    }

    @Test func aSecondInfoOnTheSameHostIsOneRequestFromTheServerCache() async throws {
        let server = try await MockServer.start()
        let cacheHome = try TemporaryDirectory.make("cache-home")
        defer { try? FileManager.default.removeItem(at: cacheHome) }
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        func requests(_ result: CommandResult) -> [String] {
            result.stderr.split(separator: "\n").filter { $0.hasPrefix("fedictl: < ") }
                .map { $0.split(separator: " ")[3].replacingOccurrences(of: server.baseURL.absoluteString, with: "") }
        }
        let first = try await BinaryRunner.run(["instance", "info", server.base, "--verbose", "-o", "json"], environment: environment)
        #expect(first.status == 0, "\(first)")
        #expect(requests(first) == ["/.well-known/nodeinfo", "/nodeinfo/2.0", "/api/v2/instance"])
        let second = try await BinaryRunner.run(["instance", "info", server.base, "--verbose", "-o", "json"], environment: environment)
        #expect(second.status == 0, "\(second)")
        #expect(requests(second) == ["/api/v2/instance"])
        #expect(try #require(try second.json() as? [String: Any])["flavour"] as? String == "mastodon")

        let file = cacheHome.appendingPathComponent("fedictl/servers.json")
        let cached = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: [String: Any]])
        #expect(cached[server.base]?["flavour"] as? String == "mastodon")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    /// libcurl and libsecret are loaded on first use, so --version, --help and completion do not map
    /// them and their dozens of dependencies (bench/README.md has the figures).
    @Test func theBinaryDoesNotLinkLibcurlOrLibsecret() async throws {
        let result = try await ProcessRunner.run("/usr/bin/ldd", [RepoPaths.fedictlBinary.path])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("libcurl"), "\(result.stdout)")
        #expect(!result.stdout.contains("libsecret"), "\(result.stdout)")
        #expect(!result.stdout.contains("libglib"), "\(result.stdout)")
    }

    @Test func unknownSubcommandIsAUsageError() async throws {
        let result = try await BinaryRunner.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("fedictl: "))
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func helpListsTheExitCodes() async throws {
        let result = try await BinaryRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("EXIT STATUS"))
        #expect(result.stdout.contains("77  permission"))
    }
}
