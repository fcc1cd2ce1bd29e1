import FediTestSupport
import Foundation
import Testing

/// Numbers no counter can hold (beyond Int64, or with a fraction) from a hostile or broken server:
/// the built binary reads them as absent and goes on; it never traps (a trap is exit 132, SIGILL).
struct HostileNumberTests {
    /// The fixture's own file with `replacements` applied to its text.
    static func fixture(_ flavour: String, _ name: String, _ replacements: [(String, String)]) throws -> String {
        var text = try String(
            contentsOf: RepoPaths.fixtures.appendingPathComponent(flavour).appendingPathComponent(name), encoding: .utf8
        )
        for (old, new) in replacements {
            #expect(text.contains(old), "\(name) has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    @Test(arguments: ["1e19", "-1e19", "12.5", "1e400", "18446744073709551616"])
    func instanceInfoReadsAnImpossibleCounterAsAbsent(number: String) async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        try await server.addRoutes([
            "GET /nodeinfo/2.0": [
                "body": try Self.fixture("mastodon", "nodeinfo-2.0.json", [("\"total\": 1523", "\"total\": \(number)")])
            ],
            "GET /api/v2/instance": [
                "body": try Self.fixture(
                    "mastodon", "instance-v2.json", [("\"max_characters\": 500", "\"max_characters\": \(number)")])
            ],
        ])
        let result = try await BinaryRunner.run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["version"] as? String == "4.3.2")
        #expect(object["max_characters"] == nil, "\(object)")
    }

    @Test func aRolePermissionBeyondInt64IsAbsent() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let id = "01JH8ZQ3V5X7A9C1E3G5J7K9M1"
        try await server.addRoutes([
            "GET /api/v1/admin/accounts/\(id)": [
                "body": try Self.fixture(
                    "gotosocial", "admin-account-pending.json", [("\"permissions\": \"0\"", "\"permissions\": 1e19")])
            ]
        ])
        let result = try await BinaryRunner.run(
            ["accounts", "show", id, "--account", "admin@\(server.base)", "-o", "json"],
            environment: ["FEDICTL_TOKEN": "fixture-token"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["id"] as? String == id)
    }
}
