import FediCore
import FediOutput
import Synchronization

/// One line per account saying what a write verb did there ("resolved 2 reports: 4, 9"). Over
/// several accounts the runner says them together at the end, one line a server; alone, at once.
final class OutcomeNotes: Sendable {
    private let notes = Mutex<[String: String]>([:])

    func set(_ note: String, for account: String) { notes.withLock { $0[account] = note } }
    func note(for account: String) -> String? { notes.withLock { $0[account] } }
    var isEmpty: Bool { notes.withLock { $0.isEmpty } }
}

extension CommandContext {
    /// What this account's run did, one line (said at the end over several accounts).
    func noteOutcome(_ text: String) {
        if let pin = fleetMember, let fleet = pin.fleet {
            fleet.notes.set(
                text,
                for: pin.login.id)
        } else {
            status(text)
        }
    }

    /// `text`'s lines, each led by the account over several accounts (as `--dry-run`'s requests are).
    func linesForAccount(_ text: String) -> String {
        let prefix = fleetMember?.linePrefix ?? ""
        guard !prefix.isEmpty else { return Renderer.inertLines(text) }
        return Renderer.inertLines(text.split(separator: "\n").map { prefix + $0 }.joined(separator: "\n")) + "\n"
    }
}
