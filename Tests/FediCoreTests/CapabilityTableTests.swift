import Foundation
import Testing

@testable import FediCore

struct CapabilityTableTests {
    static func server(_ flavour: Flavour, _ version: String?, name: String? = nil, instanceAPI: String? = "v1")
        -> ServerInfo
    {
        ServerInfo(
            flavour: flavour, softwareName: name ?? flavour.rawValue, version: version, instanceAPI: instanceAPI,
            detectedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func everyCapabilityHasARowAndEveryRowAFlavour() {
        for capability in Capability.allCases {
            let rules = CapabilityTable.rules[capability]
            #expect(rules?.isEmpty == false, "no rule for \(capability.rawValue)")
        }
    }

    @Test func unavailableSaysCommandSoftwareAndVersion() throws {
        let gts = Self.server(.gotosocial, "0.17.3+git-5ec8a8d")
        #expect(
            throws: FediError(
                .unavailable, "reports assign is not available on GoToSocial 0.17.3",
                hint:
                    "GoToSocial has no API for it; `fedictl instance features gts.example` lists what this server can do"
            )
        ) {
            try CapabilityTable.require(.reportsAssign, on: gts, host: "gts.example")
        }
        #expect(try CapabilityTable.require(.reportsList, on: gts) == .gotosocialAdmin)
    }

    @Test func versionGatesUseTheProductVersion() {
        let old = Self.server(.mastodon, "3.5.3")
        #expect(
            CapabilityTable.availability(of: .domainBlocksList, on: old)
                == .unavailable(reason: "it needs Mastodon 4.0.0 or newer"))
        #expect(CapabilityTable.availability(of: .accountsDelete, on: old) == .available(.mastodonAdmin))
        #expect(
            CapabilityTable.availability(of: .domainBlocksList, on: Self.server(.mastodon, "4.0.0rc1"))
                == .available(.mastodonAdmin))
        // GoToSocial could not update domain blocks before 0.19.
        #expect(
            CapabilityTable.availability(of: .domainBlocksUpdate, on: Self.server(.gotosocial, "0.17.3"))
                == .unavailable(reason: "it needs GoToSocial 0.19.0 or newer"))
        #expect(
            CapabilityTable.availability(of: .domainBlocksUpdate, on: Self.server(.gotosocial, "0.19.1"))
                == .available(.gotosocialAdmin))
    }

    @Test func theCompatibleClaimNeverGates() {
        // Pleroma claims Mastodon 2.7.2, older than every Mastodon admin gate: the Pleroma API still serves.
        var pleroma = Self.server(.pleroma, "2.7.1")
        pleroma.displayVersion = "2.7.2 (compatible; Pleroma 2.7.1)"
        #expect(CapabilityTable.availability(of: .reportsList, on: pleroma) == .available(.pleromaAdmin))
    }

    @Test func anUnparseableVersionGetsTheBenefitOfTheDoubt() {
        #expect(
            CapabilityTable.availability(of: .domainBlocksList, on: Self.server(.mastodon, nil))
                == .available(.mastodonAdmin))
        #expect(
            CapabilityTable.availability(of: .domainBlocksList, on: Self.server(.mastodon, "main"))
                == .available(.mastodonAdmin))
    }

    @Test func oldHometownCountsItsMastodonVersion() {
        let hometown = Self.server(.mastodon, "1.0.6+3.4.1")
        #expect(hometown.comparableVersion == SoftwareVersion(3, 4, 1))
        #expect(CapabilityTable.availability(of: .accountsDelete, on: hometown) == .available(.mastodonAdmin))
    }

    @Test func unknownSoftwareWithoutAMastodonAPIHasNothing() {
        let bonfire = Self.server(.unknown, "1.0.0-rc.1.12", name: "bonfire", instanceAPI: nil)
        for capability in Capability.allCases {
            #expect(CapabilityTable.availability(of: capability, on: bonfire).family == nil)
        }
        #expect(bonfire.label == "bonfire 1.0.0-rc.1.12")
        // With a Mastodon-style instance API, the everyday client API is tried; admin APIs are not.
        let other = Self.server(.unknown, "1.0", name: "someserver")
        #expect(CapabilityTable.availability(of: .blocks, on: other) == .available(.mastodonClient))
        #expect(
            CapabilityTable.availability(of: .reportsList, on: other)
                == .unavailable(reason: "someserver has no API for it"))
    }

    @Test func familiesFollowTheApiMap() {
        let expectations: [(Flavour, Capability, APIFamily?)] = [
            (.mastodon, .reportsAssign, .mastodonAdmin), (.mastodon, .ipBlocksAdd, .mastodonAdmin),
            (.akkoma, .reportsResolve, .pleromaAdmin), (.akkoma, .instanceRules, nil),
            (.pleroma, .instanceRules, .mastodonClient),
            (.akkoma, .reportsAssign, nil), (.pleroma, .domainBlocksAdd, .pleromaAdmin), (.pleroma, .filtersV2, nil),
            (.misskey, .reportsList, .misskeyAdmin), (.misskey, .reportsShow, nil), (.misskey, .blocks, .misskeyClient),
            (.misskey, .appsRegister, nil), (.sharkey, .appsRegister, .mastodonClient),
            (.sharkey, .emailBlocksAdd, .misskeyAdmin),
            (.iceshrimpNet, .reportsList, nil), (.iceshrimpNet, .blocks, .mastodonClient),
            (.pixelfed, .userDomainBlocks, .mastodonClient), (.pixelfed, .reportsList, nil),
            (.friendica, .reportsList, nil), (.friendica, .timelinesLocal, .mastodonClient),
            (.gotosocial, .userDomainBlocks, nil), (.gotosocial, .filtersV2, .mastodonClient),
            (.gotosocial, .instanceActivity, nil),
        ]
        for (flavour, capability, family) in expectations {
            #expect(
                CapabilityTable.availability(of: capability, on: Self.server(flavour, nil)).family == family,
                "\(capability.rawValue) on \(flavour)")
        }
    }
}

struct ServerInfoTests {
    @Test func labelsLeaveOutBuildInformation() {
        func label(_ flavour: Flavour, _ version: String?, variant: String? = nil) -> String {
            ServerInfo(
                flavour: flavour, variant: variant, softwareName: flavour.rawValue, version: version,
                detectedAt: .distantPast
            ).label
        }
        #expect(label(.gotosocial, "0.17.3+git-5ec8a8d") == "GoToSocial 0.17.3")
        #expect(label(.gotosocial, "0.13.0 git-f4fcffc") == "GoToSocial 0.13.0")
        #expect(label(.akkoma, "3.13.2-0-g3f9d8ee") == "Akkoma 3.13.2")
        #expect(label(.mastodon, "4.3.2+glitch", variant: "glitch-soc") == "Mastodon 4.3.2 (glitch-soc)")
        #expect(label(.iceshrimpNet, "2024.1-beta5+d2ac5e1b9f") == "Iceshrimp.NET 2024.1-beta5")
        #expect(label(.takahe, nil) == "Takahē")
    }

    @Test func aCacheEntryFromElsewhereNeverBreaksTheConfig() throws {
        let odd = Data(#"{"flavour": "mastodon", "detected_at": "yesterday", "mastodon_api_version": "2"}"#.utf8)
        let info = try JSONDecoder().decode(ServerInfo.self, from: odd)
        #expect(info.flavour == .mastodon)
        #expect(info.mastodonAPIVersion == 2)
        #expect(!info.isFresh(at: Date()))
        let empty = try JSONDecoder().decode(ServerInfo.self, from: Data("{}".utf8))
        #expect(empty.flavour == .unknown)
    }

    @Test func roundTripsThroughTheConfigCoding() throws {
        let now = Date(timeIntervalSince1970: 1_760_000_000)
        let info = ServerInfo(
            flavour: .mastodon, variant: "glitch-soc", softwareName: "mastodon", version: "4.3.2+glitch",
            mastodonAPIVersion: 2, displayVersion: "4.3.2+glitch", instanceAPI: "v2", nodeinfoSchema: "2.0",
            detectedAt: now)
        for (encoder, decoder) in [(JSONEncoder(), JSONDecoder()), (JSONCoding.encoder(), JSONCoding.decoder())] {
            let decoded = try decoder.decode(ServerInfo.self, from: try encoder.encode(info))
            #expect(decoded == info)
        }
        #expect(info.isFresh(at: now.addingTimeInterval(23 * 3600)))
        #expect(!info.isFresh(at: now.addingTimeInterval(25 * 3600)))
    }
}
