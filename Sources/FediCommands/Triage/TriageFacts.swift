import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// What the detail pane adds about a report's target, loaded behind the screen when the cursor
/// first reaches the item (the model keeps the lines by item): the account as its server shows it,
/// what was done to it before on this server, and how each server of the fleet treats its domain.
/// Each server's domain blocks and allows are read once per screen, on first need.
final class TriageFacts: Sendable {
    /// The screen's reading contexts, by server (`ServerAddress.authority`), each writing nowhere.
    let readers: [String: CommandContext]
    let journal: any Journal
    let now: @Sendable () -> Date
    /// The short names the screen gives servers.
    let names: [String: String]
    private let tables = Mutex<[String: Task<ServerDomains, Never>]>([:])

    init(
        readers: [String: CommandContext], journal: any Journal, names: [String: String],
        now: @escaping @Sendable () -> Date
    ) {
        self.readers = readers
        self.names = names
        self.journal = journal
        self.now = now
    }

    /// The lines for a report's target (`item.evidence.targetID` on `item.server`).
    func lines(for item: QueueItem) async -> [String] {
        guard let ctx = readers[item.server] else { return [] }
        var lines: [String] = []
        if let id = item.evidence.targetID {
            lines += await TriageSession.targetFacts(id, in: ctx, now: now())
        }
        lines.append(await earlier(item))
        if let domain = TriageDecision.domain(of: item) { lines.append(await stances(of: domain)) }
        return lines
    }

    /// The target's earlier decisions on this server. The servers' APIs show no strikes
    /// (Mastodon keeps them off the admin API), so this is fedictl's journal, newest first.
    func earlier(_ item: QueueItem) async -> String {
        let names = Set(
            [item.evidence.targetID, item.target, item.target.map { String($0.dropFirst()) }].compactMap { $0 })
        guard !names.isEmpty else { return "Earlier here: not known" }
        let found = Mutex<[JournalEntry]>([])
        let server = item.server
        do {
            // Every entry about this server names it: a cheap filter on a long journal.
            let prefilter = server.lowercased().allSatisfy(\.isASCII) ? server.lowercased() : nil
            _ = try await journal.scan(prefilter: prefilter) { entry in
                guard entry.outcome == .ok, entry.server == server, entry.undoes == nil,
                    [entry.target, entry.subjectID].contains(where: { $0.map(names.contains) ?? false })
                else { return }
                found.withLock { $0.append(entry) }
            }
        } catch {
            return "Earlier here: fedictl's journal cannot be read (\(ErrorReport.fediError(from: error).message))"
        }
        let entries = found.withLock { $0 }.sorted { $0.time > $1.time }
        guard !entries.isEmpty else { return "Earlier here (fedictl's journal): nothing" }
        let said = entries.prefix(3).map { entry in
            "\(RelativeTime.describe(entry.time, now: now())) \(entry.verb)" + (entry.after.map { " (\($0))" } ?? "")
        }
        let more = entries.count > 3 ? " and \(entries.count - 3) more" : ""
        return "Earlier here (fedictl's journal): " + said.joined(separator: "; ") + more
    }

    /// `spam.example: a suspend · b allowed · c nothing`: how each server treats the domain.
    func stances(of domain: String) async -> String {
        var cells: [String] = []
        for server in readers.keys.sorted() {
            let table = await table(server)
            let stance = table.stance(of: ServerDomains.key(domain))
            let cell =
                switch stance.state {
                case .blocked: stance.cell
                case .allowed: "allowed"
                case .none: "nothing"
                case .unknown: "not known"
                }
            cells.append("\(names[server] ?? server) \(cell)")
        }
        return "Its domain \(domain): " + cells.joined(separator: " · ")
    }

    /// `server`'s blocks and allows, read once.
    private func table(_ server: String) async -> ServerDomains {
        let task = tables.withLock { tables -> Task<ServerDomains, Never> in
            if let task = tables[server] { return task }
            let ctx = readers[server]
            let task = Task {
                guard let ctx, let read = try? await ServerDomains.readOne(ctx) else {
                    return ServerDomains(server: server, failed: true)
                }
                return read
            }
            tables[server] = task
            return task
        }
        return await task.value
    }
}
