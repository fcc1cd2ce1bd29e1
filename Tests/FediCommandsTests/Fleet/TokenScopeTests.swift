import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// FEDICTL_TOKEN goes to FEDICTL_INSTANCE's server, or to the one account a run names; never to a
/// stored account on another server, nor to a default nobody named.
struct TokenScopeTests {
    static func harness(_ transport: FakeTransport, environment: [String: String]) -> CommandHarness {
        var config = FleetRunnerTests.config()
        config.defaultAccount = "admin@a.test"
        return CommandHarness(
            transport: transport, secrets: FleetRunnerTests.keyring(), logins: InMemoryLoginStore(config),
            environment: environment)
    }

    @Test func anAccountOnAnotherServerIsAConflictNamingTheVariables() async {
        let transport = FakeTransport()
        let result = await Self.harness(
            transport, environment: ["FEDICTL_TOKEN": "b-token", "FEDICTL_INSTANCE": "b.test"]
        )
        .run(["--account", "admin@a.test", "domain-blocks", "list"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr == """
                fedictl: FEDICTL_TOKEN is for b.test (FEDICTL_INSTANCE), but the selected account admin@a.test is on a.test
                hint: unset FEDICTL_TOKEN and FEDICTL_INSTANCE to use admin@a.test's stored token, or select an account on b.test

                """)
        #expect(transport.requests.isEmpty)
    }

    @Test func theDefaultAccountNobodyNamedDoesNotGetIt() async {
        let transport = FakeTransport()
        let result = await Self.harness(transport, environment: ["FEDICTL_TOKEN": "b-token"]).run([
            "domain-blocks", "list",
        ])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: FEDICTL_TOKEN does not say which server it is for, and no account is named\n"))
        #expect(transport.requests.isEmpty)
    }

    @Test func overSeveralAccountsOnlyTheOneOnItsServerGetsIt() async {
        let transport = FakeTransport()
        for host in FleetRunnerTests.hosts {
            transport.stub(.get, "/api/v1/admin/domain_blocks", host: host, json: "[]")
        }
        // The server says the token is admin@b.test's, the account it stands in for.
        transport.stub(
            .get, "/api/v1/accounts/verify_credentials", host: "b.test", json: #"{"id": "1", "username": "admin"}"#)
        let result = await Self.harness(
            transport, environment: ["FEDICTL_TOKEN": "b-token", "FEDICTL_INSTANCE": "b.test"]
        )
        .run(["--all-accounts", "domain-blocks", "list"])
        #expect(result.status == 0, "\(result)")
        let sent = transport.requests.map { "\($0.url.host ?? "") \($0.header("Authorization") ?? "")" }
        #expect(
            sent.sorted() == [
                "a.test Bearer token-a.test", "b.test Bearer b-token", "b.test Bearer b-token",
                "c.test Bearer token-c.test",
            ])
    }

    /// An account made up for FEDICTL_TOKEN is not stored, so its server is cached by host: a second
    /// run (or a watch's next poll) does not detect the software again.
    @Test func aMadeUpAccountsServerIsDetectedOnce() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/.well-known/nodeinfo",
            json:
                #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "href": "https://z.test/nodeinfo/2.0"}]}"#
        )
        try transport.stub(.get, "/nodeinfo/2.0", fixture: "mastodon/nodeinfo-2.0.json")
        try transport.stub(.get, "/api/v2/instance", fixture: "mastodon/instance-v2.json")
        for _ in 0..<2 { transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]") }
        for _ in 0..<2 {
            transport.stub(.get, "/api/v1/accounts/verify_credentials", json: #"{"id": "1", "username": "admin"}"#)
        }
        let harness = CommandHarness(
            transport: transport, environment: ["FEDICTL_TOKEN": "z-token", "FEDICTL_INSTANCE": "z.test"])
        for _ in 0..<2 {
            let result = await harness.run(["--account", "admin@z.test", "domain-blocks", "list", "-o", "json"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "[]\n", "\(result)")
        }
        // Whose the token is, once a run; the software, once.
        #expect(
            transport.requests.map(\.route) == [
                "GET /api/v1/accounts/verify_credentials", "GET /.well-known/nodeinfo", "GET /nodeinfo/2.0",
                "GET /api/v2/instance",
                "GET /api/v1/admin/domain_blocks", "GET /api/v1/accounts/verify_credentials",
                "GET /api/v1/admin/domain_blocks",
            ])
        #expect(transport.unusedRoutes.isEmpty)
    }
}
