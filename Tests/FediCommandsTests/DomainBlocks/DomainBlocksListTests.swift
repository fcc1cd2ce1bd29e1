import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks list` in the fast tier.
@Suite struct DomainBlocksListTests {
    @Test func mastodonListsEveryBlockAsTSVWhenPiped() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout
                == "admin@fake.test\t1\tspam.example\tsuspend\tno\tno\tSpam\nadmin@fake.test\t2\tnoisy.example\tsilence\tyes\tno\t\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func jsonKeepsTheFieldsAndAnEmptyListSaysSo() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let json = await server.run(["domain-blocks", "list", "-o", "json"])
        let rows = try #require(try json.json() as? [[String: Any]], "\(json)")
        #expect(rows.map { $0["domain"] as? String } == ["spam.example", "noisy.example"])
        #expect(rows.map { $0["reject_media"] as? Bool } == [false, true])

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let empty = await server.run(["domain-blocks", "list"], tty: true)
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.stdout.isEmpty)
        #expect(empty.stderr == "No domain blocks.\n", "\(empty)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyListsItsHostListsWithTheDomainAsId() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/admin/meta", json: #"{"blockedHosts": ["spam.example"], "silencedHosts": ["noisy.example"]}"#)
        let result = await server.run(["domain-blocks", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(
            Set(
                rows.map {
                    "\($0["id"] as? String ?? "")=\($0["domain"] as? String ?? "") \($0["severity"] as? String ?? "")"
                })
                == ["spam.example=spam.example suspend", "noisy.example=noisy.example silence"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func softwareWithoutAnAdminAPIIsRefusedWithoutARequest() async {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(["domain-blocks", "list"], startingWith: "fedictl: ")
    }
}
