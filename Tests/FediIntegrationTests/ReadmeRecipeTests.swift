import FediCore
import FediTestSupport
import Foundation
import Testing

/// README's runnable recipes (each shell block after a `<!-- runnable` marker) run as written,
/// line by line through /bin/sh with the built fedictl on the PATH, against two mastodon_mock
/// servers whose report and account ids collide (CollidingIdsTests): over one account, and over a
/// group of both made the default. Each server's state is read back.
struct ReadmeRecipeTests {
    /// The lines of every runnable block, comments and blank lines left out.
    static func recipes() throws -> [String] {
        let text = try String(contentsOf: RepoPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        var lines: [String] = []
        var marked = false
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("<!-- runnable") { marked = true }
            if line.hasPrefix("```") {
                if inBlock {
                    inBlock = false
                    marked = false
                } else if marked {
                    inBlock = true
                }
                continue
            }
            guard inBlock else { continue }
            let command = line.trimmingCharacters(in: .whitespaces)
            if !command.isEmpty, !command.hasPrefix("#") { lines.append(command) }
        }
        return lines
    }

    /// A config of `servers`' admins (the default `defaultAccount`), their tokens in 0600 files.
    struct Home {
        let root: URL
        var environment: [String: String]

        init(servers: [ServerProcess], defaultAccount: String) throws {
            root = try TemporaryDirectory.make("readme-recipes")
            let store = FileLoginStore(paths: ConfigPaths(directory: root.appendingPathComponent("config/fedictl")))
            try store.update { config in
                config.accounts = servers.map {
                    Login(id: "admin@\($0.base)", username: "admin", baseURL: "http://\($0.base)")
                }
                config.groups = ["fleet": servers.map { "admin@\($0.base)" }]
                config.defaultAccount = defaultAccount
            }
            let tokens = root.appendingPathComponent("tokens")
            try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
            for id in servers.map({ "admin@\($0.base)" }) {
                let file = tokens.appendingPathComponent(id)
                try Data(MockServer.admin.token.utf8).write(to: file)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            }
            let bin = root.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: bin.appendingPathComponent("fedictl"), withDestinationURL: RepoPaths.fedictlBinary)
            environment = [
                "HOME": root.path, "PATH": "\(bin.path):/usr/bin:/bin", "LANG": "C.UTF-8",
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
                "FEDICTL_TOKEN_FILE": tokens.path,
            ]
        }

        /// Each recipe line through sh, as a user pastes it; every one must succeed.
        func runRecipes() async throws {
            let recipes = try ReadmeRecipeTests.recipes()
            try #require(recipes.count >= 2, "README's runnable blocks: \(recipes)")
            for line in recipes {
                // -e and pipefail: a failing fedictl on the left of a pipe fails the line too.
                let result = try await ProcessRunner.run(
                    "/bin/bash", ["-o", "pipefail", "-ec", line], environment: environment)
                #expect(result.status == 0, "\(line): \(result)")
            }
        }
    }

    @Test func overOneAccountEachRecipeActsOnThatServerAlone() async throws {
        let pair = try await CollidingIdsTests.start()
        defer { pair.stop() }
        // A's alone: `queue` with no account named is every account's that can moderate.
        let home = try Home(servers: [pair.a], defaultAccount: pair.idA)
        defer { try? FileManager.default.removeItem(at: home.root) }
        try await home.runRecipes()
        #expect(try await CollidingIdsTests.isResolved(pair.reportID, on: pair.a))
        #expect(try await !CollidingIdsTests.isResolved(pair.reportID, on: pair.b), "B's report of the same id")
        #expect(try await !CollidingIdsTests.isPending(pair.carolID, on: pair.a))
        #expect(try await CollidingIdsTests.isPending(pair.carolID, on: pair.b), "B's applicant of the same id")
    }

    @Test func overAGroupEachIdGoesToItsOwnServer() async throws {
        let pair = try await CollidingIdsTests.start()
        defer { pair.stop() }
        let home = try Home(servers: [pair.a, pair.b], defaultAccount: "fleet")
        defer { try? FileManager.default.removeItem(at: home.root) }
        try await home.runRecipes()
        for server in [pair.a, pair.b] {
            #expect(try await CollidingIdsTests.isResolved(pair.reportID, on: server), "\(server.base)")
            #expect(try await !CollidingIdsTests.isPending(pair.carolID, on: server), "\(server.base)")
        }
    }
}
