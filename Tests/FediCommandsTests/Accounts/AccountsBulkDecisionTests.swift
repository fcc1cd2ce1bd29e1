import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts approve|reject` over a selector in the fast tier: what is selected, the dry run, the
/// one question, a refusal that stops the rest, and the arguments that do not go together.
@Suite struct AccountsBulkDecisionTests {
    static let pendingRoute = "/api/v2/admin/accounts?status=pending"

    /// Three sign-ups waiting: two of a wave (oldest first: 32 then 31) and one other.
    static let pending =
        "["
        + [
            SelectorTests.account("31", "qwertyui01", domain: nil, ago: 60, approved: false),
            SelectorTests.account("32", "asdfghjk02", domain: nil, ago: 120, approved: false),
            SelectorTests.account("33", "carol", domain: nil, ago: 30, approved: false),
        ].joined(separator: ", ") + "]"

    static func server() -> FakeServerAccount {
        let server = FakeServerAccount()
        server.transport.stub(.get, pendingRoute, json: pending)
        return server
    }

    static func posts(_ server: FakeServerAccount) -> [String] {
        server.transport.requests.filter { $0.method == .post }.map(\.url.path)
    }

    @Test func approveOverAMatchWritesEachMatchOnceOldestFirst() async throws {
        let server = Self.server()
        for id in ["32", "31"] {
            server.transport.stub(
                .post, "/api/v1/admin/accounts/\(id)/approve",
                json: SelectorTests.account(id, "x", domain: nil, ago: 60))
        }
        // One write at a time: with several in flight, the order they reach the server is the scheduler's.
        let result = await server.run([
            "accounts", "approve", "--match", "^[a-z]{8}[0-9]{2}$", "--yes", "--concurrency", "1", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["target"] as? String } == ["@asdfghjk02", "@qwertyui01"], "\(rows)")
        #expect(rows.allSatisfy { $0["result"] as? String == "approved" })
        #expect(result.stderr.contains("approved 2 of 2 sign-ups"), "\(result)")
        #expect(Self.posts(server) == ["/api/v1/admin/accounts/32/approve", "/api/v1/admin/accounts/31/approve"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aDryRunListsTheTargetsAndSendsNothing() async throws {
        let server = Self.server()
        let result = await server.run(["accounts", "reject", "-", "--dry-run"], input: "33\n@qwertyui01\n@Typo\n99\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "31\t@qwertyui01\twould reject\n33\t@carol\twould reject\n", "\(result)")
        #expect(result.stderr.contains("dry run: would reject 2 sign-ups"), "\(result)")
        // What was given but waits nowhere is said, not dropped.
        #expect(result.stderr.contains("2 of the 4 given name no pending sign-up on fake.test: 99, @typo"), "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test func offATerminalTheOneQuestionNeedsYesAndNamesTheCountAndTheFirstTargets() async throws {
        let server = Self.server()
        let result = await server.run(["accounts", "reject", "--since", "1h"])
        #expect(result.status == 64, "\(result)")
        let question = "Reject 3 sign-ups on fake.test (@asdfghjk02, @qwertyui01, @carol)"
        #expect(
            result.stderr.hasPrefix("fedictl: \(question): confirmation needed\n"),
            "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test func aRefusedWriteStopsTheRestWhichAreNamedNotSent() async throws {
        let server = Self.server()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/32/approve", status: 403,
            json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run([
            "accounts", "approve", "--since", "1h", "--yes", "--concurrency", "1",
            "--fields", "id,result",
        ])
        #expect(result.status == 77, "\(result)")
        #expect(result.stdout.hasPrefix("32\tfailed: fake.test does not allow this (HTTP 403)"), "\(result)")
        #expect(result.stdout.contains("31\tnot sent\n33\tnot sent\n"), "\(result)")
        #expect(result.stderr.contains("stopped at the first refused write; the other 2 were not sent"), "\(result)")
        #expect(Self.posts(server) == ["/api/v1/admin/accounts/32/approve"])
    }

    @Test func theLimitCapsTheWritesAndSaysSo() async throws {
        let server = Self.server()
        let result = await server.run(["accounts", "approve", "--since", "1h", "--limit", "1", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "32\t@asdfghjk02\twould approve\n", "\(result)")
        #expect(result.stderr.contains("3 sign-ups match on fake.test; acting on the first 1 (--limit)."), "\(result)")
    }

    @Test func nothingMatchedSaysSoAndExitsZero() async throws {
        let server = Self.server()
        let result = await server.run(["accounts", "approve", "--match", "^nobody$", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("no sign-up matches the selection on fake.test"), "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    /// Sign-ups are the server's own accounts: `--domain` could never match one, so it is refused with
    /// the selector that does what was meant.
    @Test func aDomainIsRefusedForSignUpsPointingAtTheEmailField() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["accounts", "reject", "--domain", "spam.example", "--yes"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr == "fedictl: --domain never matches a sign-up: sign-ups are accounts of this server\n"
                + "hint: to select by e-mail domain: --match-field email --match '@spam\\.example$'\n", "\(result)")
        #expect(Self.posts(server).isEmpty)
    }

    @Test(arguments: [
        ["accounts", "approve"], ["accounts", "reject", "31", "--match", "x"],
        ["accounts", "approve", "--limit", "0", "-"],
    ])
    func argumentsThatDoNotGoTogetherAreUsageErrors(arguments: [String]) async throws {
        let server = FakeServerAccount()
        let result = await server.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
