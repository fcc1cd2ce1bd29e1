import ArgumentParser
import FediCore

/// `trends approve|reject`: the trends named, each reviewed through the bulk engine with the one
/// trend decision (`TrendDecisions`).
struct TrendReview {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// Approves or rejects the trends `targets` names on this account's server, each journaled with
    /// its review before (read from the server's list) and its undo (the opposite decision); one that
    /// fails is named at the end and the others go on. Nothing is asked first: each is undone by its opposite.
    func review(_ kind: Trend.Kind, _ targets: IDTargets, approve: Bool) async throws {
        let progress = BulkProgress(ctx)
        let ctx = ctx.forBulkWork(onWait: progress.waiting)
        let wanted = targets.fromStdin ? try targets.stdinReferences!.values(in: ctx) : targets.ids
        let host = try ctx.login().server.authority
        try await ctx.with(.trends(approve ? .trendsApprove : .trendsReject)) { trends in
            let decisions = TrendDecisions(trends: trends, host: host)
            // The server's list names each one and says its review before, for the rows and the journal.
            let listed = try await trends.list(kind, limit: nil)
            var seen = Set<String>()
            let chosen = wanted.filter { seen.insert($0).inserted }.map { id in
                listed.first { $0.id == id } ?? Trend(kind: kind, id: id, title: id)
            }
            let wave = BulkModeration<Trend>(
                verb: approve ? "approve" : "reject", noun: "trend",
                doneWord: approve ? "approved" : "rejected", cap: Int.max,
                id: { $0.id }, name: { $0.title }, confirms: false)
            try await wave.run(chosen, in: ctx, progress: progress) { try await decisions.review($0, approve: approve) }
        }
    }
}
