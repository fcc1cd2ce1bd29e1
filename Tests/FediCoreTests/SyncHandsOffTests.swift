import FediCore
import Foundation
import Testing

/// Sync changes only what sync made (issue 26), without a server: hand-made blocks kept or adopted,
/// blocks changed since sync kept unless forced, excludes, and provenance read from the stamp alone.
struct SyncHandsOffTests {
    static let now = Date(timeIntervalSince1970: 1_795_662_000)  // 2026-11-26T03:00:00Z

    static func list(_ name: String, _ specs: [DomainBlockSpec]) -> SourceList {
        SourceList(name: name, entries: specs.map { SourceEntry(spec: $0) })
    }

    static func plan(
        _ lists: [SourceList], _ current: [DomainBlock], made: [String: SyncRecord] = [:],
        lift: Bool = false, policy: SyncPlan.Policy = SyncPlan.Policy(now: now),
        support: DomainBlockSupport = .mastodon()
    ) -> SyncPlan {
        SyncPlan(
            merged: BlocklistMerge.merge(lists).blocks, current: current, support: support, made: made,
            sources: SyncPlan.Sources(lists), liftRetracted: lift, policy: policy)
    }

    /// A block as sync leaves it: the values, then the stamp with their fingerprint.
    static func synced(_ id: String, _ spec: DomainBlockSpec, sources: [String], adopted: Bool = false) -> DomainBlock {
        let stamp = SyncStamp(sources: sources, at: now, fingerprint: SyncStamp.fingerprint(of: spec), adopted: adopted)
        return DomainBlock(
            id: id, domain: spec.domain, severity: spec.severity, rejectMedia: spec.rejectMedia,
            rejectReports: spec.rejectReports, privateComment: stamp.appended(to: spec.privateComment),
            publicComment: spec.publicComment, obfuscate: spec.obfuscate)
    }

    static let partner = list(
        "partner.csv",
        [
            DomainBlockSpec(domain: "hate.example", severity: .suspend, privateComment: "partner list"),
            DomainBlockSpec(domain: "trolls.example", severity: .suspend),
        ])
    static let byHand = DomainBlock(
        id: "1", domain: "hate.example", severity: .silence,
        privateComment: "reports 12, 13")

    /// A suspension as sync writes it when the sources say nothing more.
    static func bare(_ domain: String) -> DomainBlockSpec {
        DomainBlockSpec(domain: domain, severity: .suspend, privateComment: "", publicComment: "")
    }

    @Test func aBlockMadeByHandIsKeptShowingWhatTheSourcesWouldSet() throws {
        let plan = Self.plan([Self.partner], [Self.byHand])
        let step = try #require(plan.steps.first { $0.domain == "hate.example" })
        #expect(step.action == .kept && step.kept == .madeByHand)
        #expect(step.write == nil)
        #expect(
            step.details == ["severity silence → suspend", "private_comment \"reports 12, 13\" → \"partner list\""])
        #expect(step.note?.hasPrefix("made by hand") == true, "\(step)")
    }

    @Test func adoptAppendsTheSourcesNoteAndNeverReplacesTheComment() throws {
        let plan = Self.plan([Self.partner], [Self.byHand], policy: SyncPlan.Policy(adopt: true, now: Self.now))
        let step = try #require(plan.steps.first { $0.domain == "hate.example" })
        #expect(step.action == .raise)
        let comment = try #require(step.wanted?.privateComment)
        #expect(SyncStamp.stripped(comment) == "reports 12, 13; partner list")
        let stamp = try #require(SyncStamp.parse(comment))
        #expect(stamp.adopted && stamp.sources == ["partner.csv"])
        // Adopted is sync's to change, never to lift.
        let adopted = Self.synced("1", try #require(step.wanted), sources: ["partner.csv"], adopted: true)
        let other = Self.list("partner.csv", [DomainBlockSpec(domain: "other.example", severity: .suspend)])
        let dropped = Self.plan([other], [adopted], lift: true)
        #expect(!dropped.steps.contains { $0.domain == "hate.example" }, "\(dropped.steps)")
    }

    @Test func aBlockLoweredByHandSinceSyncStaysLoweredUnlessForced() throws {
        var lowered = Self.synced("2", Self.bare("trolls.example"), sources: ["partner.csv"])
        lowered.severity = .silence  // after an appeal
        let plan = Self.plan([Self.partner], [lowered])
        let step = try #require(plan.steps.first { $0.domain == "trolls.example" })
        #expect(step.action == .kept && step.kept == .changedSince, "\(step)")
        #expect(step.details == ["severity silence → suspend"])
        let forced = Self.plan([Self.partner], [lowered], policy: SyncPlan.Policy(force: true, now: Self.now))
        #expect(forced.steps.first { $0.domain == "trolls.example" }?.action == .raise)
        // Untouched since, the same block is sync's: a stamp refresh alone is no write.
        let untouched = Self.synced("2", Self.bare("trolls.example"), sources: ["partner.csv"])
        let again = Self.plan([Self.partner], [untouched])
        #expect(again.steps.first { $0.domain == "trolls.example" }?.action == .unchanged)
    }

    /// A second machine has no record: the stamps on the server say what sync made.
    @Test func liftRetractedWorksFromTheStampsAloneAndNeverLiftsAHandMadeBlock() throws {
        let made = Self.synced("3", Self.bare("gone.example"), sources: ["partner.csv"])
        let hand = DomainBlock(id: "4", domain: "hand.example", severity: .suspend, privateComment: "ours")
        var changed = Self.synced("5", Self.bare("changed.example"), sources: ["partner.csv"])
        changed.publicComment = "edited"
        let plan = Self.plan([Self.partner], [made, hand, changed], lift: true)
        #expect(
            plan.steps.map { "\($0.domain) \($0.action.rawValue)" }
                == ["changed.example kept", "gone.example lift", "hate.example add", "trolls.example add"])
        let lifts = Self.plan(
            [Self.partner], [made, changed], lift: true,
            policy: SyncPlan.Policy(force: true, now: Self.now))
        #expect(lifts.steps.filter { $0.action == .lift }.map(\.domain) == ["changed.example", "gone.example"])
    }

    @Test func anExcludedDomainAndItsSubdomainsAreNeverTouched() {
        let lists = [
            Self.list(
                "partner.csv",
                [
                    DomainBlockSpec(domain: "partner.example", severity: .suspend),
                    DomainBlockSpec(domain: "a.partner.example", severity: .suspend),
                ])
        ]
        let gone = Self.synced("6", Self.bare("b.partner.example"), sources: ["partner.csv"])
        let plan = Self.plan(
            lists, [gone], lift: true,
            policy: SyncPlan.Policy(
                force: true, excludes: ["Partner.Example": "--exclude"],
                now: Self.now))
        #expect(
            plan.steps.map { "\($0.domain) \($0.action.rawValue)" }
                == ["a.partner.example kept", "partner.example kept"])
        #expect(plan.steps.allSatisfy { $0.kept == .excluded && $0.write == nil })
        #expect(plan.steps.first?.note == "excluded (by partner.example, --exclude): sync never touches it")
    }

    @Test func theStampRoundTripsSourcesWithSeparatorsInThem() throws {
        let stamp = SyncStamp(
            sources: ["/lists/my list,v2].csv", "https://x.example/a?b=c"], at: Self.now,
            fingerprint: "abcd1234")
        let comment = stamp.appended(to: "reports 12 [fedictl sync]")
        #expect(
            comment == "reports 12 [fedictl-sync sources=/lists/my%20list%2Cv2%5D.csv,https://x.example/a?b=c "
                + "at=2026-11-26T03:00:00Z set=abcd1234]")
        #expect(SyncStamp.parse(comment) == stamp)
        #expect(SyncStamp.stripped(comment) == "reports 12")
        #expect(SyncStamp.parse("reports 12") == nil)
        #expect(SyncStamp.parse("old [fedictl sync]") == SyncStamp(sources: [], at: nil, fingerprint: nil))
    }

    /// An obfuscated entry published without a digest (GoToSocial) is matched by its pattern when one
    /// known domain fits it; when several do it stays unmatched, and the plan names them.
    @Test func anEntryWithoutADigestIsMatchedByItsPatternUnlessAmbiguous() {
        let lists = [
            Self.list(
                "gts.json",
                [
                    DomainBlockSpec(domain: "b*tf*rm.example", severity: .suspend),
                    DomainBlockSpec(domain: "*ne.example", severity: .suspend),
                ])
        ]
        let merged = BlocklistMerge.merge(
            lists,
            knownDomains: [
                "botfarm.example", "one.example", "ane.example",
                "bitfirm.example.org",
            ])
        #expect(merged.blocks.map(\.domain) == ["*ne.example", "botfarm.example"])
        #expect(merged.matched.map(\.domain) == ["botfarm.example"])
        let plan = SyncPlan(
            merged: merged.blocks, current: [], support: .mastodon(), made: [:],
            sources: SyncPlan.Sources(lists), liftRetracted: false)
        #expect(plan.steps.map(\.action) == [.unmatched, .add])
        #expect(
            plan.steps.first?.note
                == "obfuscated without a digest; ambiguous: 2 known domains fit it (ane.example, one.example)")
    }

    /// A new suspension capped at silence is stamped with what was written: the next run reads it as
    /// sync's own and unchanged, not as changed by hand since (which would hold it from sync for good).
    @Test func aCappedNewSuspensionIsSyncsOwnOnTheNextRun() throws {
        let follows = ["trolls.example": DomainFollows(follows: 3, followers: 1)]
        var first = Self.plan([Self.partner], [])
        first.noteFollows(follows, cap: .silence)
        let written = try #require(first.steps.first { $0.domain == "trolls.example" }?.wanted)
        #expect(written.severity == .silence)
        let onServer = DomainBlock(
            id: "7", domain: written.domain, severity: written.severity, rejectMedia: written.rejectMedia,
            rejectReports: written.rejectReports, privateComment: written.privateComment,
            publicComment: written.publicComment, obfuscate: written.obfuscate)
        var second = Self.plan([Self.partner], [onServer])
        second.noteFollows(follows, cap: .silence)
        let step = try #require(second.steps.first { $0.domain == "trolls.example" })
        #expect(step.action == .unchanged, "\(step)")
        // Dropped by its source, it is sync's to lift.
        let other = Self.list("partner.csv", [Self.bare("other.example")])
        #expect(
            Self.plan([other], [onServer], lift: true).steps.first { $0.domain == "trolls.example" }?.action == .lift)
    }

    /// On a server that only suspends, a source's noop lifts a block sync made, but never one it
    /// adopted or one made by hand, even with --adopt.
    @Test func aNoopNeverLiftsAnAdoptedOrHandMadeBlock() throws {
        let goToSocial = DomainBlockSupport(
            software: "GoToSocial", severities: [.suspend], rejectMedia: false,
            rejectReports: false, obfuscate: true, publicComment: true,
            privateComment: true, emptyBlocks: true)
        let noop = Self.list("partner.csv", [DomainBlockSpec(domain: "trolls.example", severity: .noop)])
        let made = Self.synced("3", Self.bare("trolls.example"), sources: ["partner.csv"])
        let adopted = Self.synced("3", Self.bare("trolls.example"), sources: ["partner.csv"], adopted: true)
        let byHand = DomainBlock(id: "3", domain: "trolls.example", severity: .suspend, privateComment: "reports 4")
        let adopt = SyncPlan.Policy(adopt: true, now: Self.now)
        func action(_ block: DomainBlock, _ policy: SyncPlan.Policy = SyncPlan.Policy(now: Self.now)) -> SyncPlan
            .Action?
        {
            Self.plan([noop], [block], policy: policy, support: goToSocial).steps.first?.action
        }
        #expect(action(made) == .lift)
        #expect(action(adopted) == .kept)
        #expect(action(byHand) == .kept)
        #expect(action(byHand, adopt) == .kept)
    }
}
