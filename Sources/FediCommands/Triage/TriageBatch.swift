import FediCore
import FoundationEssentials

/// The commands one decision runs: marked items of one server go together through the verb's bulk
/// form (`reports resolve -`, `accounts approve -` ... with the ids on stdin), which the bulk engine
/// paces and journals item by item; a single item, or a decision with no bulk form, runs its own
/// command.
struct TriageBatch: Sendable, Equatable {
    var requests: [TriageRequest]
    /// The words after `fedictl`.
    var arguments: [String]
    /// What the command reads on stdin (the bulk form's ids), if anything.
    var input: String?
    /// Per request, the ids its row in the bulk form's output may carry (the report's, its target's).
    var rowIDs: [[String]] = []

    var isBulk: Bool { input != nil }

    /// `requests` (one decision) as the commands to run, in order: per account, the bulk form
    /// where more than one item shares it. `ids` gives the ids of an item: the first is the one the
    /// bulk form takes on stdin, the others those its output row may name instead.
    /// `verb` gives the bulk form that takes an item (nil: none): sign-ups and the three kinds of
    /// trend each have their own, so marked items of one account may need several.
    static func of(
        _ requests: [TriageRequest], account: (TriageRequest) -> String?, verb: (TriageRequest) -> [String]?,
        ids: (TriageRequest) -> [String]
    ) -> [TriageBatch] {
        struct Group: Hashable {
            var account: String
            var verb: [String]?
        }
        var order: [Group] = []
        var groups: [Group: [TriageRequest]] = [:]
        for request in requests {
            let key = Group(account: account(request) ?? "", verb: verb(request))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(request)
        }
        return order.flatMap { key -> [TriageBatch] in
            let group = groups[key]!
            guard group.count > 1, let verb = key.verb else {
                return group.map { TriageBatch(requests: [$0], arguments: $0.arguments, input: nil) }
            }
            let rowIDs = group.map(ids)
            guard rowIDs.allSatisfy({ !$0.isEmpty }) else {
                return group.map { TriageBatch(requests: [$0], arguments: $0.arguments, input: nil) }
            }
            let options = (key.account.isEmpty ? [] : ["--account", key.account]) + ["--yes", "--output", "ndjson"]
            let input = rowIDs.map { $0[0] + "\n" }.joined()
            return [TriageBatch(requests: group, arguments: verb + options, input: input, rowIDs: rowIDs)]
        }
    }

    /// What became of each request, from the bulk command's outcome and its rows (`id`, `result`):
    /// an item is done when the command succeeded, or its row says so.
    func outcomes(of outcome: TriageOutcome, rows: String) -> [TriageOutcome] {
        guard isBulk else { return [outcome] }
        struct Row: Decodable {
            var id: String?
            var result: String?
        }
        var results: [String: String] = [:]
        for line in rows.split(separator: "\n") {
            guard let row = try? JSONDecoder().decode(Row.self, from: Data(line.utf8)), let id = row.id,
                let result = row.result
            else { continue }
            results[id] = result
        }
        var undoable = outcome.undoable
        return rowIDs.map { ids in
            let said = ids.lazy.compactMap { results[$0] }.first
            let failed = said.map { $0.hasPrefix("failed") || $0 == "not sent" } ?? !outcome.succeeded
            if failed {
                let why = said.map { $0.hasPrefix("failed: ") ? String($0.dropFirst("failed: ".count)) : $0 }
                return TriageOutcome(status: outcome.succeeded ? 1 : outcome.status, message: why ?? outcome.message)
            }
            // The run's journal entries undo together: handed on once.
            defer { undoable = [] }
            return TriageOutcome(status: 0, message: outcome.message, undoable: undoable)
        }
    }
}

extension TriageDecision {
    /// The verb's bulk form for `item`, ids on stdin (nil: one command per item).
    func bulkVerb(for item: QueueItem) -> [String]? {
        switch self {
        case .resolve: ["reports", "resolve", "-"]
        case .approve, .reject: approval(of: item).map { $0 + ["-"] }
        case .warn, .limit, .suspend, .sensitive: ["reports", "resolve", "-", "--action", actionType!]
        case .block, .assign, .note: nil
        }
    }

    /// `accounts action --type`'s word for the decisions that act on the target.
    var actionType: String? {
        [Self.warn: "none", .limit: "silence", .suspend: "suspend", .sensitive: "sensitive"][self]
    }
}
