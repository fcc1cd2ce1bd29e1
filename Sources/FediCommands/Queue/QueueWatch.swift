import FoundationEssentials
import FediCore
import FediOutput

/// `queue --watch`: what waits now, then each item that arrives, once. Polls the server every
/// `interval` seconds (jittered, so many watchers do not ask in step).
struct QueueWatch {
    var kinds: [QueueItem.Kind]
    var interval: Double
    var exec: String?

    func run(in ctx: CommandContext) async throws {
        // A stream of lines: JSON arrays cannot be written as items arrive.
        var lines = ctx.output
        if lines.settings.format == .json { lines.settings.format = .ndjson }
        let output = lines
        let printer = Printer(output: output)
        try await untilInterrupted {
            var shown = Set<String>()
            var failing = false
            var first = true
            while true {
                do {
                    let items = try await Queue.waiting(kinds: kinds, in: ctx, quiet: !first)
                    let fresh = items.filter { !shown.contains($0.key) }
                    // Only what is waiting now: an item that leaves the queue and comes back is new again.
                    shown = Set(items.map(\.key))
                    try printer.print(fresh)
                    if !first, let exec { try await run(exec, for: fresh, output: output, in: ctx) }
                    if failing { ctx.status("fedictl: the server answers again") }
                    failing = false
                } catch let error where !(error is CancellationError) && !first && Self.isPassing(error) {
                    // A watch outlives a bad minute on the server: say so once, and keep looking.
                    if !failing {
                        ctx.status("fedictl: looking at the queue failed: \(ErrorReport.fediError(from: error).message); trying again every \(shortNumber(interval)) s")
                    }
                    failing = true
                }
                first = false
                try await ctx.services.sleep(interval * Double.random(in: 0.9...1.1))
            }
        }
    }

    /// Worth waiting out: the server is slow, down or answering nonsense for now. A bad token or
    /// a missing scope will not mend itself.
    static func isPassing(_ error: Error) -> Bool {
        [.temporary, .unavailable, .protocol].contains(ErrorReport.fediError(from: error).status)
    }

    private func run(_ command: String, for items: [QueueItem], output: Renderer, in ctx: CommandContext) async throws {
        for item in items {
            let json = try output.jsonText(item, pretty: false) + "\n"
            let status = try await ctx.services.runCommand(command, Data(json.utf8))
            if status != 0 { ctx.status("fedictl: --exec command exited \(status) for \(item.kind.rawValue) \(item.id)") }
        }
    }

    /// Prints batches of items as they come: a header (table, CSV) only above the first.
    final class Printer: @unchecked Sendable {
        private var output: Renderer
        init(output: Renderer) { self.output = output }

        func print(_ items: [QueueItem]) throws {
            guard !items.isEmpty else { return }
            try output.list(items)
            output.settings.noHeaders = true
        }
    }
}

extension QueueItem {
    /// Identifies an item across looks at the server.
    var key: String { "\(server) \(kind.rawValue) \(id)" }
}
