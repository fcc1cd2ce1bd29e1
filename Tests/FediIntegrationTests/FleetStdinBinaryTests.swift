import FediCore
import FediTestSupport
import Foundation
import Testing

/// A list piped into one command over two mastodon_mock accounts, through the built binary: every
/// account gets the whole of stdin, not just the first one to read it.
struct FleetStdinBinaryTests {
    static func domains(on server: ServerProcess) async throws -> [String] {
        let blocks = try #require(
            try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        return blocks.compactMap { $0["domain"] as? String }.sorted()
    }

    @Test func everyAccountReadsTheWholeOfStdin() async throws {
        async let startA = MockServer.start()
        async let startB = MockServer.start()
        let serverA = try await startA
        let serverB = try await startB
        defer {
            serverA.stop()
            serverB.stop()
        }
        let sandbox = AuthSandbox()
        let state = ["XDG_STATE_HOME": sandbox.root.appendingPathComponent("state").path]
        for server in [serverA, serverB] {
            let added = try await sandbox.run(
                ["auth", "add", server.base, "--token-stdin", "--insecure-storage"], input: MockServer.admin.token,
                environment: state)
            #expect(added.status == 0, "\(added)")
        }
        let both = ["--insecure-storage", "--account", "admin@\(serverA.base),admin@\(serverB.base)"]

        let imported = try await sandbox.run(
            both + ["domain-blocks", "import", "-", "--yes"],
            input: "#domain,#severity\nloud.example,silence\nspam.example,suspend\n", environment: state)
        #expect(imported.status == 0, "\(imported)")
        // The plain-file warning is said once a run, not once per account or per lookup.
        #expect(
            imported.stderr.components(separatedBy: "warning: secrets are kept in a plain file").count == 2,
            "\(imported.stderr)")
        #expect(try await Self.domains(on: serverA) == ["loud.example", "spam.example"])
        #expect(try await Self.domains(on: serverB) == ["loud.example", "spam.example"], "\(imported)")

        let synced = try await sandbox.run(
            both + ["domain-blocks", "sync", "-", "--yes"],
            input: "#domain,#severity\nloud.example,silence\nspam.example,suspend\nbots.example,suspend\n",
            environment: state)
        #expect(synced.status == 0, "\(synced)")
        #expect(
            synced.stderr.components(separatedBy: "warning: secrets are kept in a plain file").count == 2,
            "\(synced.stderr)")
        #expect(try await Self.domains(on: serverA) == ["bots.example", "loud.example", "spam.example"])
        #expect(try await Self.domains(on: serverB) == ["bots.example", "loud.example", "spam.example"], "\(synced)")
    }
}
