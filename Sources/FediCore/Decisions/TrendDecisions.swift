import FoundationEssentials

/// A trend's review on one server (approve or reject a trending link, tag or post): the one
/// implementation `trends approve|reject` and the triage screen go through, journaled with its
/// review before and its undo (the opposite decision).
public struct TrendDecisions: Sendable {
    public var trends: any TrendAdapter
    public var host: String

    public init(trends: any TrendAdapter, host: String) {
        self.trends = trends
        self.host = host
    }

    /// Approves or rejects `trend` (as the server's list showed it: its review before).
    public func review(_ trend: Trend, approve: Bool) async throws {
        try await JournalNote.during([.trend(trend, on: host, approved: approve)]) {
            _ = try await trends.review(trend.kind, id: trend.id, approve: approve)
        }
    }
}
