import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks show` in the fast tier.
@Suite struct DomainBlocksShowTests {
    @Test func aDomainIsFoundInTheListAndShownAsKeyValueRows() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(
            ["domain-blocks", "show", "Noisy.Example", "--fields", "id,domain,severity,reject_media"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "id\t2\ndomain\tnoisy.example\nseverity\tsilence\nreject_media\tyes\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func anIdIsAskedForDirectlyAndJSONIsTheBlock() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/domain_blocks/1", json: DomainBlockStubs.block("1", "spam.example", comment: "Spam"))
        let result = await server.run(["domain-blocks", "show", "1", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["domain"] as? String == "spam.example" && shown["severity"] as? String == "suspend", "\(shown)")
        #expect(shown["public_comment"] as? String == "Spam", "\(shown)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks/1"])
    }

    @Test func rawPassesTheServersOwnAnswerThrough() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        server.transport.stub(
            .get, "/api/v1/admin/domain_blocks/1", json: #"{"id": "1", "domain": "spam.example", "digest": "ab12"}"#)
        let result = await server.run(["domain-blocks", "show", "spam.example", "--raw"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["digest"] as? String == "ab12", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/domain_blocks", "GET /api/v1/admin/domain_blocks/1",
            ])
    }

    @Test func aDomainNotBlockedIsExit66WithAHint() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "show", "nothere.example"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no domain block on nothere.example on fake.test
                hint: `fedictl domain-blocks list` shows the blocked domains

                """, "\(result)")
    }

    @Test func aUserTokenOnlyServerIsRefused() async {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(
                ["domain-blocks", "show", "spam.example"],
                startingWith: "fedictl: domain-blocks show is not available on Pixelfed 0.12.4")
    }
}
