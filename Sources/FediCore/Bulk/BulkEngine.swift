import FoundationEssentials

/// Who watches bulk work: told the number of steps, how many have finished (and how many of those
/// failed) after each one, each wait for a server's rate limit, and the end. The core never prints;
/// the commands' progress line is one of these.
public protocol BulkObserver: Sendable {
    func start(total: Int)
    func update(done: Int, failed: Int)
    func waiting(_ wait: PacerWait)
    func finish()
}

/// What became of one step of bulk work.
public enum BulkOutcome<Value: Sendable>: Sendable {
    case done(Value)
    case failed(FediError)
    /// Not sent: an earlier step was refused in a way every other would be too.
    case notSent
}

/// The one engine for many writes (import, sync, apply, bulk moderation): steps in, results out,
/// a few at a time, with one exit rule. Pacing is the HTTP client's (its pacer waits out a server's
/// limit and tells the observer, through the context's bulk-work hook); the engine counts progress.
public struct BulkEngine: Sendable {
    public var concurrency: Int
    public var observer: (any BulkObserver)?

    public init(concurrency: Int, observer: (any BulkObserver)? = nil) {
        self.concurrency = max(1, concurrency)
        self.observer = observer
    }

    /// Runs `write` on every step, at most `concurrency` at once, and returns each one's outcome in
    /// the steps' order. Once a step is refused in a way every other would be (`stopsTheRest`), the
    /// steps not yet started are not sent. A step's own journaling happens inside `write`.
    public func run<Step: Sendable, Value: Sendable>(
        _ steps: [Step], _ write: @escaping @Sendable (Step) async throws -> Value
    ) async -> BulkResult<Step, Value> {
        observer?.start(total: steps.count)
        defer { observer?.finish() }
        let refusal = StickyFlag()
        let observer = observer
        // Counted before the step's task ends, so the count told with each finished step includes it.
        let failed = SharedCount()
        let outcomes = await concurrently(
            steps, limit: concurrency, done: { observer?.update(done: $0, failed: failed.count) }
        ) { step in
            if refusal.isSet || Task.isCancelled { return BulkOutcome<Value>.notSent }
            do {
                return .done(try await write(step))
            } catch {
                let described = FediError(describing: error)
                if Self.stopsTheRest(described) { refusal.set() }
                failed.add()
                return .failed(described)
            }
        }
        return BulkResult(steps: steps, outcomes: outcomes)
    }

    /// A refusal every other write would meet too: the server's for lack of permission (401/403),
    /// or the journal's that cannot be written (78; nothing was sent).
    public static func stopsTheRest(_ error: FediError) -> Bool {
        error.status == .permission || error.status == .config
    }
}

/// The outcomes of one bulk run, and the one rule for how the command exits after it.
public struct BulkResult<Step: Sendable, Value: Sendable>: Sendable {
    public let steps: [Step]
    public let outcomes: [BulkOutcome<Value>]

    public init(steps: [Step], outcomes: [BulkOutcome<Value>]) {
        self.steps = steps
        self.outcomes = outcomes
    }

    /// The steps that failed, with why, in the steps' order.
    public var failures: [(step: Step, error: FediError)] {
        zip(steps, outcomes).compactMap { step, outcome in
            if case .failed(let error) = outcome { return (step, error) }
            return nil
        }
    }

    public var done: Int { outcomes.count { if case .done = $0 { true } else { false } } }
    public var notSent: Int { outcomes.count { if case .notSent = $0 { true } else { false } } }

    /// Nil when every step was done; otherwise what the command exits with. After a refusal that
    /// stopped the run: its status (77, or 78), naming what was not sent. Otherwise 75 when every
    /// failure is temporary (a re-run finishes the work), 76 when the server's answers could not be
    /// read, 65 else. `what` names the steps ("changes"), `rerun` the command that continues.
    public func exitError(what: String = "changes", on host: String? = nil, rerun: String) -> FediError? {
        let failures = failures.map(\.error)
        if failures.isEmpty, notSent == 0 { return nil }
        if let refused = failures.first(where: BulkEngine.stopsTheRest) {
            let unsent = notSent > 0 ? "; the other \(notSent) were not sent" : ""
            return FediError(
                refused.status, "\(refused.message): stopped at the first refused write\(unsent)",
                hint: refused.hint)
        }
        if failures.isEmpty {
            return FediError(
                .failure, "interrupted: \(notSent) of \(steps.count) \(what) were not sent",
                hint: rerun)
        }
        let place = host.map { " on \($0)" } ?? ""
        let message = "\(failures.count) of \(steps.count) \(what) failed\(place)"
        if failures.allSatisfy({ $0.status == .temporary }) {
            return FediError(.temporary, message, hint: "\(rerun): it writes only what is still missing")
        }
        // Answers fedictl cannot read are the server's fault (76), not the input's (65).
        if failures.allSatisfy({ $0.status == .protocol }) {
            return FediError(
                .protocol, message,
                hint: "the server's answers could not be read; check the server's state, then \(rerun)")
        }
        return FediError(
            .dataError, message,
            hint: "fix what the lines above name (or the server's objection), then \(rerun)")
    }

    /// The failures a user reads on stderr, at most `limit` of them, each named by `name`.
    public func failureLines(limit: Int = 20, name: (Step) -> String) -> [String] {
        let failures = failures
        var lines = failures.prefix(limit).map { "  \(name($0.step)): \($0.error.message)" }
        if failures.count > limit {
            lines.append("  … and \(failures.count - limit) more (the output lists them all)")
        }
        return lines
    }
}
