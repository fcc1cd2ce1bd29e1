import FediCore
import FediTestSupport
import Foundation
import Testing

/// fediblockhole 0.4.6's merge, rule by rule (the parity test in FediCommandsTests runs fediblockhole
/// itself), plus digest matching of obfuscated entries, source readers and the named config.
struct BlocklistMergeTests {
    func entry(
        _ domain: String, _ severity: DomainBlockSeverity, media: Bool = false, reports: Bool = false,
        comment: String = "",
        privateComment: String = "", obfuscate: Bool = false, digest: String? = nil
    ) -> SourceEntry {
        SourceEntry(
            spec: DomainBlockSpec(
                domain: domain, severity: severity, rejectMedia: media, rejectReports: reports,
                privateComment: privateComment, publicComment: comment, obfuscate: obfuscate), digest: digest)
    }

    func list(_ name: String, _ entries: SourceEntry...) -> SourceList { SourceList(name: name, entries: entries) }

    // MARK: severities and flags

    @Test func maxKeepsTheHarshestSeverityAndAnyTrueFlag() {
        let result = BlocklistMerge.merge(
            [
                list("a", entry("x.example", .silence, media: true)),
                list("b", entry("x.example", .suspend, reports: false, obfuscate: true)),
                list("c", entry("x.example", .noop, reports: true)),
            ], rule: .max)
        #expect(result.blocks.count == 1)
        let block = result.blocks[0]
        #expect(block.severity == .suspend)
        #expect(block.rejectMedia && block.rejectReports && block.obfuscate)
        #expect(block.sources == ["a", "b", "c"])
    }

    @Test func minKeepsTheMildestSeverityAndAnyFalseFlag() {
        let result = BlocklistMerge.merge(
            [
                list("a", entry("x.example", .suspend, media: true, reports: true)),
                list("b", entry("x.example", .silence, media: true, reports: false)),
            ], rule: .min)
        let block = result.blocks[0]
        #expect(block.severity == .silence)
        #expect(block.rejectMedia)
        #expect(!block.rejectReports)

        let withNoop = BlocklistMerge.merge(
            [list("a", entry("x.example", .suspend)), list("b", entry("x.example", .noop))], rule: .min)
        #expect(withNoop.blocks[0].severity == .noop)
    }

    // MARK: comments

    @Test(arguments: [
        ("", "", ""),
        ("spam", "", "spam"),
        ("", "spam", "spam"),
        ("spam", "spam", "spam"),
        // fediblockhole's own example.
        (
            "boring, lack of moderation, nazis, scrapers", "lack of moderation, scrapers",
            "boring, lack of moderation, nazis, scrapers"
        ),
        ("spam, bots", "bots, harassment", "spam, bots, harassment"),
        // Only ", " separates; empty parts go; each old part cancels one equal new part.
        ("a,b", "a", "a,b, a"),
        ("a, , b", "c, ", "a, b, c"),
        ("a, a", "a, a, a", "a, a, a"),
    ])
    func commentsJoinAsFediblockholeJoinsThem(old: String, new: String, merged: String) {
        #expect(BlocklistMerge.mergeComments(old, new) == merged)
    }

    @Test func commentsGrowInSourceOrder() {
        let result = BlocklistMerge.merge([
            list("a", entry("x.example", .suspend, comment: "spam", privateComment: "seen in #12")),
            list("b", entry("x.example", .suspend, comment: "bots, spam", privateComment: "")),
            list("c", entry("x.example", .suspend, comment: "harassment", privateComment: "seen in #40")),
        ])
        #expect(result.blocks[0].publicComment == "spam, bots, harassment")
        #expect(result.blocks[0].privateComment == "seen in #12, seen in #40")
    }

    // MARK: thresholds

    @Test func aCountThresholdKeepsDomainsListedOftenEnough() {
        let lists = [
            list("a", entry("one.example", .suspend), entry("two.example", .suspend), entry("three.example", .suspend)),
            list("b", entry("two.example", .suspend), entry("three.example", .suspend)),
            list("c", entry("three.example", .silence)),
        ]
        #expect(BlocklistMerge.merge(lists).blocks.map(\.domain) == ["one.example", "three.example", "two.example"])
        #expect(
            BlocklistMerge.merge(lists, threshold: .count(2)).blocks.map(\.domain) == ["three.example", "two.example"])
        #expect(BlocklistMerge.merge(lists, threshold: .count(3)).blocks.map(\.domain) == ["three.example"])
        #expect(BlocklistMerge.merge(lists, threshold: .count(4)).blocks.isEmpty)
    }

    @Test func aPercentThresholdCountsEverySourceEvenEmptyOnes() {
        let lists = [
            list("a", entry("x.example", .suspend)), list("b", entry("x.example", .suspend)), list("c"), list("d"),
        ]
        #expect(BlocklistMerge.merge(lists, threshold: .percent(50)).blocks.count == 1)
        #expect(BlocklistMerge.merge(lists, threshold: .percent(51)).blocks.isEmpty)
    }

    /// fediblockhole computes `count / total * 100` in floating point: 29 of 100 is 28.999999999999996.
    @Test func percentagesFallAsFediblockholesFloatArithmeticLetsThem() {
        #expect(!MergeThreshold.percent(29).isMet(count: 29, of: 100))
        #expect(MergeThreshold.percent(7).isMet(count: 7, of: 100))
        #expect(MergeThreshold.percent(33).isMet(count: 1, of: 3))
    }

    @Test(arguments: [
        ("2", MergeThreshold.count(2)), ("0", .count(0)), ("50%", .percent(50)), (" 12.5% ", .percent(12.5)),
    ])
    func thresholdsParse(text: String, value: MergeThreshold) {
        #expect(MergeThreshold(text) == value)
    }

    @Test(arguments: ["", "-1", "two", "150%", "%"])
    func badThresholdsAreRefused(text: String) {
        #expect(MergeThreshold(text) == nil)
    }

    // MARK: allowlist, case, repeats

    @Test func theAllowlistAlwaysWinsAndCaseDoesNotMatter() {
        let result = BlocklistMerge.merge(
            [
                list("a", entry("Friendly.Example", .suspend), entry("spam.example", .suspend)),
                list("b", entry("friendly.example.", .silence), entry("SPAM.example", .silence)),
            ], allow: ["FRIENDLY.example"])
        #expect(result.blocks.map(\.domain) == ["spam.example"])
        #expect(result.blocks[0].sources == ["a", "b"])
        #expect(result.allowed == ["friendly.example"])
    }

    @Test func aDomainCountsOncePerSource() {
        let result = BlocklistMerge.merge(
            [list("a", entry("x.example", .silence), entry("X.example", .suspend)), list("b")],
            threshold: .count(2))
        #expect(result.blocks.isEmpty)
    }

    // MARK: per-source settings

    @Test func sourceSettingsCapSeverityAndDropFieldsNotTaken() {
        let source = list(
            "a",
            entry(
                "x.example", .suspend, media: true, reports: true, comment: "spam", privateComment: "p", obfuscate: true
            ))
        let capped = SourceSettings(maxSeverity: .silence, fields: [.publicComment]).applied(to: source)
        #expect(
            capped.entries[0].spec
                == DomainBlockSpec(domain: "x.example", severity: .silence, privateComment: "", publicComment: "spam"))
        let untouched = SourceSettings().applied(to: source)
        #expect(untouched.entries[0].spec == source.entries[0].spec)
    }

    @Test func takenFieldsParse() {
        #expect(BlocklistField.parseList("none") == .success([]))
        #expect(
            BlocklistField.parseList("comments,obfuscate") == .success([.publicComment, .privateComment, .obfuscate]))
        #expect(BlocklistField.parseList("all") == .success(Set(BlocklistField.allCases)))
        #expect(BlocklistField.parseList("reject_media,severity") == .failure(.init(word: "severity")))
    }

    // MARK: digests

    @Test func sha256MatchesTheStandardVectors() {
        #expect(DomainDigest.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(DomainDigest.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func anObfuscatedDomainIsMatchedByDigestOnlyWhereItsPatternFits() {
        let index = DomainDigestIndex(domains: ["example.com", "other.example"])
        let digest = DomainDigest.sha256Hex("example.com")
        #expect(index.domain(digest: digest, pattern: "exam*le.com") == "example.com")
        #expect(index.domain(digest: digest.uppercased(), pattern: nil) == "example.com")
        // A pattern that cannot hide the domain the digest names: not trusted.
        #expect(index.domain(digest: digest, pattern: "exam*le.org") == nil)
        #expect(index.domain(digest: digest, pattern: "ex*mple*com") == nil)
        #expect(index.domain(digest: DomainDigest.sha256Hex("unknown.example"), pattern: "unk****.example") == nil)
    }

    /// GoToSocial masks by position, dots included, and publishes no digest (issue 47): its entries
    /// match a known domain its own masking gives, or any fitting one where the software is unknown;
    /// never when two known domains fit.
    @Test func entriesWithoutADigestMatchByTheSoftwaresMasking() {
        #expect(DomainMasking.goToSocialMask("bad000.example") == "b*d0*0**xa**l*")
        let index = DomainDigestIndex(domains: ["bad000.example", "bad000.exanple", "other.example"])
        // Both bad000 domains give the same pattern: ambiguous, whatever the software.
        #expect(index.fitting("b*d0*0**xa**l*") == ["bad000.example", "bad000.exanple"])
        #expect(index.only(fitting: "b*d0*0**xa**l*") == nil)
        #expect(index.only(fitting: "b*d0*0**xa**l*", masking: .gotosocial) == nil)
        let one = DomainDigestIndex(domains: ["bad000.example", "other.example"])
        #expect(one.only(fitting: "b*d0*0**xa**l*") == "bad000.example")
        #expect(one.only(fitting: "b*d0*0**xa**l*", masking: .gotosocial) == "bad000.example")
        // Mastodon keeps the dots: GoToSocial's pattern, with a `*` where the dot is, is none of its.
        #expect(one.only(fitting: "b*d0*0**xa**l*", masking: .mastodon) == nil)
        #expect(one.only(fitting: "bad***.example", masking: .mastodon) == "bad000.example")
        // GoToSocial's positions are fixed: a pattern that hides other positions is not its masking.
        #expect(one.only(fitting: "bad***.example", masking: .gotosocial) == nil)

        let list = SourceList(
            name: "gts", entries: [entry("b*d0*0**xa**l*", .suspend, obfuscate: true)], masking: .gotosocial)
        let merged = BlocklistMerge.merge([list], knownDomains: ["bad000.example"])
        #expect(merged.blocks.map(\.domain) == ["bad000.example"], "\(merged.blocks)")
        #expect(merged.matched.map(\.domain) == ["bad000.example"])
    }

    @Test func obfuscatedEntriesMergeWithTheDomainTheirDigestNames() {
        let hidden = entry(
            "bad*****.example", .suspend, comment: "hate", digest: DomainDigest.sha256Hex("badplace.example"))
        let result = BlocklistMerge.merge(
            [
                list("server:a", hidden),
                list("b.csv", entry("badplace.example", .silence, media: true)),
            ], threshold: .count(2))
        #expect(result.blocks.count == 1)
        #expect(result.blocks[0].domain == "badplace.example")
        #expect(result.blocks[0].severity == .suspend)
        #expect(result.blocks[0].rejectMedia)
        #expect(!result.blocks[0].unmatched)
        #expect(result.matched == [.init(source: "server:a", listed: "bad*****.example", domain: "badplace.example")])
    }

    @Test func unmatchedObfuscatedEntriesAreKeptAndMarked() {
        let digest = DomainDigest.sha256Hex("secret.example")
        let result = BlocklistMerge.merge(
            [
                list("server:a", entry("sec***.example", .suspend, digest: digest)),
                list("server:b", entry("sec***.example", .silence, digest: digest.uppercased())),
            ], threshold: .count(2))
        #expect(result.blocks.count == 1)
        #expect(result.blocks[0].domain == "sec***.example")
        #expect(result.blocks[0].unmatched)
        #expect(result.blocks[0].digest == digest)
        #expect(result.blocks[0].sources == ["server:a", "server:b"])
        // A known domain (from `--known`) reveals it; the allowlist removes it, hidden or not.
        #expect(
            BlocklistMerge.merge(
                [list("server:a", entry("sec***.example", .suspend, digest: digest))],
                knownDomains: ["secret.example"]
            ).blocks.map(\.domain) == ["secret.example"])
        #expect(
            BlocklistMerge.merge(
                [list("server:a", entry("sec***.example", .suspend, digest: digest))],
                allow: ["secret.example"]
            ).blocks.isEmpty)
    }

    // MARK: readers

    @Test func rapidBlockJSONIsRead() throws {
        let json =
            #"{"@spec": "https://rapidblock.org/spec/v1/", "blocks": {"b.example": {"isBlocked": true, "reason": "spam", "tags": []}, "a.example": {"isBlocked": false, "reason": ""}}}"#
        let (list, skipped) = try BlocklistReader.read(Data(json.utf8), name: "rapid.json")
        #expect(skipped.isEmpty)
        #expect(
            list.entries.map(\.spec) == [
                DomainBlockSpec(domain: "a.example", severity: .noop, publicComment: ""),
                DomainBlockSpec(domain: "b.example", severity: .suspend, publicComment: "spam"),
            ])
    }

    /// GoToSocial's export: no severity (its blocks are all suspensions), its own extra keys.
    @Test func goToSocialJSONIsRead() throws {
        let json =
            #"[{"domain": "bad.example", "public_comment": "spam", "private_comment": "", "obfuscate": true, "id": "01HX", "created_at": "2024-05-01T10:00:00.000Z", "created_by": "01AB"}]"#
        let (list, skipped) = try BlocklistReader.read(Data(json.utf8), name: "gts.json")
        #expect(skipped.isEmpty)
        #expect(
            list.entries.map(\.spec) == [
                DomainBlockSpec(
                    domain: "bad.example", severity: .suspend, privateComment: "", publicComment: "spam",
                    obfuscate: true)
            ])
    }

    @Test func obfuscatedJSONRowsKeepTheirDigests() throws {
        let json =
            #"[{"domain": "spam.example", "severity": "suspend"}, {"domain": "bad*****.example", "digest": "ABC", "severity": "silence", "comment": "hate"}]"#
        let (list, skipped) = try BlocklistReader.read(Data(json.utf8), name: "public.json")
        #expect(skipped.isEmpty)
        #expect(list.entries.map(\.spec.domain) == ["spam.example", "bad*****.example"])
        #expect(list.entries[1].digest == "ABC")
        #expect(list.entries[1].spec.severity == .silence)
        #expect(list.entries[1].spec.publicComment == "hate")
    }

    /// What `instance blocks -o csv --fields domain,severity,comment,digest` writes.
    @Test func obfuscatedCSVRowsKeepTheirDigests() throws {
        let csv =
            "domain,severity,comment,digest\r\nspam.example,suspend,Spam,aa\r\nbad*****.example,silence,\"Hate, speech\",D2AE\r\n"
        let (list, skipped) = try BlocklistReader.read(Data(csv.utf8), name: "theirs.csv")
        #expect(skipped.isEmpty)
        #expect(list.entries.map(\.spec.domain) == ["spam.example", "bad*****.example"])
        #expect(list.entries[1].digest == "D2AE")
        #expect(list.entries[1].spec.severity == .silence)
        #expect(list.entries[1].spec.publicComment == "Hate, speech")
        // A plain list has no digests: its obfuscated lines stay skipped.
        let plain = try BlocklistReader.read(Data("spam.example\nbad*****.example\n".utf8), name: "list.txt")
        #expect(plain.list.entries.count == 1)
        #expect(plain.skipped.map(\.domain) == ["bad*****.example"])
    }

    /// fediblockhole keeps one block per domain in a list: the last row it reads.
    @Test func aDomainListedTwiceTakesItsLastRow() throws {
        let csv =
            "domain,severity,public_comment\nspam.example,suspend,first\nother.example,silence,\nSPAM.example,,second\n"
        let (list, skipped) = try BlocklistReader.read(Data(csv.utf8), name: "twice.csv")
        #expect(skipped.isEmpty)
        #expect(
            list.entries.map(\.spec) == [
                DomainBlockSpec(domain: "spam.example", severity: .noop, privateComment: "", publicComment: "second"),
                DomainBlockSpec(domain: "other.example", severity: .silence, publicComment: ""),
            ])
        let json =
            #"[{"domain": "a.example", "severity": "silence"}, {"domain": "a.example", "severity": "suspend", "reject_media": true}]"#
        let fromJSON = try BlocklistReader.read(Data(json.utf8), name: "twice.json").list
        #expect(fromJSON.entries.map(\.spec.severity) == [.suspend])
        #expect(fromJSON.entries.map(\.spec.rejectMedia) == [true])
    }

    /// fediblockhole reads an empty severity as noop in both CSV kinds; without the column, suspend.
    @Test func anEmptySeverityInMastodonsCSVIsNoop() throws {
        let withColumn = "#domain,#severity,#reject_media\nquiet.example,,true\n"
        #expect(
            try BlocklistReader.read(Data(withColumn.utf8), name: "m.csv").list.entries.map(\.spec.severity) == [.noop])
        let withoutColumn = "#domain,#reject_media\nquiet.example,true\n"
        #expect(
            try BlocklistReader.read(Data(withoutColumn.utf8), name: "m.csv").list.entries.map(\.spec.severity) == [
                .suspend
            ])
    }

    /// fediblockhole's JSON: a severity of "" or null is noop; a missing one, suspend.
    @Test func anEmptyOrNullSeverityInJSONIsNoop() throws {
        let json =
            #"[{"domain": "a.example", "severity": ""}, {"domain": "b.example", "severity": null, "reject_media": true}, {"domain": "c.example"}, {"domain": "a.example", "severity": "silence"}, {"domain": "d.example", "severity": ""}]"#
        let list = try BlocklistReader.read(Data(json.utf8), name: "x.json").list
        #expect(
            list.entries.map { "\($0.spec.domain) \($0.spec.severity)" } == [
                "a.example silence", "b.example noop", "c.example suspend", "d.example noop",
            ])
        #expect(list.entries[1].spec.rejectMedia)
    }

    @Test func sourcesAreNamedAsUsersWriteThem() throws {
        #expect(try BlocklistSource("server:mastodon.example") == .server("mastodon.example"))
        #expect(try BlocklistSource("account:work") == .account("work"))
        #expect(try BlocklistSource("lists/a.csv") == .file("lists/a.csv"))
        #expect(
            try BlocklistSource("https://example.org/list.csv?raw=1")
                == .url(URL(string: "https://example.org/list.csv?raw=1")!))
        #expect(
            try BlocklistSource("http://127.0.0.1:8080/list.csv")
                == .url(URL(string: "http://127.0.0.1:8080/list.csv")!))
        #expect(throws: FediError.self) { try BlocklistSource("http://example.org/list.csv") }
        #expect(throws: FediError.self) { try BlocklistSource("ftp://example.org/list.csv") }
        #expect(throws: FediError.self) { try BlocklistSource("server:") }
    }

    // MARK: named config

    @Test func aNamedConfigReadsSourcesWithTheirSettings() throws {
        let json = """
            {"sources": ["a.csv", "~/b.csv", {"source": "server:m.example", "max_severity": "silence", "fields": ["public_comment"]},
                         "https://example.org/x.csv"],
             "merge": "min", "threshold": "50%", "allow": ["friendly.example"], "known": ["peers.txt"]}
            """
        let config = try BlocklistConfig.parse(
            Data(json.utf8), path: "/etc/fedictl/blocklists/nightly.json", home: "/home/mod")
        #expect(
            config.sources.map(\.source) == [
                "/etc/fedictl/blocklists/a.csv", "/home/mod/b.csv", "server:m.example", "https://example.org/x.csv",
            ])
        #expect(config.sources[2].settings == SourceSettings(maxSeverity: .silence, fields: [.publicComment]))
        #expect(config.sources[0].settings == SourceSettings())
        #expect(config.merge == .min)
        #expect(config.threshold == .percent(50))
        #expect(config.allow == ["friendly.example"])
        #expect(config.known == ["/etc/fedictl/blocklists/peers.txt"])
    }

    @Test func configNamesAreTheJSONFilesThere() throws {
        let home = try TemporaryDirectory.make("blocklist-configs")
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("fedictl/blocklists")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["nightly.json", "weekly.json", "notes.txt", ".hidden.json"] {
            try Data("{}".utf8).write(to: directory.appendingPathComponent(name))
        }
        #expect(BlocklistConfig.names(environment: ["XDG_CONFIG_HOME": home.path]) == ["nightly", "weekly"])
        #expect(BlocklistConfig.names(environment: ["XDG_CONFIG_HOME": home.path + "/none"]).isEmpty)
    }

    @Test(arguments: [
        #"[]"#, #"{"sources": [], "mergeplan": "max"}"#, #"{"merge": "median"}"#, #"{"threshold": "lots"}"#,
        #"{"sources": [{"source": "a.csv", "max_severity": "ban"}]}"#,
        #"{"sources": [{"source": "a.csv", "fields": ["nope"]}]}"#,
    ])
    func aBadConfigIsAConfigError(json: String) {
        let error = #expect(throws: FediError.self) { try BlocklistConfig.parse(Data(json.utf8), path: "x.json") }
        #expect(error?.status == .config)
    }
}
