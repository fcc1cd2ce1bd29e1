import FoundationEssentials

/// A moderator's decision on one report.
public enum ReportDecision: Sendable, Equatable {
    /// Mark it resolved, with a comment where the server keeps one.
    case resolve(comment: String?)
    case reopen
    /// Assign it to the acting moderator.
    case assign
    case unassign
    /// Add a moderators' note.
    case note(String)

    /// Whether it answers the report: one another moderator holds is then theirs (claims apply).
    public var answers: Bool {
        if case .resolve = self { return true }
        return false
    }

    /// Whether its journal entry keeps the report before (all but a note).
    var notesReport: Bool {
        if case .note = self { return false }
        return true
    }

    /// The journal's note of it on `report` (as read before) by `moderator`; nil for a note, whose
    /// entry keeps the request alone.
    func journalNote(on report: Report, host: String, moderator: String) -> JournalNote? {
        switch self {
        case .resolve: .report(report, on: host, state: "resolved")
        case .reopen: .report(report, on: host, state: "open")
        case .assign: .report(report, on: host, assignedTo: moderator)
        case .unassign: .report(report, on: host, assignedTo: "none")
        case .note: nil
        }
    }
}

/// What a decision that answers a report does when another moderator holds it.
public enum HeldReport: Sendable {
    /// Take it over first (`--take-over`): it is assigned to the moderator, journaled.
    case takeOver
    /// Refuse (79: the report is not as the decision assumed), naming who holds it.
    case refuse
    /// Ask (a terminal's yes, given the report and its holder's handle): yes takes it over, no cancels.
    case ask(@Sendable (_ report: Report, _ holder: String) -> Bool)
}

/// What one report decision changed.
public struct ReportChange: Sendable {
    public var subject: ServerSubject
    public var decision: ReportDecision
    /// The report as it was before (nil where it was not read, or could not be).
    public var before: Report?
    /// The report the server answered with; nil where it answers none (Misskey), or where a lost
    /// answer was settled by reading the report back.
    public var after: Fetched<Report>?
}

/// The report decisions on one server: the one implementation `reports resolve|reopen|assign|
/// unassign|note`, their waves, `accounts action --report` and the triage screen all go through.
/// Each write is sent with its journal note (the report before and what it becomes); a report
/// another moderator holds is checked here, not by each caller.
public struct ReportDecisions: Sendable {
    public var queue: any ReportAdapter
    public var client: APIClient
    /// Who acts, and which reports are another's.
    public var claims: ReportClaims
    /// Whether the journal is on: the report is then read first, for its note.
    public var journal: Bool

    public var host: String { claims.host }

    public init(queue: any ReportAdapter, client: APIClient, claims: ReportClaims, journal: Bool) {
        self.queue = queue
        self.client = client
        self.claims = claims
        self.journal = journal
    }

    /// Makes `decision` on report `id`. `known`: the report as a list already showed it (a wave's),
    /// so it is not read again. What the server cannot keep (a resolve comment) is refused before
    /// anything is read or sent. A resolve whose answer is lost is settled by reading the report back.
    public func decide(
        _ decision: ReportDecision, on id: String, known: Report? = nil, held: HeldReport = .refuse
    ) async throws -> ReportChange {
        if case .resolve(let comment) = decision { try queue.support.check(comment: comment) }
        let claimed = decision.answers && ReportClaims.apply(to: queue)
        var before = known
        // A report that cannot be read (Misskey has no "show one") is acted on as it is.
        if before == nil, claimed || (journal && decision.notesReport) {
            before = try? await queue.report(id: id).value
        }
        if decision.answers, let report = before, claims.holder(of: report) != nil {
            before = try await claim(report, held)
        }
        let notes = before.flatMap { decision.journalNote(on: $0, host: host, moderator: claims.moderator) }
        let after = try await JournalNote.during(notes.map { [$0] } ?? []) { try await send(decision, id) }
        return ReportChange(subject: ServerSubject(id, on: host), decision: decision, before: before, after: after)
    }

    /// The report taken over from whoever holds it, or refused as `held` says.
    public func claim(_ report: Report, _ held: HeldReport) async throws -> Report {
        guard let holder = claims.holder(of: report) else { return report }
        switch held {
        case .takeOver: break
        case .refuse:
            throw FediError(
                .stalePlan, "report \(report.id) on \(host) is assigned to \(holder)",
                hint: "pass --take-over to act on it anyway (it becomes yours), or leave it to them")
        case .ask(let ask):
            guard ask(report, holder) else { throw FediError(.failure, "cancelled") }
        }
        return try await claims.takeOver(report, through: queue)
    }

    private func send(_ decision: ReportDecision, _ id: String) async throws -> Fetched<Report>? {
        switch decision {
        case .resolve(let comment):
            // Sent once: after an answer that is lost, a report no longer open was resolved.
            let answer: Fetched<Report>?? = try await client.createCheckingBack("resolve of report \(id)") {
                .some(try await queue.resolve(id: id, comment: comment))
            } find: {
                try await isOpen(id) ? nil : .some(nil)
            }
            return answer ?? nil
        case .reopen: return try await queue.reopen(id: id)
        case .assign: return try await queue.assign(id: id)
        case .unassign: return try await queue.unassign(id: id)
        case .note(let text): return try await queue.addNote(id: id, text)
        }
    }

    /// Whether the report is still open on the server (one that is gone is not).
    public func isOpen(_ id: String) async throws -> Bool {
        do {
            return try await queue.report(id: id).value.state == "open"
        } catch APIError.http(let status, _, _, _, _) where status == 404 || status == 410 {
            return false
        } catch let error as FediError where error.status == .unavailable {
            // A family that cannot read one report (Misskey's) is read as the list of open ones.
            let open = try await queue.list(ReportQuery(resolved: false), limit: nil, onPage: nil)
            return open.contains { $0.id == id }
        }
    }
}
