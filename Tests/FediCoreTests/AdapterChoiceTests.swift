import FediTestSupport
import Foundation
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
            ("reports", { _ = try client.reports(family: family) }),
            ("accounts", { _ = try client.adminAccounts(family: family, on: server) }),
        ]
        for (what, call) in calls {
            let error = await #expect(throws: FediError.self, "\(what) via \(family)") { try await call() }
            #expect(error?.status == .unavailable, "\(what): \(String(describing: error))")
            #expect(error?.message == "\(what) is not available through the \(family.displayName)")
        }
        #expect(transport.requests.isEmpty, "sent \(transport.requests.map(\.url.path))")
    }

    /// Each admin family declares what its reports and accounts APIs can do; the commands refuse
    /// from these values, before anything is sent.
    @Test func adminFamiliesDeclareTheirSupport() async throws {
        let transport = FakeTransport()
        let client = try Self.client(transport)
        let server = ServerInfo(flavour: .gotosocial, softwareName: "gotosocial", version: "0.20.0", detectedAt: Date())
        let admin: [APIFamily] = [.mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin]
        let comment = try admin.filter { try client.reports(family: $0).support.keepsResolveComment }
        #expect(comment == [.gotosocialAdmin, .pleromaAdmin])
        let misskey = try client.reports(family: .misskeyAdmin)
        let error = #expect(throws: FediError.self) { try misskey.support.check(comment: "x") }
        #expect(error?.message == "reports resolve --comment is not available through the Misskey admin API")
        let support = try Dictionary(
            uniqueKeysWithValues: admin.map {
                ($0, try client.adminAccounts(family: $0, on: server).support)
            })
        #expect(admin.filter { support[$0]?.resolvesAttachedReport == true } == [.mastodonAdmin])
        #expect(admin.filter { support[$0]?.deletesOnlySuspended == true } == [.mastodonAdmin])
        #expect(admin.filter { support[$0]?.suspendsInBackground == true } == [.gotosocialAdmin])
        #expect(support[.mastodonAdmin]?.kinds == Set(AccountAction.Kind.allCases))
        #expect(support[.pleromaAdmin]?.kinds == Set(AccountAction.Kind.allCases).subtracting([.none]))
        let silence = #expect(throws: FediError.self) { try support[.gotosocialAdmin]?.check(AccountAction(.silence)) }
        #expect(silence?.message == "accounts action --type silence is not available on \(server.label)")
        #expect(silence?.hint == "GoToSocial's admin API can only suspend accounts")
        let pleroma = try #require(support[.pleromaAdmin])
        let text = #expect(throws: FediError.self) { try pleroma.check(AccountAction(.suspend, text: "spam")) }
        #expect(text?.message == "accounts action --text without --report is not available on \(server.label)")
        try support[.pleromaAdmin]?.check(AccountAction(.suspend, reportID: "1", text: "spam"))
        #expect(throws: FediError.self) { try support[.misskeyAdmin]?.check(AccountAction(.suspend, text: "spam")) }
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
            #expect(
                ((try? TimelineReader(client: client, family: family)) != nil) == isClient, "timelines via \(family)")
            #expect(
                ((try? client.registration(family: family, on: server)) != nil) == (family == .mastodonClient),
                "signup via \(family)")
            #expect(
                (client.moderationLog(family: family) != nil) == (family == .pleromaAdmin || family == .misskeyAdmin),
                "log via \(family)")
        }
        #expect(try client.registration(family: .mastodonClient, on: server).support.confirmsEmail == false)
        #expect(try TimelineReader(client: client, family: .misskeyClient).maximumLimit == 100)
        #expect(try TimelineReader(client: client, family: .mastodonClient).maximumLimit == 40)
    }
}
