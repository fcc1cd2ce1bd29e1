import FediCore
import FoundationEssentials

/// `queue --watch --exec`: runs the notifier beside the watch, never in its way. Each item's run
/// is queued and returns at once; at most `limit` run at a time, each stopped after `timeout`
/// seconds, so a slow or stuck notifier delays no server's items and holds no Ctrl-C. What waits
/// is bounded too: past `maxPending` items, new ones are not handed over (and that is said).
actor QueueNotifier {
    let command: String
    let timeout: Double
    let limit: Int
    let maxPending: Int
    private let runCommand: @Sendable (String, Data, Double) async throws -> CommandEnd
    private let say: @Sendable (String) -> Void
    private var pending: [(label: String, input: Data)] = []
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    private var stopped = false
    /// `stop` waiting for the running ones to end.
    private var drained: [CheckedContinuation<Void, Never>] = []

    init(
        command: String, timeout: Double, limit: Int = 4, maxPending: Int = 1000,
        runCommand: @escaping @Sendable (String, Data, Double) async throws -> CommandEnd,
        say: @escaping @Sendable (String) -> Void
    ) {
        self.command = command
        self.timeout = timeout
        self.limit = limit
        self.maxPending = maxPending
        self.runCommand = runCommand
        self.say = say
    }

    /// Queues one run with `input` on its stdin; `label` names the item in messages.
    func enqueue(_ label: String, _ input: Data) {
        guard !stopped else { return }
        guard pending.count < maxPending else {
            return say("fedictl: --exec is \(maxPending) items behind; not running it for \(label)")
        }
        pending.append((label, input))
        startMore()
    }

    /// Ends the watch's notifiers: nothing more starts (what waits is dropped, and said), running
    /// ones get `grace` seconds to finish, then are stopped (their process group gets SIGTERM,
    /// then SIGKILL); this returns once they are gone.
    func stop(grace: Double = 0.5) async {
        stopped = true
        if !pending.isEmpty {
            say("fedictl: the watch ended before --exec ran for \(pending.count) item\(pending.count == 1 ? "" : "s")")
            pending.removeAll()
        }
        guard !running.isEmpty else { return }
        // Detached: the watch's own task is cancelled by now, and its sleeps would end at once.
        let timer = Task.detached { [self] in
            try? await Task.sleep(for: .seconds(grace))
            await cancelRunning()
        }
        await withCheckedContinuation { drained.append($0) }
        timer.cancel()
    }

    private func cancelRunning() {
        for task in running.values { task.cancel() }
    }

    private func startMore() {
        while running.count < limit, !pending.isEmpty, !stopped {
            let job = pending.removeFirst()
            let id = nextID
            nextID += 1
            running[id] = Task {
                await execute(job.label, job.input)
                finished(id)
            }
        }
    }

    private func finished(_ id: Int) {
        running[id] = nil
        startMore()
        if running.isEmpty {
            for waiter in drained { waiter.resume() }
            drained = []
        }
    }

    private nonisolated func execute(_ label: String, _ input: Data) async {
        do {
            switch try await runCommand(command, input, timeout) {
            case .exited(0): break
            case .exited(let status): say("fedictl: --exec command exited \(status) for \(label)")
            case .timedOut:
                let limit = shortNumber(timeout)
                say("fedictl: --exec command for \(label) ran past --exec-timeout (\(limit) s) and was stopped")
            }
        } catch is CancellationError {
        } catch {
            say("fedictl: --exec command for \(label) failed: \(ErrorReport.fediError(from: error).message)")
        }
    }
}
