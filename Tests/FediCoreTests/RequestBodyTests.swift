import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// Typed request bodies: the bytes servers get, and a body that cannot be written is an error
/// before anything is sent (never `{}` or a body with a field left out).
@Suite struct RequestBodyTests {
    func text(_ body: RequestBody) -> String {
        guard case .json(let data) = body else { return "not JSON" }
        return String(decoding: data, as: UTF8.self)
    }

    static let config = #"""
        {"configs": [{"group": ":pleroma", "key": ":mrf_simple", "value": [
          {"tuple": [":reject", [{"tuple": ["spam.example", "spam"]}]]},
          {"tuple": [":media_nsfw", ["nsfw.example"]]}]}]}
        """#

    /// A setting that holds plain host strings (older servers) gets plain strings back.
    @Test func pleromaConfigWriteKeepsTheTreeItRead() throws {
        var setting = try MRFSimple(configs: Data(Self.config.utf8))
        setting.set(":federated_timeline_removal", [HostLists.Entry(host: "loud.example", reason: "")])
        #expect(
            text(try setting.body) == #"""
                {"configs":[{"group":":pleroma","key":":mrf_simple","value":[{"tuple":[":reject",[{"tuple":["spam.example","spam"]}]]},\#
                {"tuple":[":media_nsfw",["nsfw.example"]]},{"tuple":[":federated_timeline_removal",["loud.example"]]}]}]}
                """#)
    }

    @Test func misskeyBodiesCarryTheTokenAsIBesideTheirFields() throws {
        let client = APIClient(
            server: try ServerAddress("fake.test"), token: "tok", http: HTTPClient(transport: FakeTransport()))
        #expect(
            text(try client.misskeyAdmin.body(MisskeyAdmin.MisskeyPage(limit: 100, untilId: "9x", state: "unresolved")))
                == #"{"i":"tok","limit":100,"state":"unresolved","untilId":"9x"}"#)
        #expect(text(try client.misskeyAdmin.body(MisskeyAdmin.NoFields())) == #"{"i":"tok"}"#)
        #expect(text(try client.anonymous.misskeyAdmin.body(["userId": "9abc"])) == #"{"userId":"9abc"}"#)
        #expect(text(try client.anonymous.misskeyAdmin.body(MisskeyAdmin.NoFields())) == "{}")
    }

    @Test func domainBlockBodiesLeaveOutWhatTheSpecDoesNotSay() throws {
        var spec = DomainBlockSpec(domain: "spam.example", severity: .silence)
        spec.publicComment = "spam"
        var create = MastodonDomainBlocks.fields(spec)
        create.domain = spec.domain
        #expect(
            text(try .encoded(create))
                == #"{"domain":"spam.example","obfuscate":false,"public_comment":"spam","reject_media":false,"reject_reports":false,"severity":"silence"}"#
        )
        #expect(
            text(try .encoded(GoToSocialDomainBlocks.fields(spec, domain: false)))
                == #"{"obfuscate":false,"public_comment":"spam"}"#)
    }

    @Test func aBodyThatCannotBeWrittenIsAnErrorAndNothingIsSent() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/pleroma/admin/config", json: Self.config)
        let client = APIClient(
            server: try ServerAddress("fake.test"), token: "tok", http: HTTPClient(transport: transport))
        let error = await #expect(throws: FediError.self) {
            try await client.pleromaAdmin.changeMRFSimple { setting in
                setting.value.append(["tuple": [":weight", Double.nan]] as [String: Any])
            }
        }
        #expect(error?.status == .dataError)
        #expect(
            error?.message.hasPrefix("cannot write the request body as JSON (") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("); nothing was sent") == true)
        #expect(transport.requests.map(\.method) == [.get], "only the read went out")
    }
}
