import Foundation
import Testing

@testable import FediCore

struct SoftwareVersionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var numbers: [Int]
        var prerelease: String?
        var build: String?
        var testDescription: String { "\"\(text)\"" }
    }

    static let cases: [Case] = [
        Case(text: "4.3.0", numbers: [4, 3, 0]),
        Case(text: "4.3.0+glitch", numbers: [4, 3, 0], build: "glitch"),
        Case(text: "4.2.0-beta2+glitch", numbers: [4, 2, 0], prerelease: "beta2", build: "glitch"),
        Case(text: "4.0.0rc1", numbers: [4, 0, 0], prerelease: "rc1"),
        Case(text: "2.4.3rc3", numbers: [2, 4, 3], prerelease: "rc3"),
        Case(text: "4.3.0+pr-32577-ba659d5", numbers: [4, 3, 0], build: "pr-32577-ba659d5"),
        Case(text: "4.3.0-nightly.2024-10-01", numbers: [4, 3, 0], prerelease: "nightly.2024-10-01"),
        Case(text: "4.2.13+security", numbers: [4, 2, 13], build: "security"),
        Case(text: "4.2.10+hometown-1.1.1", numbers: [4, 2, 10], build: "hometown-1.1.1"),
        Case(text: "0.13.0 git-f4fcffc", numbers: [0, 13, 0], build: "git-f4fcffc"),
        Case(text: "0.17.3+git-5ec8a8d", numbers: [0, 17, 3], build: "git-5ec8a8d"),
        Case(text: "3.13.2-0-g3f9d8ee", numbers: [3, 13, 2], build: "0-g3f9d8ee"),
        Case(text: "2024.11.0", numbers: [2024, 11, 0]),
        Case(text: "2023.12.0.beta3", numbers: [2023, 12, 0], prerelease: "beta3"),
        Case(text: "2024.1-beta5+d2ac5e1b9f", numbers: [2024, 1, 0], prerelease: "beta5", build: "d2ac5e1b9f"),
        Case(text: "24.04-dev.2", numbers: [24, 4, 0], prerelease: "dev.2"),
        Case(text: "2024.12-1576", numbers: [2024, 12, 0], build: "1576"),
        Case(text: "20240523", numbers: [20_240_523, 0, 0]),
        Case(text: "v0.16.0", numbers: [0, 16, 0]),
        Case(text: "Iceshrimp.NET/2024.1-beta3", numbers: [2024, 1, 0], prerelease: "beta3"),
        Case(text: "2.7.2 (compatible; Pleroma 2.5.0)", numbers: [2, 7, 2]),
        Case(text: "3.5.10 06f906acac", numbers: [3, 5, 10], build: "06f906acac"),
        Case(text: "4.7.1-260625+Xajh.ORG", numbers: [4, 7, 1], build: "260625+Xajh.ORG"),
        Case(
            text: "4.7.0-alpha.1+d82aaed2-ruby-4.0.6", numbers: [4, 7, 0], prerelease: "alpha.1",
            build: "d82aaed2-ruby-4.0.6"),
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let version = try #require(SoftwareVersion(c.text))
        #expect([version.major, version.minor, version.patch] == c.numbers)
        #expect(version.prerelease == c.prerelease)
        #expect(version.build == c.build)
    }

    @Test(arguments: ["", "   ", "unknown", "git-abcdef"])
    func noNumberIsNil(_ text: String) {
        #expect(SoftwareVersion(text) == nil)
    }

    @Test func orderFollowsSemanticVersioning() throws {
        let ordered = [
            "4.0.0rc1", "4.0.0rc2", "4.0.0", "4.0.1", "4.3.0-beta.1", "4.3.0-beta.2", "4.3.0-beta.10", "4.3.0",
        ]
        let parsed = try ordered.map { try #require(SoftwareVersion($0)) }
        #expect(parsed.shuffled().sorted() == parsed)
        // Build metadata does not order: a glitch build equals its release.
        #expect(SoftwareVersion("4.3.0+glitch") == SoftwareVersion("4.3.0"))
    }

    @Test func gatesCountAPreReleaseAsItsRelease() throws {
        let minimum = SoftwareVersion(4, 0, 0)
        #expect(try #require(SoftwareVersion("4.0.0rc1")).isAtLeast(minimum))
        #expect(try #require(SoftwareVersion("4.3.0-nightly.2024-10-01")).isAtLeast(minimum))
        #expect(!(try #require(SoftwareVersion("3.5.3")).isAtLeast(minimum)))
    }

    struct CompatCase: Sendable, CustomTestStringConvertible {
        var text: String
        var level: String?
        var product: String?
        var productVersion: String?
        var testDescription: String { "\"\(text)\"" }
    }

    static let compatCases: [CompatCase] = [
        CompatCase(
            text: "2.7.2 (compatible; Pleroma 2.5.0)", level: "2.7.2", product: "Pleroma", productVersion: "2.5.0"),
        CompatCase(
            text: "2.7.2 (compatible; Akkoma 3.13.2-0-g3f9d8ee)", level: "2.7.2", product: "Akkoma",
            productVersion: "3.13.2-0-g3f9d8ee"),
        CompatCase(
            text: "4.2.1 (compatible; Iceshrimp.NET/2024.1-beta5+d2ac5e1b9f)", level: "4.2.1", product: "Iceshrimp.NET",
            productVersion: "2024.1-beta5+d2ac5e1b9f"),
        CompatCase(
            text: "(compatible; Iceshrimp.NET/2024.1-beta3)", level: nil, product: "Iceshrimp.NET",
            productVersion: "2024.1-beta3"),
        CompatCase(
            text: "3.0.0 (compatible; Sharkey 2023.12.0.beta3)", level: "3.0.0", product: "Sharkey",
            productVersion: "2023.12.0.beta3"),
        CompatCase(
            text: "3.5.3 (compatible; Pixelfed 0.12.4)", level: "3.5.3", product: "Pixelfed", productVersion: "0.12.4"),
        CompatCase(text: "4.3.0+glitch", level: nil, product: nil, productVersion: "4.3.0+glitch"),
        CompatCase(text: "", level: nil, product: nil, productVersion: nil),
    ]

    @Test(arguments: compatCases)
    func takesCompatibleStringsApart(_ c: CompatCase) {
        let parsed = VersionString(c.text)
        #expect(parsed.compatibleLevel == c.level)
        #expect(parsed.product == c.product)
        #expect(parsed.productVersion == c.productVersion)
    }

    @Test func theCompatibleLevelIsNotTheProductVersion() throws {
        let parsed = VersionString("2.7.2 (compatible; Pleroma 2.5.0)")
        let version = try #require(parsed.version)
        #expect(version == SoftwareVersion(2, 5, 0))
    }

    @Test(arguments: [
        ("4.3.2+glitch", "glitch-soc"), ("4.2.0+glitch.th", "glitch-soc"), ("4.2.10+hometown-1.1.1", "hometown"),
        ("1.0.6+3.4.1", "hometown"), ("4.2.12+kmyblue.5.24", "kmyblue"),
    ])
    func mastodonForksFromBuildMetadata(_ version: String, _ variant: String) {
        #expect(ServerDiscovery.mastodonVariant(version) == variant)
    }

    @Test(arguments: [
        "4.3.2", "3.5.10 06f906acac", "4.7.1-260625+Xajh.ORG", "4.7.0-alpha.1+d82aaed2-ruby-4.0.6",
        "4.3.0+pr-32577-ba659d5", "4.2.13+security", "4.3.0-nightly.2024-10-01", "4.3.0+ba659d5", "",
        "0.17.3+git-5ec8a8d",
    ])
    func buildIdsAreNotForks(_ version: String) {
        #expect(ServerDiscovery.mastodonVariant(version) == nil)
    }

    /// A build suffix is never the version capability gates compare; only old Hometown's `1.x+<mastodon>` is.
    @Test(arguments: [
        ("3.5.10 06f906acac", "3.5.10"), ("4.7.1-260625+Xajh.ORG", "4.7.1"),
        ("4.7.0-alpha.1+d82aaed2-ruby-4.0.6", "4.7.0"),
        ("4.3.0+ba659d5", "4.3.0"), ("1.0.6+3.4.1", "3.4.1"),
    ])
    func buildSuffixesAreNotTheComparedVersion(_ version: String, _ compared: String) throws {
        let server = ServerInfo(
            flavour: .mastodon, variant: ServerDiscovery.mastodonVariant(version), softwareName: "mastodon",
            version: version,
            detectedAt: Date())
        let actual = try #require(server.comparableVersion as SoftwareVersion?)
        #expect("\(actual.major).\(actual.minor).\(actual.patch)" == compared)
    }

    @Test func aThreeFiveServerWithACommitGetsV1Filters() throws {
        let server = ServerInfo(
            flavour: .mastodon, variant: ServerDiscovery.mastodonVariant("3.5.10 06f906acac"),
            softwareName: "mastodon", version: "3.5.10 06f906acac", detectedAt: Date())
        #expect(server.variant == nil)
        #expect(server.label == "Mastodon 3.5.10")
        #expect(!server.comparableVersion!.isAtLeast(SoftwareVersion(4, 0, 0)))
    }

    @Test func aGoToSocialInstanceDocumentIsNotMastodon() throws {
        var info = InstanceInfo(domain: "gts.example", version: "0.17.3+git-5ec8a8d", languages: [], apiSource: "v2")
        info.showsGoToSocial = true
        #expect(ServerDiscovery.classify(VersionString("0.17.3+git-5ec8a8d"), instance: info)?.flavour == .gotosocial)
        info.showsGoToSocial = false
        #expect(ServerDiscovery.classify(VersionString("4.3.2"), instance: info)?.flavour == .mastodon)
    }
}
