import FediCore
import FoundationEssentials

/// `domain-blocks apply` takes a plan file, which anyone can edit: each row is checked as `import`
/// checks a blocklist's before anything is sent, and a plan that fails is refused (exit 65) naming
/// its rows.
enum SyncPlanCheck {
    /// The rows with their domains in canonical form (lower-case, no trailing dot, punycode), or
    /// exit 65 for a name that is no domain, a domain twice for one account, or a write no source asked for.
    static func rows(_ rows: [SyncRow], source: String) throws -> [SyncRow] {
        var checked = rows
        var problems: [String] = []
        var seen: [String: Int] = [:]
        let writes: [SyncPlan.Action] = [.add, .raise, .lower, .change]
        for (index, row) in rows.enumerated() {
            let number = index + 1
            do {
                checked[index].domain = try DomainName.canonical(row.domain, wildcard: true)
            } catch {
                problems.append("row \(number): '\(DomainName.shown(row.domain))' is not a domain: \(error)")
                continue
            }
            let domain = checked[index].domain
            if let first = seen[row.account + "\t" + domain] {
                problems.append("row \(number) (\(domain)): repeats row \(first) for \(row.account)")
            } else {
                seen[row.account + "\t" + domain] = number
            }
            if let action = SyncPlan.Action(rawValue: row.action), writes.contains(action), row.sources.isEmpty {
                problems.append("row \(number) (\(domain)): \(row.action) without a source that lists it")
            }
        }
        try refuse(problems, "\(source): \(problems.count) row\(problems.count == 1 ? "" : "s") cannot be applied")
        return checked
    }

    /// Exit 65 when a lift in `rows` is of a block the provenance record does not say sync made, as
    /// the server holds it now (`current`): a hand-made block, or one re-made by hand since. A source's
    /// noop on software that keeps no empty block is the one lift sync plans of any block.
    static func lifts(
        _ rows: [SyncRow], made: [String: SyncRecord], current: [DomainBlock],
        support: DomainBlockSupport, host: String
    ) throws {
        let foreign = rows.filter { row in
            guard row.action == SyncPlan.Action.lift.rawValue, let block = current.first(named: row.domain) else {
                return false
            }
            if row.note?.hasPrefix("noop:") == true, !row.sources.isEmpty { return false }
            let owner = SyncPlan.provenance(
                of: block, local: made[BlocklistFile.normalise(row.domain)],
                privateComment: support.privateComment)
            return owner == nil || owner?.adopted == true
        }
        try refuse(
            foreign.map { "\($0.domain): sync did not make the block \(host) has" },
            "the plan lifts \(foreign.count) block\(foreign.count == 1 ? "" : "s") on \(host) that sync did not make")
    }

    private static func refuse(_ problems: [String], _ message: String) throws {
        guard !problems.isEmpty else { return }
        let more = problems.count > 5 ? "; and \(problems.count - 5) more" : ""
        throw FediError(
            .dataError, message + "; nothing was sent",
            hint: problems.prefix(5).joined(separator: "; ") + more
                + " (make the plan again with `sync --dry-run -o json`)")
    }
}
