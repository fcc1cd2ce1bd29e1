import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C and `kill` for commands that run until stopped (`queue --watch`): while `body` runs,
/// SIGINT and SIGTERM cancel it instead of killing the process, so it ends cleanly (exit 0) and
/// nothing half-written is left. The default dispositions come back afterwards. `triage` adds
/// SIGHUP (a closed terminal window), so the screen is given back whatever ends it.
func untilInterrupted(
    signals: [Int32] = [SIGINT, SIGTERM], _ body: @escaping @Sendable () async throws -> Void
) async throws {
    let task = Task { try await body() }
    let queue = DispatchQueue(label: "fedictl.signals")
    let sources = signals.map { number -> DispatchSourceSignal in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { task.cancel() }
        source.resume()
        return source
    }
    defer {
        for (source, number) in zip(sources, signals) {
            source.cancel()
            signal(number, SIG_DFL)
        }
    }
    do {
        try await task.value
    } catch is CancellationError {
        return
    }
}
