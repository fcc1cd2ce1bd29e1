import FediCore
import Foundation
import Testing

/// The retraction rule of `domain-blocks sync --lift-retracted`, without a server.
struct SyncPlanTests {
    static let made = [
        "gone.example": SyncRecord(
            domain: "gone.example", server: "a.example", sources: ["a.csv"], at: Date(), action: "add")
    ]
    /// As an older fedictl left it: stamped, the record on this machine saying the rest.
    static let current = [
        DomainBlock(
            id: "1", domain: "gone.example", severity: .suspend,
            privateComment: "[fedictl sync]")
    ]

    func plan(_ lists: [SourceList]) -> SyncPlan {
        SyncPlan(
            merged: [], current: Self.current, support: .mastodon(), made: Self.made, sources: SyncPlan.Sources(lists),
            liftRetracted: true)
    }

    @Test func aBlockEverySourceDroppedIsLifted() {
        let other = SourceEntry(spec: DomainBlockSpec(domain: "other.example", severity: .suspend))
        #expect(plan([SourceList(name: "a.csv", entries: [other])]).steps.map(\.action) == [.lift])
    }

    @Test func anEmptySourceIsNotTakenAtItsWord() {
        #expect(plan([SourceList(name: "a.csv", entries: [])]).steps.isEmpty)
    }

    @Test func aSourceNotReadThisRunLiftsNothing() {
        let other = SourceEntry(spec: DomainBlockSpec(domain: "other.example", severity: .suspend))
        #expect(plan([SourceList(name: "b.csv", entries: [other])]).steps.isEmpty)
    }

    /// Provenance names the block sync made by its id: a block removed and made again by hand since
    /// has another id and is not sync's to lift; the one sync made still is.
    @Test func aBlockReMadeByHandIsNotLifted() {
        let other = SourceEntry(spec: DomainBlockSpec(domain: "other.example", severity: .suspend))
        var made = Self.made
        made["gone.example"]?.blockID = "1"
        func steps(_ current: [DomainBlock]) -> [SyncPlan.Action] {
            SyncPlan(
                merged: [], current: current, support: .mastodon(), made: made,
                sources: SyncPlan.Sources([SourceList(name: "a.csv", entries: [other])]), liftRetracted: true
            )
            .steps.map(\.action)
        }
        #expect(steps(Self.current) == [.lift])
        #expect(steps([DomainBlock(id: "7", domain: "gone.example", severity: .suspend)]).isEmpty)
    }
}
