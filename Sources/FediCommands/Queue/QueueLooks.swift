import FediCore
import FoundationEssentials

/// `queue --since-last`: the items not seen at the last look at their server.
enum QueueLooks {
    /// Runs `body` (read what was seen, show what is new, remember) holding the server's lock when
    /// `sinceLast`: two runs at once would otherwise both find the same items new.
    static func turn<T: Sendable>(
        _ sinceLast: Bool, in ctx: CommandContext,
        _ body: () async throws -> T
    ) async throws -> T {
        guard sinceLast else { return try await body() }
        return try await ctx.services.lastLooks.withLock(on: try ctx.login().server.authority, body)
    }

    /// The items of `waiting` not waiting at the last look at this account's server.
    static func new(among waiting: [QueueItem], in ctx: CommandContext) async throws -> [QueueItem] {
        let seen = try await ctx.services.lastLooks.seen(on: try ctx.login().server.authority)
        return waiting.filter { !seen.contains($0.lookKey) }
    }

    /// Remembers what waits now as seen. With --kind, the other kind's items seen before stay seen.
    static func record(_ waiting: [QueueItem], kinds: [QueueItem.Kind], in ctx: CommandContext) async throws {
        let server = try ctx.login().server.authority
        if ctx.globals.dryRun {
            return ctx.status("dry run: would remember \(waiting.count) item\(waiting.count == 1 ? "" : "s") as seen")
        }
        let others = try await ctx.services.lastLooks.seen(on: server).filter { key in
            !kinds.contains { key.hasPrefix($0.rawValue + " ") }
        }
        try await ctx.services.lastLooks.record(
            others.union(waiting.map(\.lookKey)), on: server, at: ctx.services.now())
    }
}

extension QueueItem {
    /// Identifies an item on its server across runs: `report 12`, `sign-up 7`.
    var lookKey: String { "\(kind.rawValue) \(id)" }
}
