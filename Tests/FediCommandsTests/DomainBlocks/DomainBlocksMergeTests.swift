import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks merge` in the fast tier: stdin and stored accounts as sources, the outputs, and
/// the mistakes that stop it. fediblockhole parity, URL and server sources are FediIntegrationTests'.
@Suite struct DomainBlocksMergeTests {
    static let mastodonHeader =
        "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate,#private_comment\n"
    static let csv =
        "#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate\n"
        + "spam.example,suspend,true,true,Spam,true\n"
    /// No config directory: a run reads nothing of the user's.
    static let noConfig = ["XDG_CONFIG_HOME": "/nonexistent-fedictl-test"]

    @Test func stdinIsASourceAndJSONNamesWhereEachDomainCameFrom() async throws {
        let server = FakeServerAccount()
        let result = await server.run(
            ["domain-blocks", "merge", "-", "-o", "json"], input: "spam.example\nbad.example\n",
            environment: Self.noConfig)
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["domain"] as? String } == ["bad.example", "spam.example"])
        #expect(rows.first?["digest"] is NSNull)
        #expect(rows.first?["sources"] as? [String] == ["stdin"])
        #expect(result.stderr == "Merged 1 source into 2 domains.\n", "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aStoredAdminAccountsBlocksMergeWithStdinHarshestFirst() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(
            ["domain-blocks", "merge", "account:admin@fake.test", "-", "--fields", "domain,severity,reject_media"],
            input: "noisy.example\n", environment: Self.noConfig)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "noisy.example\tsuspend\tyes\nspam.example\tsuspend\tno\n", "\(result)")
        #expect(result.stderr == "Merged 2 sources into 2 domains.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func csvIsMastodonsImportShapeCappedAndNarrowedByTheFlags() async throws {
        let result = await FakeServerAccount().run(
            ["domain-blocks", "merge", "-", "--max-severity", "silence", "--take", "public_comment", "-o", "csv"],
            input: Self.csv, environment: Self.noConfig)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.mastodonHeader + "spam.example,silence,false,false,Spam,false,\n", "\(result)")
    }

    @Test func csvWithoutHeadersTakesEveryField() async throws {
        let result = await FakeServerAccount().run(
            ["domain-blocks", "merge", "-", "-o", "csv", "--no-headers"], input: Self.csv, environment: Self.noConfig)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "spam.example,suspend,true,true,Spam,true,\n", "\(result)")
    }

    @Test func noSourceIsAUsageError() async {
        await FakeServerAccount().expectRefused(["domain-blocks", "merge"], status: 64, startingWith: "fedictl: ")
    }

    @Test func aThresholdThatIsNotACountIsAUsageError() async {
        await FakeServerAccount().expectRefused(
            ["domain-blocks", "merge", "a.csv", "--threshold", "lots"], status: 64, startingWith: "fedictl: ")
    }

    @Test func anAllowThatIsNeitherADomainNorAFileIsAUsageError() async {
        await FakeServerAccount().expectRefused(
            ["domain-blocks", "merge", "-", "--allow", "not a domain"], status: 64,
            startingWith: "fedictl: --allow 'not a domain' is neither a domain nor a file\n")
    }

    @Test func aMissingConfigIsExit66NamingTheFileToCreate() async {
        let result = await FakeServerAccount().run(
            ["domain-blocks", "merge", "--config", "nightly"], environment: Self.noConfig)
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no blocklist config named nightly
                hint: create /nonexistent-fedictl-test/fedictl/blocklists/nightly.json (the README shows its shape)

                """, "\(result)")
    }

    @Test func aMissingFileIsExit66() async {
        await FakeServerAccount().expectRefused(
            ["domain-blocks", "merge", "/nonexistent/list.csv"], status: 66, startingWith: "fedictl: ")
    }
}
