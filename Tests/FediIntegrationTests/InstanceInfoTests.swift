import FediTestSupport
import Foundation
import Testing

/// `fedictl instance info` against a real mastodon_mock over libcurl, in every output format.
struct InstanceInfoTests {
    let harness = CommandHarness()

    @Test func terminalShowsALabelledTable() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "info", server.base], tty: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Domain:"))
        #expect(result.stdout.contains("localhost:\(server.port)"))
        #expect(result.stdout.contains("Version:"))
        #expect(result.stdout.contains("4.6.0"))
        #expect(result.stdout.contains("Registrations:"))
        #expect(result.stdout.contains("Max characters:"))
        #expect(result.stderr.isEmpty)
    }

    @Test func pipedIsTabSeparatedKeyValue() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "info", server.base])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(lines.allSatisfy { $0.count == 2 })
        let values = Dictionary(uniqueKeysWithValues: lines.map { (String($0[0]), String($0[1])) })
        #expect(values["domain"] == "localhost:\(server.port)")
        #expect(values["version"] == "4.6.0")
        #expect(values["registrations"] == "open")
        #expect(values["max_characters"] == "500")
    }

    @Test func jsonIsOneObjectWithNormalisedKeys() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["domain"] as? String == "localhost:\(server.port)")
        #expect(object["registrations"] as? String == "open")
        #expect(object["api_source"] as? String == "v2")
        #expect(object["max_characters"] as? Int == 500)
    }

    @Test func ndjsonIsOneLine() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "info", server.base, "--output", "ndjson"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) is [String: Any])
    }

    @Test func csvHasHeaderAndOneRow() async throws {
        let server = try await MockServer.start()
        let result = await harness.run([
            "instance", "info", server.base, "-o", "csv", "--fields", "domain,version,registrations",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "domain,version,registrations\r\nlocalhost:\(server.port),4.6.0,open\r\n")
    }

    @Test func rawPassesTheServersJSONThrough() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "info", server.base, "--raw"])
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["api_versions"] != nil)  // a field fedictl does not model
        #expect(object["source_url"] != nil)
    }

    @Test func fallsBackToV1WhenV2IsAbsent() async throws {
        let server = try await MockServer.start()
        try await server.addFault(["match": ["path": "/api/v2/instance"], "effect": ["type": "status", "status": 404]])
        let result = await harness.run(["instance", "info", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["api_source"] as? String == "v1")
        #expect(object["version"] as? String == "4.6.0")
    }

    @Test func unknownFieldExits64ListingTheValidOnes() async throws {
        let result = await harness.run(["instance", "info", "127.0.0.1:9", "--fields", "domain,colour"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("fedictl: unknown field colour\nhint: available fields: domain, title"))
    }
}
