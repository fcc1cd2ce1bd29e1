import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks add -` in the fast tier: the domains on stdin planned against the server's list
/// once, one question, each missing block sent once, what is blocked already left alone.
@Suite struct DomainBlocksAddManyTests {
    static let input = "# the wave\nwave1.example\n\nspam.example\nwave2.example\n"

    static func posts(_ server: FakeServerAccount) -> [String] {
        server.transport.requests.filter { $0.method != .get }.map(\.route)
    }

    @Test func eachDomainNotBlockedYetIsSentOnceAndWhatIsBlockedIsLeftAlone() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.block("7", "wave1.example"))
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.block("8", "wave2.example"))
        let result = await server.run(
            [
                "domain-blocks", "add", "-", "--yes", "--concurrency", "1",
                "--fields", "action,domain,result",
            ], input: Self.input)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "add\twave1.example\tadded\nadd\twave2.example\tadded\n", "\(result)")
        #expect(result.stderr.contains("2 to add, 0 to update, 1 unchanged"), "\(result)")
        #expect(result.stderr.contains("Wrote 2 of 2 changes."), "\(result)")
        #expect(Self.posts(server) == ["POST /api/v1/admin/domain_blocks", "POST /api/v1/admin/domain_blocks"])
        let sent = server.transport.requests.filter { $0.method == .post }
            .compactMap { $0.jsonBody?["domain"] as? String }
        #expect(sent == ["wave1.example", "wave2.example"], "\(sent)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// What a list prints piped (`domain-blocks list --fields domain` on another server: the account
    /// it was read as, then the domain) gives its domains: a domain names the same place everywhere.
    @Test func aListsAccountAndDomainLinesGiveTheirDomains() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let plan = await server.run(
            ["domain-blocks", "add", "-", "--dry-run", "--fields", "action,domain"],
            input: "admin@other.test\twave1.example\n# a comment\twith a tab\nadmin@other.test\twave2.example\n")
        #expect(plan.status == 0, "\(plan)")
        #expect(plan.stdout == "add\twave1.example\nadd\twave2.example\n", "\(plan)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test func offATerminalTheOneQuestionNeedsYesAndADryRunSendsNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let asked = await server.run(["domain-blocks", "add", "-", "--severity", "silence"], input: Self.input)
        #expect(asked.status == 64, "\(asked)")
        #expect(
            asked.stderr.contains(
                "fedictl: Block 2 domains and change 1 existing block on fake.test "
                    + "(wave1.example, spam.example and wave2.example): confirmation needed\n"),
            "\(asked)")

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let plan = await server.run(
            ["domain-blocks", "add", "-", "--dry-run", "--fields", "action,domain"],
            input: Self.input)
        #expect(plan.status == 0, "\(plan)")
        #expect(plan.stdout == "add\twave1.example\nadd\twave2.example\n", "\(plan)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test func aLineThatIsNoDomainIsBadInputAndNothingIsSent() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["domain-blocks", "add", "-", "--yes"], input: "wave1.example\nnot a domain\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: line 2 of stdin: "), "\(result)")
        #expect(result.stderr.contains("nothing was sent"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
