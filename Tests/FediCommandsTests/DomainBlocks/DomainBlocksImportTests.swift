import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks import` in the fast tier: the plan, the writes, a re-run that writes nothing.
@Suite struct DomainBlocksImportTests {
    static let csv = """
        #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
        spam.example,suspend,false,false,Spam,false
        new.example,silence,true,false,,false

        """

    @Test func aDryRunPrintsThePlanAndSendsOnlyTheRead() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "import", "-", "--dry-run"], input: Self.csv)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("1 to add, 0 to update, 1 unchanged\n"), "\(result)")
        #expect(
            result.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") } == [
                "add new.example"
            ], "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func appliedItWritesOnlyWhatIsMissing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks",
            json: DomainBlockStubs.block("3", "new.example", severity: "silence", media: true))
        let result = await server.run(["domain-blocks", "import", "-", "-o", "json"], input: Self.csv)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Wrote 1 of 1 change.\n"), "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["domain"] as? String } == ["new.example"])
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/domain_blocks", "POST /api/v1/admin/domain_blocks",
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func whenTheServerMatchesNothingIsWritten() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "import", "-"], input: "spam.example\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Nothing to write: the server already matches stdin."), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.requests.count == 1)
    }

    @Test func goToSocialRefusesRowsItCannotKeepBeforeAnyWrite() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        let result = await server.run(["domain-blocks", "import", "-"], input: Self.csv)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("new.example"), "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(!server.transport.requests.contains { $0.method != .get })
    }
}

/// Every verb that reads stdin stops at 32 MiB (exit 65) and sends nothing.
@Suite struct StdinCapTests {
    /// One line: the harness splits its input into lines, which for 2.5 million would take long.
    static let endless = String(repeating: "x", count: BoundedInput.maxBytes + 1)

    @Test(arguments: [
        ["domain-blocks", "import", "-", "--yes"], ["domain-blocks", "merge", "-"],
        ["domain-blocks", "sync", "-", "--yes"],
    ])
    func aBlocklistOnStdinOverTheCapIsRefused(arguments: [String]) async throws {
        let server = FakeServerAccount()
        let result = await server.run(arguments, input: Self.endless)
        #expect(result.status == 65, "\(result.status) \(result.stderr)")
        #expect(
            result.stderr.hasPrefix("fedictl: stdin is larger than 32 MiB: fedictl stopped reading there"),
            "\(result.stderr)")
        #expect(result.stderr.contains("hint: "), "\(result.stderr)")
        #expect(server.transport.requests.isEmpty, "\(server.transport.requests.map(\.route))")
    }

    @Test func aTokenOnStdinOverTheCapIsRefused() async throws {
        let transport = FakeTransport()
        let result = await CommandHarness(transport: transport)
            .run(["auth", "add", "fake.test", "--token-stdin"], input: Self.endless)
        #expect(result.status == 65, "\(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("fedictl: stdin is larger than 32 MiB"), "\(result.stderr)")
        #expect(transport.requests.isEmpty)
    }
}
