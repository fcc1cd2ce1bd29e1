import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl instance features` and the capability requirement, over libcurl against mastodon_mock
/// and the fixture servers.
struct InstanceFeaturesTests {
    /// (capability, family or nil, note) per row of `instance features -o json`.
    static func rows(_ result: CommandResult) throws -> [String: (family: String?, note: String?)] {
        let rows = try #require(try result.json() as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: rows.map { row in
                (row["capability"] as? String ?? "", (row["family"] as? String, row["note"] as? String))
            })
    }

    /// What Mastodon has no API for: report notes, and GoToSocial's own admin verbs.
    static let notOnMastodon: Set<String> = [
        "reports note", "accounts reject --message", "domain-blocks sync --as-draft",
        "domain-subscriptions list", "domain-subscriptions show", "domain-subscriptions add",
        "domain-subscriptions update",
        "domain-subscriptions remove", "domain-subscriptions test",
        "domain-drafts list", "domain-drafts show", "domain-drafts add", "domain-drafts accept", "domain-drafts reject",
        "domain-excludes list", "domain-excludes add", "domain-excludes remove",
        "header-filters list", "header-filters add", "header-filters remove",
        "instance rules add", "instance rules update", "instance rules remove", "media cleanup", "media refetch",
        // Mastodon's admin API acts on accounts, not on one post.
        "statuses delete", "statuses sensitive", "statuses unsensitive", "statuses visibility",
    ]

    @Test func mastodonMockHasEverythingButReportNotesAndGoToSocialsOwnVerbs() async throws {
        let server = try await MockServer.start()
        let result = await CommandHarness().run(["instance", "features", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try Self.rows(result)
        #expect(rows.count == Capability.allCases.count)
        #expect(Set(rows.filter { $0.value.family == nil }.map(\.key)) == Self.notOnMastodon)
        #expect(rows["domain-drafts list"]?.note == "Mastodon has no API for it")
        #expect(rows["reports assign"]?.family == "mastodon-admin")
        #expect(rows["ip-blocks update"]?.family == "mastodon-admin")
        #expect(rows["filters (v2)"]?.family == "mastodon-client")
        #expect(rows["reports note"]?.note == "Mastodon has no API for it")
    }

    @Test(arguments: FlavourDetectionTests.flavours)
    func fixtureMatchesTheTable(_ expected: FlavourDetectionTests.Expected) async throws {
        let server = try await FixtureServer.start(flavour: expected.directory)
        let result = await CommandHarness().run(["instance", "features", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try Self.rows(result)
        // The table applied to what the fixture is known to run (not to what detection found).
        let known = ServerInfo(
            flavour: Flavour(rawValue: expected.flavour), variant: expected.variant, softwareName: expected.software,
            version: expected.version, instanceAPI: expected.flavour == "unknown" ? nil : "v1", detectedAt: Date())
        for row in FeatureSupport.matrix(for: known) {
            #expect(rows[row.capability]?.family == row.family?.rawValue, "\(expected.directory): \(row.capability)")
            #expect(rows[row.capability]?.note == row.note, "\(expected.directory): \(row.capability)")
        }
    }

    @Test func spotChecksFromTheApiMap() async throws {
        let expectations: [String: [String: String?]] = [
            "gotosocial": [
                "reports list": "gotosocial-admin", "reports assign": nil, "domain-blocks update": "gotosocial-admin",
                "filters (v2)": "mastodon-client",
            ],
            "gotosocial-0.17": ["domain-blocks update": nil],  // 0.19 changes blocks in place
            "akkoma": ["reports resolve": "pleroma-admin", "instance rules": nil, "filters (v1)": "mastodon-client"],
            "misskey": ["reports list": "misskey-admin", "blocks": "misskey-client", "apps register": nil],
            "mastodon-old": [
                "domain-blocks list": nil, "accounts unsensitive": "mastodon-admin", "instance blocks": nil,
            ],
            "unknown": ["instance info": nil, "blocks": nil],
        ]
        for (flavour, wanted) in expectations {
            let server = try await FixtureServer.start(flavour: flavour)
            let rows = try Self.rows(await CommandHarness().run(["instance", "features", server.base, "-o", "json"]))
            for (capability, family) in wanted {
                #expect(rows[capability]?.family == family, "\(flavour): \(capability)")
            }
        }
    }

    @Test func terminalTableNamesTheServerOnStderr() async throws {
        let server = try await FixtureServer.start(flavour: "glitch")
        let result = await CommandHarness().run(
            ["instance", "features", server.base, "--no-color"], tty: true, width: 120)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "\(server.base): Mastodon 4.3.2 (glitch-soc)\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("CAPABILITY") == true)
        #expect(lines.contains { $0.hasPrefix("reports assign") && $0.contains("Mastodon admin API") })
        #expect(
            lines.contains {
                $0.hasPrefix("reports note") && $0.contains("unavailable") && $0.contains("Mastodon has no API for it")
            })
    }

    // MARK: requiring a capability

    @Test func requiringWhatTheServerLacksExits69NamingCommandSoftwareAndVersion() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let store = InMemoryLoginStore(CacheTests.config(for: server))
        let terminal = CapturingTerminal()
        let services = Services(
            transport: CommandHarness.sharedTransport, secrets: InMemorySecretStore(),
            insecureSecrets: { InMemorySecretStore() },
            logins: store, terminal: terminal, environment: [:])
        let ctx = CommandContext(services: services, globals: try GlobalOptions.parse([]))
        // Opening a door sends nothing but the detection: the adapter is chosen, no report is read.
        let api = try await ctx.with(.reports(.reportsList), as: .visitor) { $0.support.api }
        #expect(api == APIFamily.gotosocialAdmin.displayName)
        do {
            let api = try await ctx.with(.reports(.reportsAssign), as: .visitor) { $0.support.api }
            Issue.record("reports assign was allowed on GoToSocial through the \(api)")
        } catch {
            let failure = ErrorReport.fediError(from: error)
            ErrorReport.write(failure, to: ctx)
            #expect(failure.status.rawValue == 69)
            #expect(
                terminal.stderr == """
                    fedictl: reports assign is not available on GoToSocial 0.20.0-rc1
                    hint: GoToSocial has no API for it; `fedictl instance features \(server.base)` lists what this server can do

                    """)
        }
        // Both doors used one detection.
        let nodeinfo = try await server.receivedRequests().filter { $0["path"] as? String == "/.well-known/nodeinfo" }
        #expect(nodeinfo.count == 1)
    }

    @Test func aCommandTheServerCannotServeExits69() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let harness = CommandHarness(logins: InMemoryLoginStore(CacheTests.config(for: server)))
        let result = await harness.run(["instance", "activity"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: instance activity is not available on GoToSocial 0.20.0-rc1\n"))
        #expect(result.stdout.isEmpty)
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }
        #expect(!paths.contains("/api/v1/instance/activity"))
    }

    @Test func aVersionTooOldSaysWhichIsNeeded() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon-old")
        let result = await CommandHarness().run(["instance", "blocks", server.base])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: instance blocks is not available on Mastodon 3.5.3
                hint: it needs Mastodon 4.0.0 or newer; `fedictl instance features \(server.base)` lists what this server can do

                """)
    }
}
