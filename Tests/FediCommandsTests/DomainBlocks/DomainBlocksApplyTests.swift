import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks apply` in the fast tier: a saved plan refused when the server's list changed, or
/// when it is not a plan at all.
@Suite struct DomainBlocksApplyCommandTests {
    @Test func applyRefusesAPlanWhoseServerListChanged() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(
            .get, "/api/v1/admin/domain_blocks", json: #"[{"id": "01A", "domain": "meanwhile.example"}]"#)
        let plan =
            #"[{"account": "admin@fake.test", "domain": "new.example", "action": "add", "severity": "suspend", "details": [], "sources": ["-"], "list_digest": "\#(DomainDigest.sha256Hex(""))"}]"#
        let result = await server.run(
            ["domain-blocks", "apply", "-", "--yes"], input: plan, environment: try DomainBlocksSyncCommandTests.state()
        )
        #expect(result.status == 79, "\(result)")
        #expect(
            result.stderr == """
                fedictl: the domain blocks on fake.test changed since the plan was made; nothing was sent
                hint: make the plan again with `fedictl domain-blocks sync ... --dry-run -o json`, or pass --force

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func applyRefusesSomethingThatIsNotAPlan() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["domain-blocks", "apply", "-"], input: "domain\nspam.example\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: stdin is not a saved sync plan\nhint: "), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
