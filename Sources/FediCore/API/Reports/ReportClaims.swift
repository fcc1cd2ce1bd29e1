import FoundationEssentials

/// A report assigned to another moderator is theirs: resolving it, acting on it or noting it
/// needs taking it over, so two moderators do not answer one report twice or undo each other.
public struct ReportClaims: Sendable {
    /// The acting moderator, `@user@host`.
    public var moderator: String
    public var host: String

    public init(moderator: String, host: String) {
        self.moderator = moderator
        self.host = host
    }

    /// Who holds `report` (`@mod@host`) when it is someone else; nil when no one or the moderator.
    public func holder(of report: Report) -> String? {
        guard let assignee = report.assignedTo?.trimmed(), !assignee.isEmpty else { return nil }
        let holder = JournalNote.handle(assignee, on: host)
        return holder.lowercased() == moderator.lowercased() ? nil : holder
    }

    /// Whether `queue`'s reports may be held: only where the software assigns open reports does a
    /// single verb read the report first to know.
    public static func apply(to queue: any ReportAdapter) -> Bool { queue.support.keepsAssignee }

    /// `reports` split into those free to act on and those another moderator holds.
    public func partition(_ reports: [Report]) -> (free: [Report], held: [Report]) {
        var free: [Report] = []
        var held: [Report] = []
        for report in reports { holder(of: report) == nil ? free.append(report) : held.append(report) }
        return (free, held)
    }

    /// Assigns `report` to the moderator before acting on it, journaled with the assignee before and
    /// after. A server that keeps no assignment (Misskey gives a report to whoever resolves it) has
    /// nothing to take over: the act itself makes it the moderator's. Returns the report as it is
    /// then, for the act's own journal note.
    public func takeOver(_ report: Report, through queue: any ReportAdapter) async throws -> Report {
        do {
            _ = try await JournalNote.during([.report(report, on: host, assignedTo: moderator)]) {
                try await queue.assign(id: report.id)
            }
        } catch let error as FediError where error.status == .unavailable {
            return report
        }
        var taken = report
        taken.assignedTo = moderator
        return taken
    }

    /// "3 reports held by other moderators were left: 12 (@mod@host), 14 (@ann@host)".
    public func leftLine(_ held: [Report]) -> String {
        let named = held.prefix(5).map { "\($0.id) (\(holder(of: $0) ?? "?"))" }.joined(separator: ", ")
        let more = held.count > 5 ? ", … (\(held.count - 5) more)" : ""
        let count = "\(held.count) report\(held.count == 1 ? "" : "s")"
        return "\(count) assigned to other moderators left on \(host): \(named)\(more)"
    }
}
