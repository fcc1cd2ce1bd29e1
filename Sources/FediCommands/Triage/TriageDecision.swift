import FediCore

/// One key's decision on a queue item, and the fedictl command line that makes it: the screen
/// sends exactly what the matching command would (its doors, capability refusals, journal).
enum TriageDecision: String, CaseIterable, Sendable {
    case resolve, approve, reject, warn, limit, suspend, sensitive, block, assign, note

    var key: Character {
        switch self {
        case .resolve: "r"
        case .approve: "a"
        case .reject: "x"
        case .warn: "w"
        case .limit: "l"
        case .suspend: "s"
        case .sensitive: "m"
        case .block: "b"
        case .assign: "A"
        case .note: "n"
        }
    }

    init?(key: Character) {
        guard let found = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = found
    }

    /// What the help calls it.
    var name: String {
        switch self {
        case .resolve: "resolve the report"
        case .approve: "approve the sign-up or trend"
        case .reject: "reject the sign-up or trend"
        case .warn: "warn the target (resolves)"
        case .limit: "limit (silence) the target (resolves)"
        case .suspend: "suspend the target (resolves)"
        case .sensitive: "force the target's media sensitive (resolves)"
        case .block: "block the target's domain (as domain-blocks add)"
        case .assign: "assign the report to yourself"
        case .note: "add a note to the report"
        }
    }

    /// Hides content or cannot be taken back everywhere: asks y/N in the status line first.
    var confirms: Bool { self == .reject || self == .suspend || self == .block }

    /// Asks the server what it would cut before the y/N: a domain block's follows, as sync shows them.
    var previews: Bool { self == .block }

    /// What the y/N question calls it, on an item of `kind` (`Reject the trend: …`).
    func name(on kind: QueueItem.Kind) -> String {
        self == .approve || self == .reject ? "\(rawValue) the \(kind.rawValue)" : name
    }

    /// The kinds of item the decision is about: a sign-up or a trend is approved or rejected.
    var kinds: [QueueItem.Kind] { self == .approve || self == .reject ? [.signUp, .trend] : [.report] }

    /// The item leaves the queue once the decision is made (a domain block leaves the report open).
    var ends: Bool { self != .assign && self != .note && self != .block }

    /// What the server's software must be able to do to make it on an item of `kind` (the capability
    /// table decides, as for the command).
    func capability(on kind: QueueItem.Kind) -> Capability {
        switch self {
        case .resolve: .reportsResolve
        case .approve: kind == .trend ? .trendsApprove : .accountsApprove
        case .reject: kind == .trend ? .trendsReject : .accountsReject
        case .warn, .limit, .suspend, .sensitive: .accountsAction
        case .block: .domainBlocksAdd
        case .assign: .reportsAssign
        case .note: .reportsNote
        }
    }

    /// `accounts approve`, `trends tags reject`: the command that approves or rejects `item` (nil for
    /// a trend whose kind the server did not say).
    func approval(of item: QueueItem) -> [String]? {
        guard item.kind == .trend else { return ["accounts", rawValue] }
        return item.evidence.trend.map { ["trends", $0.kind.plural, rawValue] }
    }

    /// The words after `fedictl` that make this decision on `item` as `account` (nil: the run's own
    /// selection, an environment token's), or why not.
    func arguments(for item: QueueItem, account: String?, text: String? = nil) -> Result<[String], TriageRefusal> {
        guard kinds.contains(item.kind) else {
            return .failure(
                TriageRefusal(
                    item.kind == .report
                        ? "\(key): for sign-ups and trends; a report is resolved (r) or acted on (w, l, m, s)"
                        : "\(key): for reports; a \(item.kind.rawValue) is approved (a) or rejected (x)"))
        }
        let verb: [String]
        switch self {
        case .resolve: verb = ["reports", "resolve", item.id]
        case .approve, .reject:
            guard let command = approval(of: item) else {
                return .failure(TriageRefusal("\(key): the server did not say what kind of trend this is"))
            }
            verb = command + [item.id]
        case .warn, .limit, .suspend, .sensitive:
            guard let target = item.evidence.targetID else {
                return .failure(TriageRefusal("\(key): the server did not say which account the report is about"))
            }
            verb = ["accounts", "action", target, "--type", actionType!, "--report", item.id]
        case .block:
            guard let domain = Self.domain(of: item) else {
                return .failure(
                    TriageRefusal("b: \(item.target ?? "the target") is an account of this server: no domain to block"))
            }
            verb = ["domain-blocks", "add", domain]
        case .assign: verb = ["reports", "assign", item.id]
        case .note:
            guard let text, !text.isEmpty else { return .failure(TriageRefusal("n: an empty note was not sent")) }
            verb = ["reports", "note", item.id, "--", text]
        }
        // Options before `--`, so a note that starts with a dash stays the note.
        let options = (account.map { ["--account", $0] } ?? []) + ["--yes"]
        if let dashes = verb.firstIndex(of: "--") {
            return .success(Array(verb[..<dashes]) + options + Array(verb[dashes...]))
        }
        return .success(verb + options)
    }
}

extension TriageDecision {
    /// The reported account's domain, when it is another server's (`@bot@spam.example`).
    static func domain(of item: QueueItem) -> String? {
        guard let target = item.target, let at = target.lastIndex(of: "@"), at != target.startIndex else { return nil }
        let domain = target[target.index(after: at)...].lowercased()
        return domain.isEmpty || domain == item.server.lowercased() ? nil : domain
    }
}

/// Why a key sent nothing: said in the status line.
struct TriageRefusal: Error, Equatable, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// One command a decision runs, on one item.
struct TriageRequest: Sendable, Equatable {
    /// The item's `QueueItem.key`.
    var item: String
    var decision: TriageDecision
    /// The words after `fedictl`.
    var arguments: [String]
}

/// How a command the screen ran ended.
struct TriageOutcome: Sendable, Equatable {
    var status: Int32
    /// Its last line for people (the error, the dry run's request, what changed).
    var message: String
    /// The journal entries it wrote that have an undo, newest last.
    var undoable: [String] = []
    var succeeded: Bool { status == 0 }
}

/// Makes decisions: the seam between the screen and the commands. The live one runs the matching
/// fedictl command in-process (`CommandDecider`), and that command calls Core's decision
/// (`ReportDecisions`, `AccountDecisions`, ...), so a key and a typed command share one
/// implementation and also the journal entry with its undo, the bulk engine's pacing and the
/// error lines a shell user would see.
protocol TriageDecider: Sendable {
    /// Runs `batch`'s command; `progress` hears what it says while it runs (the bulk engine's
    /// waits and counts). One outcome per request of the batch.
    func decide(_ batch: TriageBatch, progress: @escaping @Sendable (String) -> Void) async -> [TriageOutcome]
    /// Undoes journal entries made by earlier decisions, as `fedictl log undo` does.
    func undo(_ entries: [String]) async -> TriageOutcome
}
