import FediCore
import FediTestSupport
import Foundation
import Testing

/// A handle names one account exactly: a near miss is exit 66 and nothing is changed, even where
/// the server's fuzzy search offers a look-alike (mastodon_mock's `/api/v2/search` answers `@alic`
/// with alice).
struct AccountHandleTests {
    private func aliceID(on server: ServerProcess) async throws -> String {
        let alice = try #require(
            try await server.json(.get, "/api/v1/accounts/verify_credentials", token: MockServer.alice.token)
                as? [String: Any])
        return try #require(alice["id"] as? String)
    }

    @Test func aNearMissIsExit66AndNothingIsBlocked() async throws {
        let server = try await MockServer.start()
        let bob = UserSide(server, MockServer.bob)
        let search = try #require(
            try await server.json(
                .get, "/api/v2/search?q=%40alic&type=accounts&resolve=true",
                token: MockServer.bob.token) as? [String: Any])
        #expect(
            (search["accounts"] as? [[String: Any]])?.first?["acct"] as? String == "alice",
            "the server's search offers alice for @alic, so the test means something")

        for handle in ["@alic", "@alicee", "@alic@\(server.base)"] {
            let result = await bob.run(["blocks", "add", handle, "--yes"])
            #expect(result.status == 66, "\(handle): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "fedictl: no account @\(handle.dropFirst().split(separator: "@")[0]) found on \(server.base)\nhint: "
                ),
                "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(await bob.run(["blocks", "add", "@alic", "--yes"]).stderr.contains("hint: did you mean @alice?"))
        #expect(
            try #require(try await server.json(.get, "/api/v1/blocks", token: MockServer.bob.token) as? [Any]).isEmpty)

        // The exact handle, with or without this server's domain, still finds her.
        let exact = await bob.run(["blocks", "add", "@ALICE@\(server.base)", "--yes"])
        #expect(exact.status == 0, "\(exact)")
        let blocks = try #require(
            try await server.json(.get, "/api/v1/blocks", token: MockServer.bob.token) as? [[String: Any]])
        #expect(blocks.map { $0["id"] as? String } == [try await aliceID(on: server)])
    }

    @Test func aModeratorsNearMissSuspendsNobody() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let result = await admin.run(["accounts", "action", "@alic", "--type", "suspend", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: no account @alic found on \(server.base)\nhint: did you mean @alice?"),
            "\(result.stderr)")
        let alice = try #require(
            try await server.json(
                .get, "/api/v1/admin/accounts/\(try await aliceID(on: server))",
                token: MockServer.admin.token) as? [String: Any])
        #expect(alice["suspended"] as? Bool == false)
    }
}
