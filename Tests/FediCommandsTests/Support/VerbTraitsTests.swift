import ArgumentParser
import FediCommands
import Testing

/// Every verb declares its traits beside itself (a verb without them does not compile); the tree is
/// walked here for what the compiler cannot see: a verb that writes says what the journal records
/// and decides its undo (`JournaledCommand`), and one that only reads does not pretend to.
struct VerbTraitsTests {
    static func verbs(under command: ParsableCommand.Type = Fedictl.self) -> [any FediCommand.Type] {
        let children = command.configuration.subcommands
        guard children.isEmpty else { return children.flatMap { verbs(under: $0) } }
        return (command as? any FediCommand.Type).map { [$0] } ?? []
    }

    @Test func everyVerbThatWritesJournalsAndDecidesItsUndo() {
        let verbs = Self.verbs()
        #expect(verbs.count >= 110, "the walk found \(verbs.count) verbs")
        for verb in verbs {
            let name = verb.configuration.commandName ?? "\(verb)"
            switch verb.traits.effect {
            case .writes:
                #expect(verb is any JournaledCommand.Type, "\(verb) (\(name)) writes but tells the journal nothing")
            case .reads: #expect(!(verb is any JournaledCommand.Type), "\(verb) (\(name)) only reads but is journaled")
            }
        }
    }

    /// The queue and the triage screen over it: what waits is the fleet's, so they show every account's.
    @Test func onlyTheQueueAndTriageSelectEveryModeratorByDefaultAndOnlyModerationVerbsAreFilteredByRole() {
        let fleetByDefault = Self.verbs().filter { $0.traits.everyAccountByDefault }
        #expect(fleetByDefault.map { "\($0)" } == ["Queue", "Triage"])
        #expect(fleetByDefault.allSatisfy { $0.traits.accounts == .moderation })
    }
}
