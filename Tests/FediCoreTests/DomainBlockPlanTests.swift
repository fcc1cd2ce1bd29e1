import FediCore
import Foundation
import Testing

/// Planning an import: add, update, unchanged, covered by a parent (Mastodon's rule), prune; and what
/// each server's blocks can hold.
struct DomainBlockPlanTests {
    func entries(_ specs: DomainBlockSpec...) -> [BlocklistFile.Entry] {
        specs.enumerated().map { BlocklistFile.Entry(line: $0.offset + 2, spec: $0.element) }
    }

    @Test func plansAddsUpdatesAndLeavesTheRest() {
        let current = [
            DomainBlock(id: "1", domain: "same.example", severity: .suspend, publicComment: "spam"),
            DomainBlock(id: "2", domain: "changed.example", severity: .silence),
            DomainBlock(id: "3", domain: "notinfile.example", severity: .suspend),
        ]
        let plan = DomainBlockPlan(
            wanted: entries(
                // no comment in the file: the server's stays
                DomainBlockSpec(domain: "same.example", severity: .suspend),
                DomainBlockSpec(domain: "changed.example", severity: .suspend, rejectMedia: true),
                DomainBlockSpec(domain: "new.example", severity: .silence)), current: current, prune: false,
            parentRules: true)
        #expect(plan.steps.map(\.action) == [.unchanged, .update, .add])
        #expect(plan.steps[1].changes == ["severity", "reject_media"])
        #expect(plan.writes.map(\.domain) == ["changed.example", "new.example"])
        // An update carries the server's comments, so nothing is cleared by leaving them out.
        #expect(
            plan.steps[1].change
                == .set(
                    DomainBlockSpec(
                        domain: "changed.example", severity: .suspend, rejectMedia: true,
                        privateComment: "", publicComment: ""), existing: current[1]))

        let pruned = DomainBlockPlan(
            wanted: entries(DomainBlockSpec(domain: "same.example", severity: .suspend)), current: current, prune: true,
            parentRules: true)
        #expect(pruned.steps.map(\.action) == [.unchanged, .remove, .remove])
        #expect(pruned.count(.remove) == 2)
    }

    @Test func aSecondRunOfTheSameFilePlansNoWrites() {
        let wanted = entries(
            DomainBlockSpec(domain: "a.example", severity: .silence, rejectMedia: true, publicComment: ""),
            DomainBlockSpec(domain: "b.example", severity: .suspend, obfuscate: true))
        let afterFirstRun = [
            DomainBlock(id: "7", domain: "a.example", severity: .silence, rejectMedia: true),
            DomainBlock(id: "8", domain: "b.example", severity: .suspend, obfuscate: true),
        ]
        let plan = DomainBlockPlan(wanted: wanted, current: afterFirstRun, prune: true, parentRules: true)
        #expect(plan.writes.isEmpty)
        #expect(plan.count(.unchanged) == 2)
    }

    @Test func followsMastodonsParentDomainRule() {
        let parent = DomainBlock(id: "1", domain: "bad.example", severity: .suspend)
        let wanted = entries(
            DomainBlockSpec(domain: "sub.bad.example", severity: .silence),  // weaker: refused
            // parent in the file, weaker
            DomainBlockSpec(domain: "x.sub.silenced.example", severity: .noop, rejectMedia: true),
            DomainBlockSpec(domain: "silenced.example", severity: .silence),
            DomainBlockSpec(domain: "media.silenced.example", severity: .silence),  // as strict: allowed
            DomainBlockSpec(domain: "sub2.bad.example", severity: .suspend))  // a suspension is always allowed
        let plan = DomainBlockPlan(wanted: wanted, current: [parent], prune: false, parentRules: true)
        #expect(plan.steps.map(\.action) == [.covered, .covered, .add, .add, .add])
        #expect(plan.steps[0].existing == parent)
        #expect(plan.steps[1].existing?.domain == "silenced.example")
        // Servers without the rule get every row.
        #expect(DomainBlockPlan(wanted: wanted, current: [parent], prune: false, parentRules: false).count(.add) == 5)
    }

    @Test func stricterThanMatchesMastodon() {
        func block(_ severity: DomainBlockSeverity, media: Bool = false, reports: Bool = false) -> DomainBlock {
            DomainBlock(id: "1", domain: "p.example", severity: severity, rejectMedia: media, rejectReports: reports)
        }
        func spec(_ severity: DomainBlockSeverity, media: Bool = false, reports: Bool = false) -> DomainBlockSpec {
            DomainBlockSpec(domain: "c.p.example", severity: severity, rejectMedia: media, rejectReports: reports)
        }
        #expect(spec(.suspend).isStricter(than: block(.suspend, media: true)))
        #expect(!spec(.silence, media: true, reports: true).isStricter(than: block(.suspend)))
        #expect(!spec(.noop, media: true).isStricter(than: block(.silence)))
        #expect(spec(.silence, media: true).isStricter(than: block(.silence)))
        #expect(!spec(.silence).isStricter(than: block(.silence, media: true)))
        #expect(spec(.noop, reports: true).isStricter(than: block(.noop)))
    }

    @Test func saysWhatAServerCannotKeep() {
        let goToSocial = DomainBlockSupport(
            software: "GoToSocial", severities: [.suspend], rejectMedia: false, rejectReports: false,
            obfuscate: true, publicComment: true, privateComment: true, emptyBlocks: true)
        let spec = DomainBlockSpec(domain: "a.example", severity: .silence, rejectMedia: true, publicComment: "x")
        #expect(
            goToSocial.unsupported(spec) == ["severity silence (GoToSocial blocks can be: suspend)", "reject_media"])
        #expect(goToSocial.reduced(spec) == nil)
        var suspend = spec
        suspend.severity = .suspend
        #expect(
            goToSocial.reduced(suspend) == DomainBlockSpec(domain: "a.example", severity: .suspend, publicComment: "x"))
        #expect(DomainBlockSupport.mastodon().unsupported(spec).isEmpty)
    }

    @Test func detailsShowOldAndNewValuesAndWhatANewBlockSets() {
        let existing = DomainBlock(id: "2", domain: "troll.zone", severity: .silence, publicComment: "loud")
        let spec = DomainBlockSpec(domain: "troll.zone", severity: .suspend, rejectMedia: true, publicComment: "trolls")
        #expect(
            spec.changeDetails(from: existing) == [
                "severity silence → suspend", "reject_media no → yes", "public_comment \"loud\" → \"trolls\"",
            ])
        let new = DomainBlockSpec(
            domain: "new.example", severity: .silence, rejectReports: true, publicComment: "spam", obfuscate: true)
        #expect(new.changeDetails(from: nil) == ["reject_reports yes", "obfuscate yes", "public_comment \"spam\""])
        #expect(DomainBlockSpec(domain: "plain.example", severity: .suspend).changeDetails(from: nil).isEmpty)
    }
}
