import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks export` in the fast tier: the file on stdout, nothing else.
@Suite struct DomainBlocksExportTests {
    @Test func mastodonCSVByDefaultWithEveryColumnSortedByDomain() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "export"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate
                noisy.example,silence,true,false,,false
                spam.example,suspend,false,false,Spam,false

                """, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func listFormatIsDomainsOnly() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "export", "--format", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "noisy.example\nspam.example\n", "\(result)")  // sorted, as every export
    }

    @Test func aFormatThatDisagreesWithOutputIsAUsageError() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["domain-blocks", "export", "--format", "list", "-o", "json"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("disagree"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func softwareWithoutAnAdminAPIIsRefusedWithoutARequest() async {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(["domain-blocks", "export"], startingWith: "fedictl: ")
    }
}
