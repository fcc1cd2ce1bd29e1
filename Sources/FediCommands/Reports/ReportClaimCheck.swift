import FediCore
import FediOutput

extension CommandContext {
    /// The selected login's claims on reports: who "me" is on its server.
    func reportClaims() throws -> ReportClaims {
        let login = try login()
        let host = login.server.authority
        return ReportClaims(moderator: JournalNote.handle(String(login.id.prefix { $0 != "@" }), on: host), host: host)
    }

    /// One report another moderator holds: taken over with `--take-over` (or a yes on a terminal,
    /// asked even with --yes, which confirms an act, not whose report it is), else refused naming
    /// them (79: the report is not as the command assumed), before anything is sent. Returns the
    /// report as it is then (the moderator's, once taken over).
    func claim(_ report: Report, takeOver: Bool, through queue: any ReportAdapter) async throws -> Report {
        let claims = try reportClaims()
        guard let holder = claims.holder(of: report) else { return report }
        if !takeOver {
            guard fleetMember == nil, terminal.stdinIsTTY, terminal.stderrIsTTY else {
                throw FediError(
                    .stalePlan, "report \(report.id) on \(claims.host) is assigned to \(holder)",
                    hint: "pass --take-over to act on it anyway (it becomes yours), or leave it to them")
            }
            let question = "Report \(report.id) is assigned to \(holder). Take it over?"
            let answer = terminal.readLine(prompt: "\(Renderer.inert(question)) [y/N] ", secret: false)?.lowercased()
            guard answer == "y" || answer == "yes" else { throw FediError(.failure, "cancelled") }
        }
        return try await claims.takeOver(report, through: queue)
    }
}
