import ArgumentParser
import FediCore
import FoundationEssentials

/// Shell completion for journal entry ids (`log show`, `log undo`): the newest entries of the local
/// journal file, newest first. Reads the state directory only, never a server or the keyring.
enum JournalCompletion {
    static let shown = 50

    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let journal = Services.current.journal as? FileJournal else { return [] }
        let wanted = prefix.lowercased()
        var newest: [String] = []
        _ = try? journal.scanNow(prefilter: nil) { entry in
            guard entry.id.hasPrefix(wanted), entry.source == nil else { return }
            newest.append(entry.id)
            if newest.count > shown * 2 { newest.removeFirst(newest.count - shown) }
        }
        var seen: Set<String> = []
        return newest.suffix(shown).reversed().filter { seen.insert($0).inserted }
    }
}
