import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// `Door.filters` chooses the filters API once per server, v2 where the server has it, else v1, and
/// the adapter's support value says what its filters can hold.
@Suite struct FilterDoorTests {
    static func server(_ flavour: Flavour, _ version: String, api: Int? = nil) -> ServerInfo {
        ServerInfo(
            flavour: flavour, softwareName: flavour.rawValue, version: version, mastodonAPIVersion: api,
            detectedAt: Date())
    }

    let transport = FakeTransport()
    var client: APIClient {
        get throws {
            APIClient(server: try ServerAddress("social.example"), token: "t", http: HTTPClient(transport: transport))
        }
    }

    @Test func v2WhereTheServerHasItElseV1() throws {
        let cases: [(Flavour, String, Int?, keywords: Bool, blur: Bool)] = [
            (.mastodon, "4.4.0", 5, true, true), (.mastodon, "4.3.0", 2, true, false),
            (.mastodon, "3.5.3", nil, false, false), (.gotosocial, "0.20.0", nil, true, true),
            (.gotosocial, "0.16.0", nil, true, false), (.gotosocial, "0.15.2", nil, false, false),
            (.pleroma, "2.7.1", nil, false, false), (.akkoma, "3.13.2", nil, false, false),
        ]
        for (flavour, version, api, keywords, blur) in cases {
            let support = try Door.filters.open(client, on: Self.server(flavour, version, api: api)).support
            #expect(support.keywordsAndPosts == keywords, "\(flavour) \(version)")
            #expect(support.blur == blur, "\(flavour) \(version)")
        }
    }

    @Test func neitherIsExit69NamingTheSoftware() throws {
        for (flavour, version, label) in [
            (Flavour.misskey, "2024.11.0", "Misskey 2024.11.0"), (.gotosocial, "0.14.0", "GoToSocial 0.14.0"),
            (.mastodon, "2.4.0", "Mastodon 2.4.0"),
        ] {
            let server = Self.server(flavour, version)
            #expect((try? Door.filters.family(on: server, host: "")) == nil)
            let error = #expect(throws: FediError.self) { try Door.filters.open(client, on: server) }
            #expect(error?.status == .unavailable)
            #expect(error?.message == "filters are not available on \(label)")
            #expect(
                error?.hint?.contains("`fedictl instance features social.example`") == true,
                "\(String(describing: error))")
        }
    }

    /// v1 filters are one phrase each: the keyword and post verbs are refused (exit 65) before a request.
    @Test func v1RefusesKeywordAndPostVerbsWithoutARequest() async throws {
        let filters = try Door.filters.open(client, on: Self.server(.pleroma, "2.7.1"))
        let refusals: [(String, () async throws -> Void)] = [
            (
                "hold more than one keyword",
                { _ = try await filters.addKeyword(filterID: "1", KeywordDraft("a", wholeWord: false)) }
            ),
            ("lose their one phrase and stay", { try await filters.removeKeyword(id: "2") }),
            ("hide single posts", { _ = try await filters.addStatus(filterID: "1", statusID: "9") }),
            ("hide single posts", { try await filters.removeStatus(id: "3") }),
        ]
        for (what, verb) in refusals {
            let error = await #expect(throws: FediError.self) { try await verb() }
            #expect(error?.status == .dataError)
            #expect(error?.message == "Pleroma 2.7.1 has only v1 filters, which cannot \(what)")
        }
        #expect(transport.requests.isEmpty)
    }
}
