import FediCore
import FediTestSupport
import Foundation
import Testing

/// Detection of every fixture flavour, end to end: `fedictl instance info HOST -o json` against the
/// fixture server over libcurl.
struct FlavourDetectionTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var directory: String
        var flavour: String
        var variant: String?
        var software: String
        var version: String
        var testDescription: String { directory }
    }

    static let flavours: [Expected] = [
        Expected(directory: "mastodon", flavour: "mastodon", software: "mastodon", version: "4.3.2"),
        Expected(
            directory: "glitch", flavour: "mastodon", variant: "glitch-soc", software: "mastodon",
            version: "4.3.2+glitch"),
        Expected(
            directory: "hometown", flavour: "mastodon", variant: "hometown", software: "mastodon",
            version: "4.2.10+hometown-1.1.1"),
        Expected(directory: "mastodon-old", flavour: "mastodon", software: "mastodon", version: "3.5.3"),
        Expected(directory: "gotosocial", flavour: "gotosocial", software: "gotosocial", version: "0.20.0-rc1"),
        Expected(
            directory: "gotosocial-0.17", flavour: "gotosocial", software: "gotosocial", version: "0.17.3+git-5ec8a8d"),
        Expected(
            directory: "nodeinfo-21-missing", flavour: "gotosocial", software: "gotosocial",
            version: "0.17.3+git-5ec8a8d"),
        Expected(directory: "pleroma", flavour: "pleroma", software: "pleroma", version: "2.7.1"),
        Expected(directory: "akkoma", flavour: "akkoma", software: "akkoma", version: "3.13.2-0-g3f9d8ee"),
        Expected(directory: "misskey", flavour: "misskey", software: "misskey", version: "2024.11.0"),
        Expected(directory: "sharkey", flavour: "sharkey", software: "sharkey", version: "2024.11.1"),
        Expected(directory: "firefish", flavour: "firefish", software: "firefish", version: "20240523"),
        Expected(directory: "iceshrimp", flavour: "iceshrimp", software: "iceshrimp", version: "2023.12.7"),
        Expected(
            directory: "iceshrimp-net", flavour: "iceshrimp.net", software: "iceshrimp.net",
            version: "2024.1-beta5+d2ac5e1b9f"),
        Expected(directory: "catodon", flavour: "catodon", software: "catodon", version: "24.04-dev.2"),
        Expected(directory: "pixelfed", flavour: "pixelfed", software: "pixelfed", version: "0.12.4"),
        Expected(directory: "friendica", flavour: "friendica", software: "friendica", version: "2024.12-1576"),
        Expected(directory: "takahe", flavour: "takahe", software: "takahe", version: "0.11.0"),
        Expected(directory: "unknown", flavour: "unknown", software: "bonfire", version: "1.0.0-rc.1.12"),
    ]

    @Test func everyFixtureDirectoryIsCovered() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: RepoPaths.fixtures.path).filter {
            FileManager.default.fileExists(atPath: RepoPaths.fixtures.appendingPathComponent("\($0)/routes.json").path)
        }
        #expect(Set(directories) == Set(Self.flavours.map(\.directory)))
    }

    @Test(arguments: flavours)
    func detects(_ expected: Expected) async throws {
        let server = try await FixtureServer.start(flavour: expected.directory)
        let result = await CommandHarness().run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["flavour"] as? String == expected.flavour)
        #expect(object["variant"] as? String == expected.variant)
        #expect(object["software"] as? String == expected.software)
        #expect(object["software_version"] as? String == expected.version)
        #expect(object["domain"] as? String == server.base)
    }

    @Test func theNodeinfoDocumentThatAnswersWins() async throws {
        // The well-known lists 2.1 and 2.0; 2.1 is a 404. Only the 2.0 document names GoToSocial:
        // its instance version has no product marker.
        let server = try await FixtureServer.start(flavour: "nodeinfo-21-missing")
        let result = await CommandHarness().run(["instance", "features", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(
            rows.first { $0["capability"] as? String == "reports list" }?["family"] as? String == "gotosocial-admin")
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }
        #expect(Array(paths.prefix(3)) == ["/.well-known/nodeinfo", "/nodeinfo/2.1", "/nodeinfo/2.0"])

        let raw = await CommandHarness().run(["instance", "nodeinfo", server.base])
        #expect(raw.status == 0, "\(raw)")
        let document = try #require(try raw.json() as? [String: Any])
        #expect(document["version"] as? String == "2.0")
    }

    @Test func aGoToSocialWithoutNodeinfoIsKnownByItsInstanceDocument() async throws {
        // No nodeinfo at all: the v2 document's source_url and GoToSocial-only configuration keys say GoToSocial.
        let server = try await FixtureServer.start(flavour: "gotosocial")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: ["GET /.well-known/nodeinfo": ["status": 404, "json": ["error": "Not Found"]]])
        let info = await CommandHarness().run(["instance", "info", server.base, "-o", "json"])
        #expect(info.status == 0, "\(info)")
        let object = try #require(try info.json() as? [String: Any])
        #expect(object["flavour"] as? String == "gotosocial")
        #expect(object["software_version"] as? String == "0.20.0-rc1")
        #expect(object["shows_go_to_social"] == nil, "an internal mark, not output")

        let features = await CommandHarness().run(["instance", "features", server.base, "-o", "json"])
        #expect(features.status == 0, "\(features)")
        let rows = try #require(try features.json() as? [[String: Any]])
        let domainBlocks = try #require(rows.first { $0["capability"] as? String == "domain-blocks list" })
        #expect(domainBlocks["family"] as? String == "gotosocial-admin", "\(domainBlocks)")
    }

    @Test func aWebPageWhereTheInstanceAPIShouldBeMeansAbsent() async throws {
        // A Misskey without nodeinfo whose front-end answers /api/v*/instance with HTML: the Content-Type
        // check turns that into "absent", and /api/meta identifies it.
        let server = try await FixtureServer.start(flavour: "misskey")
        let html = ["file": "frontend.html", "content_type": "text/html; charset=utf-8"]
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "GET /.well-known/nodeinfo": ["status": 404, "json": ["error": "Not Found"]],
                "GET /api/v2/instance": html, "GET /api/v1/instance": html,
            ])
        let client = APIClient(
            server: ServerAddress(baseURL: server.baseURL), http: HTTPClient(transport: CommandHarness.sharedTransport))
        let error = await #expect(throws: APIError.self) { try await client.instanceInfo() }
        guard case .notJSON(_, let contentType)? = error else {
            Issue.record("expected notJSON, got \(String(describing: error))")
            return
        }
        #expect(contentType?.hasPrefix("text/html") == true)

        let result = await CommandHarness().run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["flavour"] as? String == "misskey")
        #expect(object["software_version"] as? String == "2024.11.0")
        #expect(object["api_source"] as? String == "meta")
        #expect(object["max_characters"] as? Int == 3000)
        let requests = try await server.receivedRequests().map {
            "\($0["method"] as? String ?? "") \($0["path"] as? String ?? "")"
        }
        #expect(requests.contains("GET /api/v2/instance"))
        #expect(requests.contains("GET /api/v1/instance"))
        #expect(requests.contains("POST /api/meta"))
    }

    @Test func misskeyMetaGetsAnEmptyJSONObject() async throws {
        let server = try await FixtureServer.start(flavour: "sharkey")
        let result = await CommandHarness().run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let meta = try #require(try await server.receivedRequests().first { $0["path"] as? String == "/api/meta" })
        #expect(meta["method"] as? String == "POST")
        #expect(meta["body"] as? String == "{}")
        #expect((meta["headers"] as? [String: String])?["authorization"] == nil)
    }

    @Test func notAFediverseServerIsSaidSo() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "__unknown__": ["status": 404, "body": "no"],
                "GET /.well-known/nodeinfo": ["status": 404, "body": "no"],
                "GET /api/v2/instance": ["status": 404, "body": "no"],
                "GET /api/v1/instance": ["status": 404, "body": "no"],
            ])
        let result = await CommandHarness().run(["instance", "info", server.base])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: \(server.base) does not describe itself"))
    }
}
