import FediCore
import FediOutput

extension ReportClaims {
    /// The selected login's claims on reports: who "me" is on its server.
    init(of ctx: CommandContext) throws {
        let login = try ctx.login()
        let host = login.server.authority
        self.init(moderator: JournalNote.handle(String(login.id.prefix { $0 != "@" }), on: host), host: host)
    }
}

extension HeldReport {
    /// What one verb does with a report another moderator holds: takes it over with `--take-over`
    /// (or a yes on a terminal, asked even with --yes, which confirms an act, not whose report it
    /// is), else refuses naming them (79), before anything is sent.
    static func asked(takeOver: Bool, in ctx: CommandContext) -> HeldReport {
        if takeOver { return .takeOver }
        guard ctx.fleetMember == nil, ctx.terminal.stdinIsTTY, ctx.terminal.stderrIsTTY else { return .refuse }
        let terminal = ctx.terminal
        return .ask { report, holder in
            let question = "Report \(report.id) is assigned to \(holder). Take it over?"
            let answer = terminal.readLine(prompt: "\(Renderer.inert(question)) [y/N] ", secret: false)?.lowercased()
            return answer == "y" || answer == "yes"
        }
    }
}

extension ReportDecisions {
    /// The report decisions on the selected account's server, through `queue`.
    init(_ queue: any ReportAdapter, in ctx: CommandContext) async throws {
        self.init(
            queue: queue, client: try await ctx.client(), claims: try ReportClaims(of: ctx), journal: ctx.journalIsOn)
    }
}
