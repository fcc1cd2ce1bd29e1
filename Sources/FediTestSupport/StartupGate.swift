import Foundation

/// Lets at most a few test servers start at the same time. Starting one (a Python interpreter
/// importing its web stack) costs about a CPU-second; dozens of parallel tests starting theirs at
/// once on two cores would each wait far longer than they run. Running servers cost almost nothing,
/// so only the start is gated (gating their whole life could deadlock tests that need two).
actor StartupGate {
    static let shared = StartupGate(
        width: Int(ProcessInfo.processInfo.environment["FEDICTL_TEST_SERVER_STARTS"] ?? "") ?? 2)

    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = max(1, width) }

    func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if running >= width {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
        defer {
            if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
