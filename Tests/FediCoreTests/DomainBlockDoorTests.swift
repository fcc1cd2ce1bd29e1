import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// `Door.domainBlocks` gives an adapter whose support says which version-dependent steps around
/// blocks the server refuses, in the capability table's words, so commands ask the adapter.
@Suite struct DomainBlockDoorTests {
    let transport = FakeTransport()
    var client: APIClient {
        get throws {
            APIClient(server: try ServerAddress("social.example"), token: "t", http: HTTPClient(transport: transport))
        }
    }

    @Test func theAdaptersSupportNamesWhatThisVersionRefuses() throws {
        let cases: [(Flavour, String, refused: [Capability])] = [
            (.mastodon, "4.3.0", [.domainBlocksSyncAsDraft, .domainExcludesList]),
            (.misskey, "2024.11.0", [.domainBlocksSyncAsDraft, .domainFollows, .domainExcludesList]),
            (
                .gotosocial, "0.17.3",
                [.domainBlocksUpdate, .domainBlocksSyncAsDraft, .domainFollows, .domainExcludesList]
            ),
            (.gotosocial, "0.18.1", [.domainBlocksUpdate, .domainFollows]),
            (.gotosocial, "0.20.0", [.domainFollows]),
            (.akkoma, "3.13.2", [.domainBlocksSyncAsDraft, .domainFollows, .domainExcludesList]),
        ]
        for (flavour, version, refused) in cases {
            let server = FilterDoorTests.server(flavour, version)
            let support = try Door.domainBlocks(.domainBlocksList).open(client, on: server).support
            let label = server.label
            for step in Capability.domainBlockSteps {
                let refusal = support.refusal(of: step)
                #expect((refusal != nil) == refused.contains(step), "\(label): \(step)")
                if let refusal {
                    #expect(refusal.status == .unavailable)
                    #expect(refusal.message == "\(step.rawValue) is not available on \(label)", "\(refusal)")
                }
            }
        }
        #expect(transport.requests.isEmpty)
    }
}
