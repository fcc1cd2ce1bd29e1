import Foundation
import FediTestSupport
import Testing

@testable import FediCore

/// Each API area picks its adapter from the family by an exhaustive switch: a family that does not
/// serve the area is exit 69 naming that API, before any request; none falls through to Mastodon.
struct AdapterChoiceTests {
    static func client(_ transport: FakeTransport) throws -> APIClient {
        APIClient(server: try ServerAddress("social.example"), token: "t", http: HTTPClient(transport: transport))
    }

    /// The client API families on the admin areas (no capability names them there).
    @Test(arguments: [APIFamily.mastodonClient, .misskeyClient])
    func adminAreasRefuseAClientFamilyWithoutSending(family: APIFamily) async throws {
        let transport = FakeTransport()
        let client = try Self.client(transport)
        let server = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())
        let calls: [(String, () async throws -> Void)] = [
            ("reports list", { _ = try await client.reports(ReportQuery(), via: family, limit: nil) }),
            ("reports show", { _ = try await client.report(id: "1", via: family) }),
            ("reports resolve", { _ = try await client.resolveReport(id: "1", comment: nil, via: family) }),
            ("reports reopen", { _ = try await client.reopenReport(id: "1", via: family) }),
            ("reports note", { _ = try await client.addReportNote(id: "1", "x", via: family) }),
            ("accounts list", { _ = try await client.adminAccounts(AccountQuery(), via: family, on: server, limit: nil) }),
            ("accounts show", { _ = try await client.adminAccount(id: "1", via: family) }),
            ("accounts", { _ = try await client.adminAccountID(for: "@someone", via: family) }),
            ("accounts approve", { _ = try await client.approveAccount(id: "1", via: family) }),
            ("accounts reject", { _ = try await client.rejectAccount(id: "1", via: family) }),
            ("accounts action", { try await client.performAction(AccountAction(.suspend), onAccount: "1", via: family, on: server) }),
            ("accounts enable", { _ = try await client.undoAction(.enable, onAccount: "1", via: family) }),
            ("accounts delete", { _ = try await client.deleteAccount(id: "1", via: family) }),
        ]
        for (what, call) in calls {
            let error = await #expect(throws: FediError.self, "\(what) via \(family)") { try await call() }
            #expect(error?.status == .unavailable, "\(what): \(String(describing: error))")
            #expect(error?.message == "\(what) is not available through the \(family.displayName)")
        }
        #expect(transport.requests.isEmpty, "sent \(transport.requests.map(\.url.path))")
    }

    /// The user-side areas exist for the client families only.
    @Test func userAreasHaveAnAdapterForTheClientFamiliesOnly() throws {
        let client = try Self.client(FakeTransport())
        let server = ServerInfo(flavour: .pleroma, softwareName: "pleroma", version: "2.6.0", detectedAt: Date())
        for family in APIFamily.allCases {
            let isClient = family == .mastodonClient || family == .misskeyClient
            #expect(((try? client.instance(family: family)) != nil) == isClient, "instance via \(family)")
            #expect(((try? client.reportFiling(family: family)) != nil) == isClient, "reports file via \(family)")
            #expect(((try? client.userRelationships(family: family)) != nil) == isClient, "blocks via \(family)")
            #expect(((try? TimelineReader(client: client, family: family)) != nil) == isClient, "timelines via \(family)")
            #expect(((try? client.registration(family: family, on: server)) != nil) == (family == .mastodonClient), "signup via \(family)")
            #expect((client.moderationLog(family: family) != nil) == (family == .pleromaAdmin || family == .misskeyAdmin), "log via \(family)")
        }
        #expect(try client.registration(family: .mastodonClient, on: server).support.confirmsEmail == false)
        #expect(try TimelineReader(client: client, family: .misskeyClient).maximumLimit == 100)
        #expect(try TimelineReader(client: client, family: .mastodonClient).maximumLimit == 40)
    }
}
