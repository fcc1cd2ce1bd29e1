import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts action @user@remote.example` over several servers (fast tier): looked up on each by
/// the admin search, a server without it is its own failure line, --dry-run's plan per server.
@Suite struct AccountsActionRemoteTests {
    static let spammer = #"""
        [{"id": "9", "username": "bot", "domain": "spam.example", "created_at": "2026-11-01T00:00:00Z",
          "account": {"id": "9", "username": "bot", "acct": "bot@spam.example"}}]
        """#

    @Test func eachServerSearchesItsOwnCopyAndOneWithoutItHasNothingToDo() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v2/admin/accounts", host: "a.test", json: Self.spammer)
        transport.stub(
            .get, "/api/v1/admin/accounts/9", host: "a.test", json: String(Self.spammer.dropFirst().dropLast()))
        // b.test has never seen the account: every state is searched, then it is that server's failure.
        for _ in 0..<5 { transport.stub(.get, "/api/v2/admin/accounts", host: "b.test", json: "[]") }
        let harness = QueueFleetFastTests.harness(["admin@a.test", "admin@b.test"], transport: transport)

        let plan = await harness.run([
            "--all-accounts", "accounts", "action", "@bot@spam.example", "--type", "suspend", "--dry-run",
        ])
        #expect(plan.status == 0, "a.test would act, b.test never saw the account: nothing to do there: \(plan)")
        #expect(
            plan.stdout == "admin@a.test: dry run: would send POST https://a.test/api/v1/admin/accounts/9/action\n"
                + #"{"send_email_notification":true,"type":"suspend"}"# + "\n", "\(plan)")
        #expect(
            plan.stderr == """
                fedictl: admin@b.test: no account @bot@spam.example known to b.test
                hint: its admin account search by username and domain found none: the server has not seen the account
                Outcome per server:
                  admin@a.test: dry run: would suspend @bot@spam.example (account 9)
                  admin@b.test: nothing to do: no account @bot@spam.example known to b.test

                """, "\(plan)")
        let first = try #require(transport.requests.first { $0.url.host == "a.test" })
        #expect(
            first.url.query?.contains("username=bot") == true
                && first.url.query?.contains("by_domain=spam.example") == true, "\(first.url)")
        #expect(
            !transport.requests.contains { $0.url.path.contains("lookup") || $0.url.path.contains("search") },
            "no federation lookup")
        #expect(transport.unusedStubs == 0)
    }
}
