import FediCore
import FediTestSupport
import Foundation
import Testing

/// A moderator of a fixture server (GoToSocial, Pleroma, Akkoma, Misskey, Sharkey), and what it sent.
struct FixtureModerator {
    let flavour: String
    let server: ServerProcess
    let admin: UserSide

    static func start(_ flavour: String) async throws -> FixtureModerator {
        let server = try await FixtureServer.start(flavour: flavour)
        // The recording's own user where it names one (Misskey's mika: FEDICTL_TOKEN's owner is checked).
        let admin = UserSide(fixture: server, username: server.recordedUser ?? "admin")
        return FixtureModerator(flavour: flavour, server: server, admin: admin)
    }

    func run(_ arguments: [String]) async -> CommandResult {
        await admin.run(arguments)
    }

    /// The JSON of one of this flavour's fixture files.
    func fixture(_ name: String) throws -> Any {
        let url = RepoPaths.fixtures.appendingPathComponent(flavour).appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: "{{base}}", with: "http://\(server.base)").replacingOccurrences(
                of: "{{host}}", with: server.base)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// The writes (and Misskey calls) this server received, as `METHOD /path`, in order: reads of the
    /// Mastodon-style APIs, detection and Misskey's "who am I" (`/api/i`, the token's owner) are left out.
    func writes() async throws -> [String] {
        try await server.receivedRequests().compactMap { request in
            guard let method = request["method"] as? String, let path = request["path"] as? String else { return nil }
            guard method != "GET", !["/api/meta", "/api/i", "/__fixture/routes"].contains(path) else { return nil }
            return "\(method) \(path)"
        }
    }

    /// The query strings of the requests for `method path`, in order.
    func queries(_ method: String, _ path: String) async throws -> [String] {
        try await server.receivedRequests().filter {
            $0["method"] as? String == method && $0["path"] as? String == path
        }
        .compactMap { $0["query"] as? String }
    }

    /// The JSON body of the only request for `method path`.
    func body(_ method: String, _ path: String) async throws -> [String: Any] {
        let bodies = try await server.received(method, path)
        try #require(bodies.count == 1, "\(bodies.count) requests for \(method) \(path)")
        return bodies[0]
    }

    /// Pleroma/Akkoma: a user of `admin-users.json` by nickname.
    func pleromaUser(_ nickname: String) throws -> [String: Any] {
        let users = try #require((try fixture("admin-users.json") as? [String: Any])?["users"] as? [[String: Any]])
        return try #require(users.first { $0["nickname"] as? String == nickname })
    }

    /// Pleroma/Akkoma: `GET …/users/:id` (and by nickname) for these users, which the fixture does not route.
    func routePleromaUsers(_ nicknames: [String]) async throws {
        var routes: [String: Any] = [:]
        for nickname in nicknames {
            let user = try pleromaUser(nickname)
            routes["GET /api/v1/pleroma/admin/users/\(try #require(user["id"] as? String))"] = ["json": user]
            routes["GET /api/v1/pleroma/admin/users/\(nickname)"] = ["json": user]
        }
        try await server.addRoutes(routes)
    }
}

/// Rows of tab-separated output.
func tsvRows(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
}
