import FediCore
import FoundationEssentials

/// The moving parts of `queue --watch` for one account: a first look at the queue, then the
/// server's notification stream where it has one, and looks every `interval` seconds wherever
/// the stream is not there to tell. Each item reaches `deliver` once, whichever way it came.
///
/// - The stream: after each (re)connection one look catches up on what came while it was down.
///   It reconnects after a failure with a jittered backoff (1, 2, 4 ... 60 s); a server that
///   refuses to stream (no such endpoint, a token without the scope, not an event stream) is not
///   asked again, and the looks go on alone.
/// - The looks: every `interval` (jittered by a tenth), the stream up or not: a quiet stream may
///   be a server that announces nothing (mastodon_mock) or a connection silently gone, so no item
///   waits longer than the interval.
/// - A server that stops answering (a look or a reconnection fails) and answers again is reported
///   once each way (`reachability`), however many looks and reconnections fail in between.
struct QueueFollower: Sendable {
    var interval: Double
    /// One look at the queue: every waiting item. `quiet` after the first (refusals said once).
    var look: @Sendable (_ quiet: Bool) async throws -> [QueueItem]
    /// Opens the notification stream; nil where the server has none.
    var openStream: (@Sendable () async throws -> AsyncThrowingStream<QueueItem, Error>)?
    var sleep: @Sendable (Double) async throws -> Void
    var now: @Sendable () -> Date
    /// Receives each new item once; `arrived` is false for what already waited at the start.
    var deliver: @Sendable (_ items: [QueueItem], _ arrived: Bool) async throws -> Void
    /// A line for people (stderr).
    var status: @Sendable (String) -> Void
    /// The server stopped answering (false, with why) or answers again (true).
    var reachability: @Sendable (_ answers: Bool, _ why: String) -> Void = { _, _ in }
    /// One of a fleet's servers down at the start is waited for, as one that goes down later is;
    /// a watch of one account ends at once instead, so a typo in the host is said straight away.
    var waitsForAFirstAnswer = false

    /// While the stream is up, a look still happens every this many intervals.
    static let looksWhileStreaming = 1.0
    /// The longest wait between two reconnection attempts.
    static let maxReconnectDelay = 60.0
    /// A stream that stayed up this long was healthy: its next failure starts the backoff afresh.
    static let healthyStreamSeconds = 60.0

    func run() async throws {
        let sightings = QueueSightings()
        let reach = Reachability()
        let mark = await sightings.startLook()
        let waiting = try await firstLook(reach)
        await sightings.looked(waiting, startedAt: mark, at: now())
        try await deliver(waiting, false)
        guard let openStream else { return try await lookRegularly(sightings, reach) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await follow(openStream, sightings, reach)
                } catch {
                    await sightings.settle()
                    throw error
                }
                await sightings.settle()
            }
            group.addTask {
                // The looks start once the stream's first try has an outcome: up, refused or broken.
                await sightings.untilSettled()
                try await lookRegularly(sightings, reach)
            }
            try await group.waitForAll()
        }
    }

    /// What waits at the start. Its failure ends the watch (a bad token or an unreachable server
    /// is said at once), but for a fleet's server that does not answer yet: that one is asked
    /// every `interval` until it does.
    private func firstLook(_ reach: Reachability) async throws -> [QueueItem] {
        while true {
            do {
                let waiting = try await look(false)
                if await reach.answered() { reachability(true, "") }
                return waiting
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                guard waitsForAFirstAnswer, Self.isPassing(error) else { throw error }
                if await reach.failed() { reachability(false, ErrorReport.fediError(from: error).message) }
                try await sleep(interval * Double.random(in: 0.9...1.1))
            }
        }
    }

    /// Looks every `interval` when nothing else tells of new items.
    private func lookRegularly(_ sightings: QueueSightings, _ reach: Reachability) async throws {
        while true {
            try await sleep(interval * Double.random(in: 0.9...1.1))
            guard await sightings.lookIsDue(at: now(), every: interval * Self.looksWhileStreaming) else { continue }
            do {
                try await lookAndDeliver(sightings)
                if await reach.answered() { reachability(true, "") }
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                guard Self.isPassing(error) else { throw error }
                // A watch outlives a bad minute on the server: said once, and the looks go on.
                if await reach.failed() { reachability(false, ErrorReport.fediError(from: error).message) }
            }
        }
    }

    private func lookAndDeliver(_ sightings: QueueSightings) async throws {
        let mark = await sightings.startLook()
        let items = try await look(true)
        let fresh = await sightings.looked(items, startedAt: mark, at: now())
        try await deliver(fresh, true)
    }

    /// Holds the stream open, reconnecting as long as the server streams at all.
    private func follow(
        _ openStream: @Sendable () async throws -> AsyncThrowingStream<QueueItem, Error>,
        _ sightings: QueueSightings, _ reach: Reachability
    ) async throws {
        var failures = 0
        var down = false
        while true {
            var connectedAt: Date?
            do {
                let items = try await openStream()
                connectedAt = now()
                if await reach.answered() { reachability(true, "") }
                await sightings.setStreaming(true)
                if down { status("fedictl: the notification stream is back") }
                down = false
                // What came while there was no stream: one look (if it fails, the next regular one is due at once).
                do {
                    try await lookAndDeliver(sightings)
                } catch {
                    if Task.isCancelled || error is CancellationError { throw CancellationError() }
                    guard Self.isPassing(error) else { throw LookFailed(error: error) }
                    await sightings.lookFailed()
                }
                await sightings.settle()
                for try await item in items {
                    if await sightings.streamed(item) { try await deliver([item], true) }
                }
                try Task.checkCancellation()
                throw StreamClosed()
            } catch {
                // Ctrl-C or SIGTERM: whatever the stream threw on its way out, the watch ends cleanly.
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                if let failed = error as? LookFailed { throw failed.error }
                await sightings.setStreaming(false)
                await sightings.settle()
                if Self.streamIsRefused(error) {
                    status(
                        "fedictl: no notification stream here (\(Self.describe(error))); looking every \(shortNumber(interval)) s instead"
                    )
                    return
                }
                // A connection that failed is the server not answering; a stream that ended is not.
                if connectedAt == nil, await reach.failed() { reachability(false, Self.describe(error)) }
                let healthy = connectedAt.map { now().timeIntervalSince($0) >= Self.healthyStreamSeconds } ?? false
                failures = healthy ? 1 : failures + 1
                if !down {
                    status(
                        "fedictl: the notification stream broke (\(Self.describe(error))); looking every \(shortNumber(interval)) s and reconnecting"
                    )
                }
                down = true
                try await sleep(Self.reconnectDelay(after: failures))
            }
        }
    }

    /// 1, 2, 4 ... up to 60 s, each drawn between half and all of it, so watchers do not reconnect in step.
    static func reconnectDelay(after failures: Int) -> Double {
        min(maxReconnectDelay, Double(1 << min(max(failures - 1, 0), 6))) * Double.random(in: 0.5...1.0)
    }

    /// Worth waiting out: the server is slow, down or answering nonsense for now. A bad token or
    /// a missing scope will not mend itself.
    static func isPassing(_ error: Error) -> Bool {
        [.temporary, .unavailable, .protocol].contains(ErrorReport.fediError(from: error).status)
    }

    /// The server will not stream for this account: asking again would not help.
    static func streamIsRefused(_ error: Error) -> Bool {
        switch error {
        case is StreamingUnsupported: return true
        case APIError.http(let status, _, _, _, _): return [400, 401, 403, 404, 405, 406, 410, 501].contains(status)
        case APIError.malformed, APIError.notJSON: return true
        default: return false
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case is StreamClosed: "the server closed it"
        case is StreamingUnsupported: "this connection cannot stream"
        default: ErrorReport.fediError(from: error).message
        }
    }

    struct StreamClosed: Error {}
    /// A look failed in a way waiting will not mend (a bad token): the watch ends with it.
    struct LookFailed: Error { var error: Error }
}

/// Whether the server answers, so that an outage is reported once when it starts and once when it ends.
actor Reachability {
    private var down = false

    /// True when this failure starts an outage.
    func failed() -> Bool {
        defer { down = true }
        return !down
    }

    /// True when this answer ends an outage.
    func answered() -> Bool {
        defer { down = false }
        return down
    }
}

/// What the watch has shown, so nothing is shown twice: by server, kind and id (`QueueItem.key`).
/// An item a look no longer lists has left the queue and is forgotten (should it come back, it is
/// new again), unless it was seen after that look started: a stream can be ahead of a look.
actor QueueSightings {
    private var lastSeen: [String: Int] = [:]
    private var clock = 0
    private var streaming = false
    private var lastLook: Date?

    func startLook() -> Int {
        clock += 1
        return clock
    }

    /// The items of a look not seen before.
    @discardableResult
    func looked(_ items: [QueueItem], startedAt mark: Int, at time: Date) -> [QueueItem] {
        clock += 1
        var fresh: [QueueItem] = []
        for item in items {
            if lastSeen[item.key] == nil { fresh.append(item) }
            lastSeen[item.key] = clock
        }
        let listed = Set(items.map(\.key))
        lastSeen = lastSeen.filter { listed.contains($0.key) || $0.value > mark }
        lastLook = time
        return fresh
    }

    /// Whether a streamed item is new.
    func streamed(_ item: QueueItem) -> Bool {
        clock += 1
        defer { lastSeen[item.key] = clock }
        return lastSeen[item.key] == nil
    }

    func setStreaming(_ up: Bool) { streaming = up }

    private var settled = false
    private var settleWaiters: [CheckedContinuation<Void, Never>] = []

    /// The stream's first try has an outcome (or the stream is gone): the looks may start.
    func settle() {
        settled = true
        for waiter in settleWaiters { waiter.resume() }
        settleWaiters = []
    }

    func untilSettled() async {
        if settled { return }
        await withCheckedContinuation { settleWaiters.append($0) }
    }

    /// A catch-up look failed: the next regular one is due at once.
    func lookFailed() { lastLook = nil }

    func lookIsDue(at time: Date, every period: Double) -> Bool {
        guard streaming, let lastLook else { return true }
        // Under the looks' shortest jittered sleep (0.9): a regular look always follows the last one
        // (at 0.95 one in four was skipped, so a quiet stream's item waited up to two intervals);
        // only a catch-up look since then puts one off.
        return time.timeIntervalSince(lastLook) >= period * 0.85
    }
}
