import FediTestSupport
import Foundation
import Testing

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
        let first = try await BinaryRunner.run(
            ["instance", "info", server.base, "--verbose", "-o", "json"], environment: environment)
        #expect(first.status == 0, "\(first)")
        #expect(requests(first) == ["/.well-known/nodeinfo", "/nodeinfo/2.0", "/api/v2/instance"])
        let second = try await BinaryRunner.run(
            ["instance", "info", server.base, "--verbose", "-o", "json"], environment: environment)
        #expect(second.status == 0, "\(second)")
        #expect(requests(second) == ["/api/v2/instance"])
        #expect(try #require(try second.json() as? [String: Any])["flavour"] as? String == "mastodon")

        let file = cacheHome.appendingPathComponent("fedictl/servers.json")
        let cached = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: [String: Any]])
        #expect(cached[server.base]?["flavour"] as? String == "mastodon")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    /// libcurl and libsecret are loaded on first use, so --version, --help and completion do not map
    /// them and their dozens of dependencies; and the binary links FoundationEssentials, not full
    /// Foundation with ICU (bench/README.md has the figures). In a debug build these are shared
    /// libraries, so ldd names what the release build would carry inside.
    @Test func theBinaryDoesNotLinkLibcurlLibsecretOrFullFoundation() async throws {
        let result = try await ProcessRunner.run("/usr/bin/ldd", [RepoPaths.fedictlBinary.path])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("libcurl"), "\(result.stdout)")
        #expect(!result.stdout.contains("libsecret"), "\(result.stdout)")
        #expect(!result.stdout.contains("libglib"), "\(result.stdout)")
        #expect(result.stdout.contains("libFoundationEssentials"), "\(result.stdout)")
        #expect(!result.stdout.contains("libFoundation.so"), "\(result.stdout)")
        #expect(!result.stdout.contains("libFoundationInternationalization"), "\(result.stdout)")
    }

    /// Where libcurl or libsecret cannot be loaded (here: empty files first on LD_LIBRARY_PATH),
    /// the user gets one line and a hint, not a crash: exit 69 for the network, 77 for the keyring.
    @Test func aMissingLibcurlIsAClearErrorNotACrash() async throws {
        let root = try TemporaryDirectory.make("no-libs")
        defer { try? FileManager.default.removeItem(at: root) }
        let withoutCurl = try emptyLibraries(["libcurl.so.4", "libcurl.so"], in: "curl", under: root)
        let noCurl = try await BinaryRunner.run(
            ["instance", "info", "127.0.0.1:9"], environment: ["LD_LIBRARY_PATH": withoutCurl])
        #expect(noCurl.status == 69, "\(noCurl)")
        #expect(noCurl.stderr.hasPrefix("fedictl: cannot load libcurl: "), "\(noCurl)")
        #expect(noCurl.stderr.hasSuffix("\nhint: install libcurl: sudo apt-get install libcurl4\n"), "\(noCurl)")
    }

    /// The keyring half needs a session bus to get past the "no D-Bus" check (scripts/with-keyring gives one).
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            "needs a session bus (scripts/with-keyring)"))
    func aMissingLibsecretIsAClearErrorNotACrash() async throws {
        let root = try TemporaryDirectory.make("no-libs")
        defer { try? FileManager.default.removeItem(at: root) }
        let bus = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]!
        let server = try await MockServer.start()
        let noSecret = try await BinaryRunner.run(
            ["auth", "add", server.base, "--token-stdin"],
            environment: [
                "LD_LIBRARY_PATH": try emptyLibraries(["libsecret-1.so.0"], in: "secret", under: root),
                "DBUS_SESSION_BUS_ADDRESS": bus, "XDG_CONFIG_HOME": root.path,
            ],
            input: MockServer.alice.token)
        #expect(noSecret.status == 77, "\(noSecret)")
        #expect(noSecret.stderr.contains("cannot load libsecret"), "\(noSecret)")
        #expect(noSecret.stderr.contains("hint: "), "\(noSecret)")
    }

    /// Empty files named like the libraries, first on LD_LIBRARY_PATH, so loading them fails.
    private func emptyLibraries(_ names: [String], in folder: String, under root: URL) throws -> String {
        let directory = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in names { try Data().write(to: directory.appendingPathComponent(name)) }
        return directory.path
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
