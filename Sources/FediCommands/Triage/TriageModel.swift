import FediCore
import FediOutput
import FoundationEssentials

/// The triage screen's state and logic, with no terminal and no network: it takes keys and events
/// (arrivals, looks, outcomes) and says what to send (`TriageEffect`) and what to draw (`frame`).
/// The fast tier drives it directly; `TriageSession` connects it to a screen and a decider.
struct TriageModel: Sendable {
    /// A waiting item and the account that acts for its server (nil: the run's one account, as the
    /// run selected it, so an environment token's needs no stored login).
    struct Entry: Sendable, Equatable {
        var item: QueueItem
        var account: String?
        var key: String { item.key }
    }

    enum Mode: Sendable, Equatable {
        case list
        case help
        /// Typing a filter (applied as it is typed).
        case filter(String)
        /// Typing a note for the item `key`.
        case note(String, key: String)
        /// Waiting for y/N before sending `requests`.
        case confirm([TriageRequest], question: String)
    }

    /// A decision made here that the journal can undo: its entries, and the items it took away.
    struct Undo: Sendable, Equatable {
        var entries: [String]
        var restores: [Entry]
        var label: String
    }

    private(set) var entries: [Entry] = []
    private(set) var cursor: String?
    private(set) var marks: Set<String> = []
    private(set) var filter = ""
    private(set) var mode = Mode.list
    private(set) var status = ""
    private(set) var revealed: Set<String> = []
    /// Per server, what its software cannot do of what the decisions need, and why (the capability
    /// table's words): a decision's need depends on the item (a sign-up's approval or a trend's).
    var unavailable: [String: [Capability: String]] = [:]
    /// Servers that stopped answering, and why.
    private(set) var down: [String: String] = [:]
    /// What is being sent, when a decision is in flight.
    private(set) var busy: String?
    /// A rate-limit wait under way (a look's or a decision's), for the header.
    private(set) var waiting: String?
    private(set) var undos: [Undo] = []
    /// Target facts loaded for the detail pane, by item key (`TriageDetail`).
    private(set) var details: [String: [String]] = [:]
    /// Every server of the screen, for the header and the short names.
    private(set) var servers: [String] = []
    /// The servers whose queue has been looked at once.
    private var looked: Set<String> = []
    /// Items a decision here ended (until undone): a look whose read began before the write still
    /// lists them, and must not bring them back as new.
    private var decided: Set<String> = []
    /// Items a decision is being sent for: a look that no longer lists them saw this screen's own
    /// write land, not someone else's, and leaves them to the decision's outcome.
    private var sending: Set<String> = []
    private var shortNames: [String: String] = [:]
    var dryRun = false
    var colors = true
    var now: Date = Date()
    private(set) var rows = 24
    private(set) var columns = 80
    /// The first row of the list shown (the cursor kept in view).
    private(set) var top = 0

    init(servers: [String] = [], dryRun: Bool = false) {
        self.dryRun = dryRun
        setServers(servers)
    }

    mutating func setServers(_ servers: [String]) {
        self.servers = servers
        let all = Set(servers)
        shortNames = TerminalNames.shortest(all, among: all).names
    }

    // MARK: what is shown

    /// The entries the filter lets through, oldest first.
    var visible: [Entry] {
        guard !filter.isEmpty else { return entries }
        let wanted = filter.lowercased()
        return entries.filter { entry in
            let item = entry.item
            return [item.server, item.kind.rawValue, item.target, item.from, item.category, item.comment, item.id]
                .contains { $0?.lowercased().contains(wanted) ?? false }
        }
    }

    var current: Entry? {
        guard let cursor else { return nil }
        return entries.first { $0.key == cursor }
    }

    private var cursorIndex: Int? {
        guard let cursor else { return nil }
        return visible.firstIndex { $0.key == cursor }
    }

    // MARK: keys

    mutating func handle(_ event: ScreenEvent) -> [TriageEffect] {
        if case .resize(let rows, let columns) = event {
            (self.rows, self.columns) = (max(rows, 1), max(columns, 1))
            keepCursorVisible()
            return []
        }
        switch mode {
        case .list: return listKey(event)
        case .help:
            mode = .list
            return []
        case .filter(let text): return filterKey(event, text)
        case .note(let text, let key): return noteKey(event, text, key: key)
        case .confirm(let requests, _):
            mode = .list
            guard event == .character("y") || event == .character("Y") else {
                status = "cancelled: nothing sent"
                return []
            }
            return send(requests)
        }
    }

    private mutating func listKey(_ event: ScreenEvent) -> [TriageEffect] {
        switch event {
        case .down, .character("j"): move(by: 1)
        case .up, .character("k"): move(by: -1)
        case .pageDown: move(by: max(1, listHeight - 1))
        case .pageUp: move(by: -max(1, listHeight - 1))
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: visible.count - 1)
        case .character("q"): return [.quit]
        case .character("?"): mode = .help
        case .character("/"):
            // A fresh filter each time, as in less and vi.
            mode = .filter("")
            setFilter("")
        case .character("\u{1B}"):
            marks = []
            status = ""
        case .character("v"):
            guard let cursor else { break }
            if revealed.contains(cursor) { revealed.remove(cursor) } else { revealed.insert(cursor) }
        case .character(" "):
            guard let cursor else { break }
            if marks.contains(cursor) { marks.remove(cursor) } else { marks.insert(cursor) }
            status = marks.isEmpty ? "" : "\(marks.count) marked: a decision key acts on all of them"
            move(by: 1)
        case .character("u"): return undo()
        case .character(let key):
            guard let decision = TriageDecision(key: key) else {
                status = "\(Renderer.inert(String(key))): no such key (? shows them)"
                return []
            }
            return decide(decision)
        default: break
        }
        return []
    }

    private mutating func filterKey(_ event: ScreenEvent, _ text: String) -> [TriageEffect] {
        switch event {
        case .enter:
            mode = .list
            status = filter.isEmpty ? "" : "\(visible.count) of \(entries.count) match \(Renderer.inert(filter))"
        case .character("\u{1B}"):
            mode = .list
            setFilter("")
        case .backspace:
            var text = text
            if !text.isEmpty { text.removeLast() }
            mode = .filter(text)
            setFilter(text)
        case .character(let character) where !InertText.isControl(character.unicodeScalars.first!):
            mode = .filter(text + String(character))
            setFilter(text + String(character))
        default: break
        }
        return []
    }

    private mutating func setFilter(_ text: String) {
        filter = text
        if cursorIndex == nil { cursor = visible.first?.key }
        keepCursorVisible()
    }

    private mutating func noteKey(_ event: ScreenEvent, _ text: String, key: String) -> [TriageEffect] {
        switch event {
        case .enter:
            mode = .list
            guard let entry = entries.first(where: { $0.key == key }) else {
                status = "the report left the queue; the note was not sent"
                return []
            }
            switch TriageDecision.note.arguments(for: entry.item, account: entry.account, text: text) {
            case .success(let arguments):
                return send([TriageRequest(item: key, decision: .note, arguments: arguments)])
            case .failure(let refusal):
                status = refusal.message
            }
        case .character("\u{1B}"):
            mode = .list
            status = "note cancelled"
        case .backspace:
            mode = .note(String(text.dropLast()), key: key)
        case .character(let character) where !InertText.isControl(character.unicodeScalars.first!):
            // A one-line note, bounded: what the servers keep of one is short.
            if text.count < 500 { mode = .note(text + String(character), key: key) }
        default: break
        }
        return []
    }

    // MARK: decisions

    /// The items a decision key acts on: the marked ones, else the one under the cursor.
    private var chosen: [Entry] {
        if !marks.isEmpty { return entries.filter { marks.contains($0.key) } }
        return current.map { [$0] } ?? []
    }

    private mutating func decide(_ decision: TriageDecision) -> [TriageEffect] {
        if let busy {
            status = "still sending: \(busy)"
            return []
        }
        let chosen = chosen
        guard !chosen.isEmpty else {
            status = "nothing waits"
            return []
        }
        if decision == .note {
            guard chosen.count == 1, let entry = chosen.first else {
                status = "n: one report at a time (space unmarks)"
                return []
            }
            if let refusal = refusal(decision, for: entry) {
                status = refusal
                return []
            }
            mode = .note("", key: entry.key)
            return []
        }
        var requests: [TriageRequest] = []
        var refusals: [String] = []
        for entry in chosen {
            if let refusal = refusal(decision, for: entry) {
                refusals.append(refusal)
                continue
            }
            switch decision.arguments(for: entry.item, account: entry.account) {
            case .success(let arguments):
                requests.append(TriageRequest(item: entry.key, decision: decision, arguments: arguments))
            case .failure(let refusal): refusals.append(refusal.message)
            }
        }
        guard !requests.isEmpty else {
            status = refusals.first ?? "nothing to send"
            return []
        }
        let skipped = refusals.isEmpty ? "" : " (\(refusals.count) of the marked left out: \(refusals[0]))"
        if dryRun { return send(requests) }
        if decision.previews {
            // The question names what the block cuts: asked of the server first (a read).
            busy = "counting what \(decision.rawValue) \(describe(requests[0])) cuts"
            status = busy! + "…"
            return [.preview(requests)]
        }
        if decision.confirms || requests.count > 1 {
            let what = requests.count == 1 ? describe(requests[0]) : "\(requests.count) items"
            let kinds = Set(chosen.filter { entry in requests.contains { $0.item == entry.key } }.map(\.item.kind))
            let name = kinds.count == 1 ? decision.name(on: kinds.first!) : decision.name
            let question = "\(capitalized(name)): \(what)?\(skipped)"
            mode = .confirm(requests, question: question)
            return []
        }
        return send(requests)
    }

    /// Why `decision` cannot be made on `entry`: the wrong kind, or its server cannot.
    private func refusal(_ decision: TriageDecision, for entry: Entry) -> String? {
        if !decision.kinds.contains(entry.item.kind) {
            if case .failure(let refusal) = decision.arguments(for: entry.item, account: entry.account) {
                return refusal.message
            }
        }
        if let why = unavailable[entry.item.server]?[decision.capability(on: entry.item.kind)] {
            return "\(decision.key): unavailable on \(shortName(entry.item.server)): \(why)"
        }
        return nil
    }

    private mutating func send(_ requests: [TriageRequest]) -> [TriageEffect] {
        let decision = requests[0].decision
        busy =
            requests.count == 1
            ? "\(decision.rawValue) \(describe(requests[0]))" : "\(decision.rawValue) \(requests.count) items"
        status = (dryRun ? "dry run: " : "") + "\(busy!)…"
        sending = Set(requests.map(\.item))
        return [.decide(requests)]
    }

    private mutating func undo() -> [TriageEffect] {
        if let busy {
            status = "still sending: \(busy)"
            return []
        }
        guard let last = undos.last else {
            status = dryRun ? "a dry run changes nothing: nothing to undo" : "nothing done here to undo"
            return []
        }
        busy = "undo \(last.label)"
        status = "undoing \(last.label)…"
        return [.undo(last)]
    }

    // MARK: events

    /// What a block would cut (a line per request, in order), asked before its y/N.
    mutating func previewed(_ requests: [TriageRequest], _ cuts: [String]) {
        busy = nil
        let byKey = Dictionary(entries.map { ($0.key, $0.item) }, uniquingKeysWith: { first, _ in first })
        let said = zip(requests, cuts).map { request, cut in
            let item = byKey[request.item]
            let domain = item.flatMap(TriageDecision.domain) ?? "?"
            return "\(domain)" + (servers.count > 1 ? " on \(item.map { shortName($0.server) } ?? "?")" : "")
                + ": \(cut)"
        }
        var unique: [String] = []
        for line in said where !unique.contains(line) { unique.append(line) }
        mode = .confirm(requests, question: "Block (suspend) " + unique.joined(separator: "; ") + "?")
    }

    /// A line a command or a look says while it runs: progress, or a rate-limit wait.
    mutating func progress(_ line: String) {
        let line = String(line.trimmingPrefix("fedictl: "))
        if line.hasPrefix("Waiting ") { waiting = line }
        status = line
    }

    /// The commands a decision's requests run (see `TriageBatch`).
    func batches(_ requests: [TriageRequest]) -> [TriageBatch] {
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return TriageBatch.of(
            requests, account: { byKey[$0.item]?.account },
            verb: { request in byKey[request.item].flatMap { request.decision.bulkVerb(for: $0.item) } },
            ids: { request in
                guard let item = byKey[request.item]?.item else { return [] }
                return [item.id] + (item.evidence.targetID.map { [$0] } ?? [])
            })
    }

    /// A decision's requests ended with `outcomes` (in order).
    mutating func decided(_ requests: [TriageRequest], _ outcomes: [TriageOutcome]) {
        busy = nil
        sending = []
        waiting = nil
        var done: [Entry] = []
        var undoable: [String] = []
        var failures: [String] = []
        var sent: [String] = []
        for (request, outcome) in zip(requests, outcomes) {
            guard outcome.succeeded else {
                // A report another moderator holds is refused (79) before anything is sent; on this
                // screen the way on is A, which assigns it to you (the command's hint names a flag).
                let held =
                    outcome.status == ExitStatus.stalePlan.rawValue && request.decision != .assign
                    && entries.first { $0.key == request.item }?.item.kind == .report
                failures.append(outcome.message + (held ? " (A takes it over)" : ""))
                continue
            }
            if dryRun {
                sent.append(outcome.message)
                continue
            }
            undoable += outcome.undoable
            if let index = entries.firstIndex(where: { $0.key == request.item }) {
                if request.decision.ends {
                    done.append(entries[index])
                } else if request.decision == .assign {
                    entries[index].item.assignedTo = "(you)"
                }
            }
        }
        let decision = requests.first?.decision
        let label = requests.count == 1 ? describe(requests[0]) : "\(requests.count) items"
        marks.subtract(requests.map(\.item))
        decided.formUnion(done.map(\.key))
        remove(Set(done.map(\.key)))
        if !undoable.isEmpty, let decision {
            undos.append(Undo(entries: undoable, restores: done, label: "\(decision.rawValue) \(label)"))
        }
        let ok = outcomes.filter(\.succeeded).count
        if dryRun {
            // A dry run that failed (a read before the write) says why, not "nothing".
            status =
                sent.isEmpty
                ? failures.first.map { "dry run: \($0)" } ?? "dry run: would send nothing"
                : "dry run: would send " + sent.joined(separator: "; ")
        } else if failures.isEmpty {
            // The outcome first: a narrow screen cuts the end of a long label, never whether it worked.
            status = "done: \(decision?.rawValue ?? "decision") \(label)" + (undoable.isEmpty ? "" : " (u undoes it)")
        } else if ok == 0 {
            status = failures[0]
        } else {
            status = "\(ok) of \(requests.count) done; \(failures.count) failed: \(failures[0])"
        }
    }

    /// The undo `undo` ended with `outcome`: on success its items are back.
    mutating func undone(_ undo: Undo, _ outcome: TriageOutcome) {
        busy = nil
        guard outcome.succeeded else {
            status = "undo failed: \(outcome.message)"
            return
        }
        undos.removeAll { $0 == undo }
        decided.subtract(undo.restores.map(\.key))
        add(undo.restores)
        if let first = undo.restores.first { cursor = first.key }
        keepCursorVisible()
        status = "undone: \(undo.label)"
    }

    /// New items (a stream's, or a look's first sight of them).
    mutating func arrived(_ arrivals: [Entry]) {
        let before = entries.count
        add(arrivals)
        let added = entries.count - before
        if added > 0, before > 0 { status = "\(added) new item\(added == 1 ? "" : "s")" }
    }

    /// A full look at `server`'s queue (of `kinds`): what it no longer lists was handled elsewhere.
    mutating func looked(server: String, kinds: [QueueItem.Kind], items: [Entry]) {
        down[server] = nil
        if busy == nil { waiting = nil }
        if status.hasPrefix("asking ") || status.hasPrefix("Waiting ") { status = "" }
        let listed = Set(items.map(\.key))
        let gone = Set(
            entries.filter {
                $0.item.server == server && kinds.contains($0.item.kind) && !listed.contains($0.key)
                    && !sending.contains($0.key)
            }
            .map(\.key))
        if !gone.isEmpty {
            remove(gone)
            status =
                "\(gone.count) item\(gone.count == 1 ? "" : "s") on \(shortName(server)) handled elsewhere"
        }
        // A server's first look is what waited already, not news.
        if looked.insert(server).inserted { add(items) } else { arrived(items) }
    }

    mutating func serverDown(_ server: String, why: String) { down[server] = why }
    mutating func serverUp(_ server: String) { down[server] = nil }
    mutating func say(_ text: String) { status = text }

    /// Facts loaded for the item `key`'s detail pane.
    mutating func loaded(_ lines: [String], for key: String) { details[key] = lines }

    private mutating func add(_ arrivals: [Entry]) {
        var seen = Set(entries.map(\.key)).union(decided)
        let fresh = arrivals.indices.filter { seen.insert(arrivals[$0].key).inserted }
        guard !fresh.isEmpty else { return }
        // Appended, to the room they need (an eighth more for arrivals one by one), and sorted in
        // place: with 10,000 items, a sorted concatenation's copies and an array grown by doubling
        // (16,384 rows, and both buffers while it grew) were most of the screen's peak memory
        // (bench/README.md, "The triage screen").
        let needed = entries.count + fresh.count
        if entries.capacity < needed { entries.reserveCapacity(max(needed, entries.count + entries.count / 8)) }
        for index in fresh { entries.append(arrivals[index]) }
        entries.sort { QueueItem.oldestFirst($0.item, $1.item) }
        if cursor == nil { cursor = visible.first?.key }
        keepCursorVisible()
    }

    /// Takes items away; the cursor moves to the item that takes its place.
    private mutating func remove(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        let shown = visible
        let index = cursorIndex
        entries.removeAll { keys.contains($0.key) }
        marks.subtract(keys)
        if let cursor, keys.contains(cursor) {
            let after = shown[(index ?? 0)...].dropFirst().first { !keys.contains($0.key) }
            let before = shown[..<(index ?? 0)].last { !keys.contains($0.key) }
            self.cursor = (after ?? before)?.key
        }
        keepCursorVisible()
    }

    private mutating func move(by offset: Int) {
        guard let index = cursorIndex else { return move(to: 0) }
        move(to: index + offset)
    }

    private mutating func move(to index: Int) {
        let shown = visible
        guard !shown.isEmpty else {
            cursor = nil
            return
        }
        cursor = shown[min(max(index, 0), shown.count - 1)].key
        keepCursorVisible()
    }

    private mutating func keepCursorVisible() {
        let height = max(1, listHeight)
        let index = cursorIndex ?? 0
        if index < top { top = index }
        if index >= top + height { top = index - height + 1 }
        top = max(0, min(top, max(0, visible.count - height)))
    }

    // MARK: names

    func shortName(_ server: String) -> String { shortNames[server] ?? server }

    /// `report 12 on a (@bob)`: what a request is about, for the status line.
    func describe(_ request: TriageRequest) -> String {
        guard let entry = entries.first(where: { $0.key == request.item }) else { return request.item }
        let who =
            switch entry.item.kind {
            case .report: entry.item.target
            case .signUp: entry.item.from
            // A post's text can be long: enough of it to know it by.
            case .trend: entry.item.comment.map { $0.count > 40 ? String($0.prefix(39)) + "…" : $0 }
            }
        let server = servers.count > 1 ? " on \(shortName(entry.item.server))" : ""
        return Renderer.inert("\(entry.item.kind.rawValue) \(entry.item.id)\(server)" + (who.map { " (\($0))" } ?? ""))
    }

    private func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    // MARK: layout

    /// Side by side from 120 columns; else the list above the detail.
    var sideBySide: Bool { columns >= 120 }

    /// Rows for the list: all but the header, the hints and the status line, shared with the detail.
    var listHeight: Int {
        let body = max(1, rows - 3)
        return sideBySide ? body : max(1, min(body / 2, max(3, body * 2 / 5)))
    }
}

/// What the session must do for a key.
enum TriageEffect: Sendable, Equatable {
    case decide([TriageRequest])
    case undo(TriageModel.Undo)
    /// Ask what the requests would cut, then put the y/N (`previewed`).
    case preview([TriageRequest])
    case quit
}
