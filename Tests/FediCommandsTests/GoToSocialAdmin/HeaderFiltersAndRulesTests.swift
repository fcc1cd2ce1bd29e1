import FediCore
import FediTestSupport
import Foundation
import Testing

/// `header-filters`, `instance rules add|update|remove`, `media` and `accounts reject --message` in the fast tier.
@Suite struct HeaderFiltersAndRulesTests {
    func server() -> FakeServerAccount { FakeServerAccount(software: "gotosocial", version: "0.20.0") }

    @Test func listReadsBothListsAndSaysWhichEachIsOn() async throws {
        let server = server()
        server.transport.stub(
            .get, "/api/v1/admin/header_allows",
            json: #"[{"id":"01A","header":"User-Agent","regex":"^Mozilla/"}]"#)
        server.transport.stub(
            .get, "/api/v1/admin/header_blocks",
            json: #"[{"id":"01B","header":"User-Agent","regex":".*BadBot.*"}]"#)
        let result = await server.run(["header-filters", "list", "--fields", "id,kind,header,regex"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout
                == "admin@fake.test\t01A\tallow\tUser-Agent\t^Mozilla/\nadmin@fake.test\t01B\tblock\tUser-Agent\t.*BadBot.*\n",
            "\(result)")
    }

    @Test func addChecksTheRegexThenPostsIt() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/header_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/header_blocks",
            json: #"{"id":"01B","header":"User-Agent","regex":".*BadBot.*"}"#)
        let result = await server.run(["header-filters", "add", "--block", "User-Agent", ".*BadBot.*", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["header"] as? String == "User-Agent" && body["regex"] as? String == ".*BadBot.*", "\(body)")
        #expect(result.jsonObject?["kind"] as? String == "block", "\(result)")
    }

    @Test(arguments: ["(unclosed", "(?=look)ahead", #"(a)\1"#, "a++", ""])
    func aRegexGoCannotCompileIsRefusedBeforeAnythingIsSent(regex: String) async {
        await server().expectRefused(
            ["header-filters", "add", "--block", "User-Agent", regex], status: 65,
            startingWith: "fedictl: the regex '")
    }

    @Test func addNeedsOneList() async {
        let result = await server().run(["header-filters", "add", "User-Agent", "x"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--allow or --block"), "\(result)")
    }

    @Test func removeFindsTheFilterByHeaderAndRegex() async throws {
        let server = server()
        server.transport.stub(
            .get, "/api/v1/admin/header_allows",
            json: #"[{"id":"01A","header":"User-Agent","regex":"^Mozilla/"}]"#)
        server.transport.stub(.delete, "/api/v1/admin/header_allows/01A", status: 202, json: "{}")
        let result = await server.run(["header-filters", "remove", "--allow", "user-agent", "^Mozilla/", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func instanceRulesAloneStillLists() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/instance/rules", json: #"[{"id":"01R","text":"Be nice"}]"#)
        let result = await server.run(["instance", "rules"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\t01R\tBe nice\n", "\(result)")
    }

    @Test func ruleAddUpdateRemoveUseTheAdminAPI() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/instance/rules", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/instance/rules", json: #"{"id":"01R","text":"Be nice"}"#)
        #expect(await server.run(["instance", "rules", "add", "Be nice"]).status == 0)
        #expect(server.transport.requests.last?.jsonBody?["text"] as? String == "Be nice")
        server.transport.stub(.patch, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be kind"}"#)
        let updated = await server.run(["instance", "rules", "update", "01R", "Be kind"])
        #expect(updated.stdout.contains("Be kind"), "\(updated)")
        server.transport.stub(.get, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be kind"}"#)
        server.transport.stub(.delete, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be kind"}"#)
        #expect(await server.run(["instance", "rules", "remove", "01R", "--yes"]).status == 0)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aRuleAlreadyThereIsNotSentAgain() async {
        let server = server()
        server.transport.stub(.get, "/api/v1/instance/rules", json: #"[{"id":"01R","text":"Be nice"}]"#)
        let result = await server.run(["instance", "rules", "add", "Be nice"])
        #expect(result.stderr.contains("already there (01R); nothing sent"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
    }

    @Test func mediaCleanupSendsTheDays() async {
        let server = server()
        server.transport.stub(.post, "/api/v1/admin/media_cleanup?remote_cache_days=30", json: "30")
        let result = await server.run(["media", "cleanup", "--days", "30"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Cleanup started on fake.test: remote media older than 30 days goes.\n", "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    static let pending =
        #"{"id":"01P","username":"newbie","domain":null,"created_at":"2026-11-25T10:00:00Z","email":"n@example.org","#
        + #""approved":false,"confirmed":true,"disabled":false,"silenced":false,"suspended":false,"account":{"id":"01P","username":"newbie","acct":"newbie"}}"#

    @Test func rejectWithAMessageAsksGoToSocialToEmailIt() async throws {
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/accounts/01P", json: Self.pending)
        server.transport.stub(.post, "/api/v1/admin/accounts/01P/reject", json: Self.pending)
        let result = await server.run(["accounts", "reject", "01P", "--message", "Not now, sorry.", "--yes"])
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["send_email"] as? Bool == true && body["message"] as? String == "Not now, sorry.", "\(body)")
    }

    @Test func rejectWithAMessageIsRefusedWhereTheServerCannotPassItOn() async {
        await FakeServerAccount(software: "mastodon", version: "4.3.0")
            .expectRefused(
                ["accounts", "reject", "1", "--message", "x", "--yes"],
                startingWith: "fedictl: accounts reject --message is not available on Mastodon 4.3.0")
    }
}
