import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// `--group-by` of `queue` and `accounts list`: what the items share, so a wave of sign-ups from one
/// mail provider or one address, or of reports about one account or one server, reads as one line.
public enum QueueGrouping: String, CaseIterable, ExpressibleByArgument, Sendable {
    case emailDomain = "email-domain"
    case ip
    case domain
    case target

    /// The item's value for this grouping, or nil when it has none.
    func value(of item: QueueItem) -> String? {
        switch self {
        case .emailDomain: item.emailDomain
        case .ip: item.ip
        // The server of the account the item is about: the reported one, or the applicant.
        case .domain:
            (item.target ?? item.from).flatMap { handle in
                handle.lastIndex(of: "@").map { handle[handle.index(after: $0)...].lowercased() }
            }
        case .target: item.target
        }
    }

    /// What an item may lack, for the note on what was left out.
    var what: String {
        switch self {
        case .emailDomain: "e-mail domain"
        case .ip: "IP"
        case .domain: "account"
        case .target: "reported account"
        }
    }
}

/// One group: the value shared, how many items share it, on which servers, and the oldest of them.
struct QueueGroup: Tabular, Encodable, Sendable {
    var groupBy: String
    var group: String
    var count: Int
    var servers: [String]
    var oldest: QueueItem

    enum CodingKeys: String, CodingKey {
        case groupBy = "group_by", group, count, servers, oldest
    }

    static let columns: [Column<QueueGroup>] = [
        Column("group", kind: .identifier, priority: .required) { .text($0.group) },
        Column("count", priority: .required) { .number($0.count) },
        Column("servers", kind: .identifier, priority: .normal) { .list($0.servers) },
        Column("oldest_at", "oldest") { .date($0.oldest.createdAt) },
        Column("oldest_server", "oldest on", kind: .identifier) { .text($0.oldest.server) },
        Column("oldest_kind", "kind", priority: .low) { .text($0.oldest.kind.rawValue) },
        Column("oldest_id", "oldest id", kind: .identifier) { .text($0.oldest.id) },
        Column("oldest_from", "oldest from", kind: .identifier, priority: .normal) { .text($0.oldest.from) },
        Column("group_by", "group by", default: false) { .text($0.groupBy) },
    ]

    /// The groups of `items`, largest first (then the one with the oldest item), and how many items
    /// have no value to be grouped by.
    static func groups(_ items: [QueueItem], by grouping: QueueGrouping) -> (groups: [QueueGroup], without: Int) {
        var members: [String: [QueueItem]] = [:]
        var without = 0
        for item in items {
            guard let value = grouping.value(of: item), !value.isEmpty else {
                without += 1
                continue
            }
            members[value, default: []].append(item)
        }
        let groups = members.map { value, items in
            let sorted = items.sorted(by: QueueItem.oldestFirst)
            var seen: Set<String> = []
            return QueueGroup(
                groupBy: grouping.rawValue, group: value, count: items.count,
                servers: sorted.map(\.server).filter { seen.insert($0).inserted }.sorted(), oldest: sorted[0])
        }
        return (
            groups.sorted {
                $0.count != $1.count
                    ? $0.count > $1.count
                    : QueueItem.oldestFirst($0.oldest, $1.oldest)
            }, without
        )
    }

    /// Groups what `gather` finds on every selected server (one login a server) and prints one row
    /// a group, over the whole fleet: a wave across servers is one line too. A server that fails is
    /// named on stderr and the others still count; the exit status is then 80, or the failure's
    /// when none answered. Returns how many items were found.
    @discardableResult
    static func print(
        by grouping: QueueGrouping, in ctx: CommandContext, everyByDefault: Bool,
        _ gather: @escaping @Sendable (CommandContext) async throws -> [QueueItem]
    ) async throws -> Int {
        let members = try QueueWatch.members(of: ctx, everyByDefault: everyByDefault)
        let answers = await concurrently(members, limit: max(1, ctx.globals.accountsInFlight)) {
            member -> Result<[QueueItem], FediError> in
            do { return .success(try await gather(member.ctx)) } catch {
                return .failure(ErrorReport.fediError(from: error))
            }
        }
        var items: [QueueItem] = []
        var failures: [FediError] = []
        for (member, answer) in zip(members, answers) {
            switch answer {
            case .success(let found): items += found
            case .failure(let error):
                // One account alone: its error is the command's, said the usual way.
                guard let account = member.account else { throw error }
                QueueWatch.report(error, account: account, output: ctx.output, in: ctx)
                failures.append(error)
            }
        }
        if let first = failures.first, failures.count == members.count { throw ExitCode(first.status.rawValue) }
        let (groups, without) = Self.groups(items, by: grouping)
        if without > 0 {
            let have = without == 1 ? "1 item has" : "\(without) items have"
            ctx.status("\(have) no \(grouping.what) (the server gives none, or its kind has none): in no group.")
        }
        if groups.isEmpty, ctx.output.settings.format == .table, ctx.output.settings.isTTY {
            ctx.status("No groups.")
        } else {
            try ctx.output.list(groups)
        }
        if !failures.isEmpty { throw ExitCode(ExitStatus.partial.rawValue) }
        return items.count
    }
}
