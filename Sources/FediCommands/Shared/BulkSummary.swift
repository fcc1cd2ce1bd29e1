import FediCore

extension BulkOutcome {
    /// What a row says of its step: `done` of the value, else "failed: why" or "not sent".
    func resultWord(_ done: (Value) -> String) -> String {
        switch self {
        case .done(let value): done(value)
        case .failed(let error): "failed: \(error.message)"
        case .notSent: "not sent"
        }
    }
}

extension BulkResult {
    /// The one ending of every bulk run (moderation waves, import, add -, sync), after its rows:
    /// `line` says how many were done ("approved 2 of 3 sign-ups", "Wrote 4 of 4 changes."), as the
    /// run's outcome (`outcome`: merged per account over a fleet) or a status line; then the failures
    /// on stderr, each named by `name` (not after a refusal that stopped the run: its rows say it
    /// and the error names it); then the exit the engine's rule gives.
    func finish(
        _ line: String, outcome: Bool = false, in ctx: CommandContext,
        what: String = "changes", on host: String? = nil, rerun: String, name: (Step) -> String
    ) throws {
        outcome ? ctx.noteOutcome(line) : ctx.status(line)
        guard let exit = exitError(what: what, on: host, rerun: rerun) else { return }
        if !BulkEngine.stopsTheRest(exit) {
            for line in failureLines(name: name) { ctx.status(line) }
        }
        throw exit
    }
}
