import Foundation
import Testing

@testable import FediCore

/// The one ensure-a-block algorithm (`DomainBlockPlan.ensuring` + `carryOut`) that add, import and sync share.
struct DomainBlockEnsureTests {
    /// Records writes; `create` answers as Mastodon does when the domain was blocked meanwhile.
    final class RecordingAdapter: DomainBlockAdapter, @unchecked Sendable {
        var blocks: [DomainBlock]
        var writes: [String] = []
        let support: DomainBlockSupport
        init(blocks: [DomainBlock], support: DomainBlockSupport = .mastodon()) {
            self.blocks = blocks
            self.support = support
        }
        var writesWholeList: Bool { false }
        func list(limit: Int?, onPage: PageHandler<DomainBlock>?) async throws -> [DomainBlock] { blocks }
        func block(id: String) async throws -> (value: DomainBlock, raw: Data) { (blocks[0], Data()) }
        func create(_ spec: DomainBlockSpec) async throws -> DomainBlock {
            if let same = blocks.first(named: spec.domain) {
                throw DomainBlockCovered(domain: spec.domain, existing: same)
            }
            writes.append("create \(spec.domain)")
            return DomainBlock(id: "9", domain: spec.domain, severity: spec.severity)
        }
        func update(_ block: DomainBlock, to spec: DomainBlockSpec) async throws -> DomainBlock {
            writes.append("update \(block.id) \(spec.severity.rawValue)")
            return DomainBlock(id: block.id, domain: block.domain, severity: spec.severity)
        }
        func remove(_ block: DomainBlock) async throws { writes.append("remove \(block.id)") }
        func apply(_ changes: [DomainBlockChange]) async throws {}
    }

    @Test func theParentDomainRuleIsTheAdaptersToDeclare() {
        let parent = DomainBlock(id: "1", domain: "bad.example", severity: .suspend)
        let spec = DomainBlockSpec(domain: "sub.bad.example", severity: .silence)
        #expect(DomainBlockPlan.ensuring(spec, current: [parent], support: .mastodon()).action == .covered)
        let goToSocial = DomainBlockSupport(
            software: "GoToSocial", severities: [.suspend, .silence], rejectMedia: false, rejectReports: false,
            obfuscate: true, publicComment: true, privateComment: true, emptyBlocks: true)
        #expect(DomainBlockPlan.ensuring(spec, current: [parent], support: goToSocial).action == .add)
    }

    @Test func aBlockMadeSinceTheListWasReadIsUpdatedOnlyWhereItDiffers() async throws {
        // Planned from a stale (empty) list; meanwhile the server got the block.
        let adapter = RecordingAdapter(blocks: [DomainBlock(id: "5", domain: "spam.example", severity: .silence)])
        let same = DomainBlockPlan.ensuring(
            DomainBlockSpec(domain: "spam.example", severity: .silence), current: [], support: adapter.support)
        #expect(try await adapter.carryOut(same) == .unchanged(adapter.blocks[0]))
        #expect(adapter.writes.isEmpty)

        let harsher = DomainBlockPlan.ensuring(
            DomainBlockSpec(domain: "spam.example", severity: .suspend), current: [], support: adapter.support)
        guard case .updated(_, let changes) = try await adapter.carryOut(harsher) else {
            Issue.record("not updated")
            return
        }
        #expect(changes == ["severity"])
        #expect(adapter.writes == ["update 5 suspend"])
    }

    @Test func plannedStepsWriteWhatTheySay() async throws {
        let existing = DomainBlock(id: "3", domain: "old.example", severity: .silence)
        let adapter = RecordingAdapter(blocks: [existing])
        let add = DomainBlockPlan.ensuring(
            DomainBlockSpec(domain: "new.example", severity: .suspend), current: adapter.blocks,
            support: adapter.support)
        let unchanged = DomainBlockPlan.ensuring(
            DomainBlockSpec(domain: "old.example", severity: .silence), current: adapter.blocks,
            support: adapter.support)
        #expect(
            try await adapter.carryOut(add) == .created(DomainBlock(id: "9", domain: "new.example", severity: .suspend))
        )
        #expect(try await adapter.carryOut(unchanged) == .unchanged(existing))
        let lift = DomainBlockPlan.Step(
            action: .remove, domain: "old.example", spec: nil, existing: existing, changes: [], line: nil)
        #expect(try await adapter.carryOut(lift) == .removed(existing))
        #expect(adapter.writes == ["create new.example", "remove 3"])
    }
}
