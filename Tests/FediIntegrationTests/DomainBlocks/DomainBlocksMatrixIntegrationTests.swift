import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks matrix` and `diff` over two mastodon_mock servers and the real GoToSocial (the
/// built binary, a config holding all three): every cell is what that server's own admin list says.
@Suite(.realGoToSocial) struct DomainBlocksMatrixIntegrationTests {
    /// A config with one admin login a server, each with its token in a 0600 file.
    struct Home {
        let root: URL
        var tokens: URL { root.appendingPathComponent("tokens") }

        init(_ servers: [(id: String, base: String, token: String)]) throws {
            root = try TemporaryDirectory.make("matrix")
            let store = FileLoginStore(
                paths: ConfigPaths(directory: root.appendingPathComponent("home/.config/fedictl")))
            try store.update { config in
                config.accounts = servers.map { server in
                    Login(
                        id: server.id, username: String(server.id.prefix { $0 != "@" }),
                        baseURL: "http://\(server.base)",
                        scopes: ["read", "write", "admin:read", "admin:write"], tokenStorage: .keyring)
                }
                config.defaultAccount = servers[0].id
            }
            try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
            for server in servers {
                let file = tokens.appendingPathComponent(server.id)
                try server.token.write(to: file, atomically: true, encoding: .utf8)
                chmod(file.path, 0o600)
            }
        }

        func run(_ arguments: [String]) async throws -> CommandResult {
            try await ProcessRunner.run(
                RepoPaths.fedictlBinary.path, arguments,
                environment: [
                    "HOME": root.appendingPathComponent("home").path, "FEDICTL_TOKEN_FILE": tokens.path,
                    "XDG_CACHE_HOME": root.appendingPathComponent("cache").path, "LANG": "C.UTF-8",
                    "PATH": "/usr/bin:/bin",
                ])
        }
    }

    static func domain(_ label: String) -> String { "\(GoToSocialServer.uniqueName(label)).example" }

    @Test func eachCellIsWhatEachServerKeepsAndDiffNamesTheDifferences() async throws {
        let gts = try await GoToSocialServer.shared()
        async let first = MockServer.start()
        async let second = MockServer.start()
        let mocks = try await [first, second]
        defer { mocks.forEach { $0.stop() } }
        let (trolls, loud, partner) = (Self.domain("trolls"), Self.domain("loud"), Self.domain("partner"))

        // Each server's own state, made through its own API.
        for (server, body) in [
            (mocks[0], ["domain": trolls, "severity": "suspend", "obfuscate": true] as [String: Any]),
            (mocks[0], ["domain": loud, "severity": "silence"]),
            (mocks[1], ["domain": trolls, "severity": "silence"]),
        ] {
            _ = try await server.json(.post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token, body: body)
        }
        for (path, domain) in [("/api/v1/admin/domain_blocks", trolls), ("/api/v1/admin/domain_allows", partner)] {
            let made = try await gts.http.request(.post, path, token: gts.admin.token, json: ["domain": domain])
            try #require(made.status == 200, "\(made)")
        }

        let ids = mocks.map { "admin@\($0.base)" } + ["\(gts.admin.username)@\(gts.base)"]
        let home = try Home(
            zip(ids, mocks.map(\.base) + [gts.base]).enumerated().map { index, pair in
                (pair.0, pair.1, index < 2 ? MockServer.admin.token : gts.admin.token)
            })
        defer { try? FileManager.default.removeItem(at: home.root) }

        // What each server says, read straight from it: domain → (severity, obfuscate) or "allowed".
        func state(_ path: String, on server: ServerProcess, token: String) async throws -> [[String: Any]] {
            try #require(try await server.json(.get, path, token: token) as? [[String: Any]])
        }
        // By server, as the matrix names its columns (in account order, not the order given).
        var truth: [String: [String: String]] = [:]
        for (index, server) in (mocks + [gts.http]).enumerated() {
            let token = index < 2 ? MockServer.admin.token : gts.admin.token
            var cells: [String: String] = [:]
            for block in try await state("/api/v1/admin/domain_blocks", on: server, token: token) {
                guard let domain = block["domain"] as? String else { continue }
                cells[domain] =
                    "blocked \(block["severity"] as? String ?? "suspend") \(block["obfuscate"] as? Bool ?? false)"
            }
            if index == 2 {
                for allow in try await state("/api/v1/admin/domain_allows", on: server, token: token) {
                    if let domain = allow["domain"] as? String, cells[domain] == nil { cells[domain] = "allowed" }
                }
            }
            truth[server.base] = cells
        }
        let bases = mocks.map(\.base) + [gts.base]

        let matrix = try await home.run(
            ["--account", ids.joined(separator: ","), "domain-blocks", "matrix", trolls, loud, partner, "-o", "json"])
        #expect(matrix.status == 0, "\(matrix)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["domain"] as? String } == [trolls, loud, partner], "\(matrix.stdout)")
        for row in rows {
            let domain = try #require(row["domain"] as? String)
            let stances = try #require(row["servers"] as? [[String: Any]])
            #expect(stances.count == 3)
            for stance in stances {
                let shown: String? =
                    switch stance["state"] as? String {
                    case "blocked":
                        "blocked \(stance["severity"] as? String ?? "") \(stance["obfuscate"] as? Bool ?? false)"
                    case "allowed": "allowed"
                    default: nil
                    }
                let server = try #require(stance["server"] as? String)
                #expect(shown == truth[server]?[domain], "\(domain) on \(server): \(stance)")
            }
        }

        // The first mock against GoToSocial: loud only on the mock; trolls obfuscated on the mock alone.
        let diff = try await home.run(["domain-blocks", "diff", ids[0], ids[2], "-o", "json"])
        #expect(diff.status == 0, "\(diff)")
        let differences = try #require(
            try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [[String: Any]])
        let mine = differences.filter { [trolls, loud, partner].contains($0["domain"] as? String ?? "") }
        let expected = [trolls, loud].filter { truth[bases[0]]?[$0] != truth[bases[2]]?[$0] }
        #expect(Set(mine.compactMap { $0["domain"] as? String }) == Set(expected), "\(diff.stdout)")
        #expect(mine.first { $0["domain"] as? String == loud }?["difference"] as? String == "only-first")
        // Between the mocks, trolls differs (suspend and obfuscated against silence).
        let mocksDiff = try await home.run(["domain-blocks", "diff", ids[0], ids[1], "-o", "csv"])
        #expect(mocksDiff.stdout.contains("\(trolls),suspend*,silence,differs\r\n"), "\(mocksDiff)")
        #expect(mocksDiff.stdout.contains("\(loud),silence,,only \(mocks[0].base)\r\n"), "\(mocksDiff)")
    }
}
