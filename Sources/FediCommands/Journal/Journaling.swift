import ArgumentParser
import FediCore
import FoundationEssentials
import Synchronization

/// What a verb knows about its change beyond the request: the target, before and after, and the
/// command that undoes it. Optional: without it the target is taken from each request and no undo is offered.
public protocol JournaledCommand {
    /// What the command changes (a domain, an account id), when the arguments say.
    var journalTarget: String? { get }
    var journalBefore: String? { get }
    var journalAfter: String? { get }
    /// The words after `fedictl --account X` that undo the change to `target`, or nil where nothing does.
    /// `createdID` is the server's id of what the write created, if it said.
    func undoArguments(target: String?, createdID: String?) -> [String]?
}

// No default undo: every verb that writes decides (nil says nothing undoes it, or that its entries
// carry their own undo, as bulk verbs' per-item notes do).
extension JournaledCommand {
    public var journalTarget: String? { nil }
    public var journalBefore: String? { nil }
    public var journalAfter: String? { nil }
}

/// The journal's view of one run: which verb, the command line, the verb's facts, and what was
/// learnt on the way (detections, config changes to record when the command ends).
/// Shared by the per-account copies of a context, so each copy's entries name its own account.
public final class JournalSession: @unchecked Sendable {
    public let verb: String
    let arguments: [String]
    /// Every entry of this invocation carries it, over every account (`fedictl log --run`); the
    /// undos one `log undo` runs share its run.
    public let runID = JournalSession.enclosingRun ?? JournalEntry.newID()
    /// The run of the `log undo` whose undos run inside it.
    @TaskLocal public static var enclosingRun: String?
    /// A value-type command, only read: safe to share across tasks.
    let facts: (any JournaledCommand)?
    private struct Learnt {
        var detected: [String: ServerInfo] = [:]
        var pending: [JournalEntry] = []
        var allowedBySetting: Bool?
    }
    private let learnt = Mutex(Learnt())

    public init(verb: String, arguments: [String], facts: (any JournaledCommand)?) {
        self.verb = verb
        self.arguments = arguments
        self.facts = facts
    }

    /// The session of the command `command` run with `arguments` (the argv after `fedictl`).
    public convenience init(command: some FediCommand, arguments: [String]) {
        self.init(
            verb: CommandPath.name(of: type(of: command), arguments: arguments), arguments: arguments,
            facts: command.journalFacts)
    }

    /// The config's journal setting, read once per run.
    func settingAllows(_ read: () -> Bool) -> Bool {
        if let known = learnt.withLock({ $0.allowedBySetting }) { return known }
        let allowed = read()  // outside the lock: it reads a file
        learnt.withLock { $0.allowedBySetting = allowed }
        return allowed
    }

    func noteDetection(_ info: ServerInfo, for authority: String) { learnt.withLock { $0.detected[authority] = info } }
    func detection(for authority: String) -> ServerInfo? { learnt.withLock { $0.detected[authority] } }
    func queue(_ entries: [JournalEntry]) { learnt.withLock { $0.pending += entries } }
    func takePending() -> [JournalEntry] {
        learnt.withLock { learnt in
            defer { learnt.pending = [] }
            return learnt.pending
        }
    }

    /// The argv of the running command, for the record (bound by `FedictlMain.run`).
    @TaskLocal public static var arguments: [String] = []
    /// The id of the entry a `log undo` is undoing, recorded in the undo's own entries.
    @TaskLocal public static var undoing: String?
}

/// A command's path in the tree, e.g. `domain-blocks add`.
enum CommandPath {
    /// Looked for first under the noun the run's first word names (`arguments`, by default the
    /// run's own): walking the whole tree makes every command type, which the run has not needed.
    static func name(of type: any ParsableCommand.Type, arguments: [String] = JournalSession.arguments) -> String {
        if let branch = Fedictl.branch(namedBy: arguments) {
            let noun = Fedictl.nouns[branch]
            if let found = find(type, under: noun.command(), path: [noun.name]) { return found.joined(separator: " ") }
        }
        return find(type, under: Fedictl.self, path: [])?.joined(separator: " ") ?? type._commandName
    }

    private static func find(_ wanted: any ParsableCommand.Type, under node: any ParsableCommand.Type, path: [String])
        -> [String]?
    {
        for child in node.configuration.subcommands {
            let childPath = path + [child._commandName]
            if ObjectIdentifier(child) == ObjectIdentifier(wanted) { return childPath }
            if let found = find(wanted, under: child, path: childPath) { return found }
        }
        return nil
    }
}

extension CommandContext {
    /// True when this run records its changes: not a dry run, not `--no-journal`, a journal bound,
    /// and the config does not say `"journal": false` (read best effort: no config is no setting).
    var journalIsOn: Bool {
        guard let session = journalSession, !globals.dryRun, !globals.noJournal, services.journal.isRecording else {
            return false
        }
        return session.settingAllows { (try? services.logins.load())?.settings?.journal != false }
    }

}

/// Builds journal entries with the run's common facts and appends them: for the HTTP hook
/// (`JournalRecorder`) and config changes (`ConfigChange`).
struct JournalWriter {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// Records the config changes queued during the run (called once the command is done).
    func recordQueuedChanges() async {
        guard let session = ctx.journalSession else { return }
        let entries = session.takePending()
        if !entries.isEmpty, ctx.journalIsOn { await appendToJournal(entries) }
    }

    /// An undo the server cannot run is not offered (GoToSocial has no `accounts unsuspend`).
    static func runnable(_ words: [String], on info: ServerInfo?) -> [String]? {
        guard let info, words.count >= 2,
            let capability = Capability(rawValue: "\(words[0]) \(words[1])")
        else { return words }
        if !info.offers(capability) { return nil }
        return words
    }

    /// An entry with the run's common facts (time, command line, verb, server software) filled in.
    func journalEntry(
        account: String?, server: String, target: String?, before: String?, after: String?, request: String? = nil,
        outcome: JournalEntry.Outcome, createdID: String? = nil, errorKind: String? = nil, httpStatus: Int? = nil,
        message: String? = nil, undo: [String]?
    ) -> JournalEntry {
        let session = ctx.journalSession
        let info = serverInfo(account: account, server: server)
        var secrets: [String] = []
        if let token = ctx.accounts.environmentToken { secrets.append(token) }
        let command = ShellWords.join(["fedictl"] + Redaction.arguments(session?.arguments ?? [], secrets: secrets))
        var entry = JournalEntry(
            time: ctx.services.now(), account: account, server: server,
            software: info?.softwareName,
            softwareVersion: info?.version, command: command, verb: session?.verb ?? "",
            target: target,
            before: before, after: after, request: request, outcome: outcome, createdID: createdID,
            errorKind: errorKind, httpStatus: httpStatus, message: message)
        entry.reason = ctx.globals.reason
        entry.undoes = JournalSession.undoing
        entry.run = session?.runID
        offerUndo(undo, on: &entry, info: info)
        return entry
    }

    /// Sets `entry`'s undo when `info`'s server can run it, else says why there is none.
    func offerUndo(_ undo: [String]?, on entry: inout JournalEntry, info: ServerInfo?) {
        let runnable = undo.flatMap { Self.runnable($0, on: info) }
        setUndo(runnable, on: &entry)
        if let undo, runnable == nil, let info {
            entry.noUndo = "\(info.label) cannot run `\(undo.prefix(2).joined(separator: " "))`"
        }
    }

    /// What is known of `server`'s software: this run's detection, else the stored one.
    func serverInfo(account: String?, server: String) -> ServerInfo? {
        ctx.journalSession?.detection(for: server) ?? storedDetection(account: account, server: server)
    }

    /// The undo as words for `log undo` and as a runnable line: `fedictl --account A WORDS --yes`
    /// (off a terminal a destructive verb needs --yes, so `jq -r .undo | sh` runs as it is).
    func setUndo(_ words: [String]?, on entry: inout JournalEntry) {
        guard let words else {
            (entry.undo, entry.undoArguments) = (nil, nil)
            return
        }
        let full = (entry.account.map { ["--account", $0] } ?? []) + words + (words.contains("--yes") ? [] : ["--yes"])
        entry.undoArguments = full
        entry.undo = ShellWords.join(["fedictl"] + full)
    }

    /// Appends, warning on stderr (never failing the command) when the journal cannot take it.
    func appendToJournal(_ entries: [JournalEntry]) async {
        for entry in entries {
            do {
                try await ctx.services.journal.append(entry)
            } catch {
                ctx.status(
                    "fedictl: warning: the change was made but could not be recorded in the journal: \(ErrorReport.fediError(from: error).message)"
                )
                return
            }
        }
    }

    private func storedDetection(account: String?, server: String) -> ServerInfo? {
        if let account, let config = try? ctx.services.logins.load(),
            let login = config.accounts.first(where: { $0.id == account }),
            let info = login.serverInfo
        {
            return info
        }
        return ctx.services.serverCache.serverInfo(for: server)
    }
}

/// Records every write `CommandContext.http` sends, write-ahead: before it goes out, its intent is
/// appended (a journal that cannot take it refuses the write, exit 78, and nothing is sent); after,
/// its outcome under the same id. A `JournalNote` bound around the write says what it changes (one
/// entry per note); without one, the verb's facts and the request say what they can.
struct JournalRecorder: HTTPWriteObserver {
    let ctx: CommandContext

    /// The HTTP hook that records `ctx`'s writes, or nil when its run records nothing.
    static func observer(for ctx: CommandContext) -> (any HTTPWriteObserver)? {
        let globals = ctx.globals
        guard ctx.journalSession != nil, !globals.dryRun, !globals.noJournal, ctx.services.journal.isRecording else {
            return nil
        }
        return JournalRecorder(ctx: ctx)
    }

    func willSend(_ request: HTTPRequest) async throws -> (any Sendable)? {
        guard Self.isRecorded(request), ctx.journalIsOn else { return nil }
        let intents = entries(for: request, outcome: .pending)
        do {
            for entry in intents { try await ctx.services.journal.append(entry) }
        } catch {
            let reason = ErrorReport.fediError(from: error).message
            throw FediError(
                .config, "the journal cannot be written, so the change was not sent: \(reason)",
                hint: "free some space or fix the state directory; --no-journal changes without a record")
        }
        return intents
    }

    func didSend(_ request: HTTPRequest, intent: (any Sendable)?, outcome: Result<HTTPResponse, any Error>) async {
        guard let intents = intent as? [JournalEntry] else { return }
        var finals: [JournalEntry] = []
        for var entry in intents {
            let time = entry.time
            switch outcome {
            case .success(let response) where response.isSuccess:
                let created = request.method == .post ? JournalDefaults.createdID(in: response.body) : nil
                entry = finished(entry, outcome: .ok, createdID: created, status: response.status)
            case .success(let response):
                let message = APIError.serverMessage(in: response.body)
                let refusal = APIError.http(
                    status: response.status, serverMessage: message, url: request.url,
                    headers: response.headers, body: response.body)
                let failure = ErrorReport.fediError(from: refusal)
                entry = finished(entry, outcome: .error, status: response.status, failure: failure)
            case .failure(let error):
                entry = finished(entry, outcome: .error, status: nil, failure: ErrorReport.fediError(from: error))
            }
            entry.time = max(time, ctx.services.now())
            finals.append(entry)
        }
        await JournalWriter(ctx).appendToJournal(finals)
    }

    func didConfirm(_ request: HTTPRequest, intent: (any Sendable)?, createdID: String?) async {
        guard let intents = intent as? [JournalEntry] else { return }
        let finals = intents.map { intent in
            var entry = finished(
                intent, outcome: .ok, createdID: request.method == .post ? createdID : nil, status: nil)
            entry.message = "the answer was lost; reading the server's state back found the change made"
            entry.time = max(intent.time, ctx.services.now())
            return entry
        }
        await JournalWriter(ctx).appendToJournal(finals)
    }

    /// The intents of `request`: one per note bound around it, else one from the verb's facts.
    func entries(for request: HTTPRequest, outcome: JournalEntry.Outcome) -> [JournalEntry] {
        let host = ServerAddress(baseURL: request.url).authority
        let login = try? ctx.login()
        let account = login.flatMap { $0.server.authority == host ? $0.id : nil }
        // The path only: a query string may carry a token.
        let requestText = "\(request.method.rawValue) \(request.url.path)"
        let notes = JournalNote.current
        guard notes.isEmpty else {
            return notes.map { note in
                let actor = account.map { JournalNote.handle(String($0.prefix { $0 != "@" }), on: host) }
                let server = ctx.journalSession?.detection(for: host)
                let undo = JournalUndo.arguments(for: note, server: server, actor: actor)
                var entry = JournalWriter(ctx).journalEntry(
                    account: account, server: host, target: note.target,
                    before: JournalNote.text(note.before), after: JournalNote.text(note.after),
                    request: requestText, outcome: outcome, undo: undo.arguments)
                entry.subject = note.subject
                entry.subjectID = note.id
                // Keeps the why `journalEntry` gave where the server cannot run the undo.
                if let why = undo.why { entry.noUndo = why }
                return entry
            }
        }
        let facts = ctx.journalSession?.facts
        let target = facts?.journalTarget ?? JournalDefaults.target(of: request)
        let entry = JournalWriter(ctx).journalEntry(
            account: account, server: host, target: target,
            before: facts?.journalBefore,
            after: facts?.journalAfter, request: requestText, outcome: outcome, undo: nil)
        return [entry]  // the verb's undo may need the created id: set with the outcome
    }

    /// `entry` with its outcome: an undo only for a change that was made.
    func finished(
        _ entry: JournalEntry, outcome: JournalEntry.Outcome, createdID: String? = nil, status: Int?,
        failure: FediError? = nil
    ) -> JournalEntry {
        var entry = entry
        entry.outcome = outcome
        entry.createdID = createdID
        entry.httpStatus = status
        entry.errorKind = failure?.status.name
        entry.message = failure?.message
        if outcome != .ok {
            (entry.undo, entry.undoArguments, entry.noUndo) = (nil, nil, nil)
        } else if entry.subject == nil, let facts = ctx.journalSession?.facts,
            let undo = facts.undoArguments(target: entry.target, createdID: createdID)
        {
            // Only an undo the verb offers: a per-item note's own undo is never erased by a verb without one.
            let writer = JournalWriter(ctx)
            writer.offerUndo(undo, on: &entry, info: writer.serverInfo(account: entry.account, server: entry.server))
        }
        return entry
    }

    /// OAuth plumbing (`/oauth/token`, `/oauth/revoke`) is not a change to record: the login or
    /// logout it serves is recorded as the config change it makes.
    static func isRecorded(_ request: HTTPRequest) -> Bool {
        !request.readsOnly && !request.url.path.hasPrefix("/oauth/")
    }
}

/// What an entry says when the verb does not: taken from the request.
enum JournalDefaults {
    /// Body fields that name what a write is about, most telling first (never a secret field).
    static let targetFields = [
        "domain", "host", "ip", "email", "account_id", "userId", "noteId", "reportId", "title", "nickname",
    ]

    /// A naming field of the body, else the id in the path (`/api/v1/admin/accounts/123/action` -> 123).
    static func target(of request: HTTPRequest) -> String? {
        if let body = request.body, !body.isEmpty {
            let fields = Self.fields(of: body)
            for name in targetFields { if let value = fields[name], !value.isEmpty { return value } }
        }
        let skipped: Set<String> = ["api", "v1", "v2", "admin", "pleroma"]
        let segments = request.url.path.split(separator: "/").map(String.init).drop { skipped.contains($0) }
        return segments.count >= 2 ? Array(segments)[1].percentDecoded : nil
    }

    /// The `id` of a JSON object answer.
    static func createdID(in body: Data) -> String? {
        guard let object = (try? JSONText.object(from: body)) as? [String: Any] else { return nil }
        if let id = object["id"] as? String { return id }
        if let id = object["id"] as? Int { return String(id) }
        return nil
    }

    private static func fields(of body: Data) -> [String: String] {
        if let object = (try? JSONText.object(from: body)) as? [String: Any] {
            return object.compactMapValues { value in (value as? String) ?? (value as? Int).map(String.init) }
        }
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacing("+", with: " ").percentDecoded ?? String($0)
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}

/// The config, recording each change it makes (logins, logouts, aliases, the default account,
/// groups) as an entry queued for the end of the command.
struct JournalingLoginStore: LoginStore {
    let wrapped: any LoginStore
    let ctx: CommandContext

    func load() throws -> LoginConfig { try wrapped.load() }

    func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
        var before = LoginConfig()
        var after = LoginConfig()
        let result = try wrapped.update { config -> T in
            before = config
            let result = try change(&config)
            after = config
            return result
        }
        if before != after, let session = ctx.journalSession {
            session.queue(ConfigChange.entries(from: before, to: after, ctx: ctx))
        }
        return result
    }
}

/// Config changes as journal entries: one per account touched, one for the default account.
enum ConfigChange {
    static func entries(from before: LoginConfig, to after: LoginConfig, ctx: CommandContext) -> [JournalEntry] {
        let facts = ctx.journalSession?.facts
        let old = Dictionary(before.accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [JournalEntry] = []
        func entry(_ id: String, before: String?, after: String?, undo: [String]?) {
            let server = new[id]?.server.authority ?? old[id]?.server.authority ?? "local"
            entries.append(
                JournalWriter(ctx).journalEntry(
                    account: id, server: server,
                    target: facts?.journalTarget ?? id, before: before, after: after,
                    outcome: .ok, undo: facts?.undoArguments(target: id, createdID: nil) ?? undo))
        }
        for login in after.accounts where old[login.id] == nil {
            entry(login.id, before: nil, after: "account added", undo: ["auth", "logout", login.id])
        }
        for login in before.accounts where new[login.id] == nil {
            entry(login.id, before: "account stored", after: "account removed", undo: nil)
        }
        for login in after.accounts {
            guard let previous = old[login.id], previous != login else { continue }
            // Detections and cached rules are caches, not changes.
            var cacheless = previous
            cacheless.serverInfo = login.serverInfo
            cacheless.instanceRules = login.instanceRules
            guard cacheless != login else { continue }
            if previous.aliases != login.aliases {
                entry(
                    login.id, before: "aliases: " + list(previous.aliases), after: "aliases: " + list(login.aliases),
                    undo: nil)
            } else {
                entry(login.id, before: nil, after: "account updated", undo: nil)
            }
        }
        if before.defaultAccount != after.defaultAccount, let id = after.defaultAccount, new[id] != nil, old[id] != nil
        {
            entry(
                id, before: "default: " + (before.defaultAccount ?? "none"), after: "default: \(id)",
                undo: before.defaultAccount.map { ["auth", "use", $0] })
        }
        // A group's members, before and after; a group made the default.
        // Undone by setting the old members again, or by removing a group that was new.
        for name in Set((before.groups ?? [:]).keys).union((after.groups ?? [:]).keys).sorted() {
            let old = before.groups?[name]
            let new = after.groups?[name]
            guard old != new else { continue }
            let undo = old.map { ["auth", "group", "set", name] + $0 } ?? ["auth", "group", "remove", name]
            var entry = JournalWriter(ctx).journalEntry(
                account: nil, server: "local", target: "group \(name)",
                before: groupState(old), after: groupState(new), outcome: .ok, undo: undo)
            entry.subject = groupSubject
            entries.append(entry)
        }
        if before.defaultAccount != after.defaultAccount, let name = after.defaultAccount,
            let group = after.group(named: name), new[name] == nil
        {
            entries.append(
                JournalWriter(ctx).journalEntry(
                    account: nil, server: "local", target: "group \(group.name)",
                    before: "default: " + (before.defaultAccount ?? "none"), after: "default: group \(group.name)",
                    outcome: .ok, undo: before.defaultAccount.map { ["auth", "use", $0] }))
        }
        // Anything else the config holds beyond accounts and registered apps (pins, settings, groups):
        // one entry, its target from the verb where it says.
        var otherBefore = before
        var otherAfter = after
        (otherBefore.accounts, otherAfter.accounts, otherBefore.clients, otherAfter.clients) = ([], [], nil, nil)
        (otherBefore.defaultAccount, otherAfter.defaultAccount) = (nil, nil)
        if entries.isEmpty, otherBefore != otherAfter {
            let target = facts?.journalTarget ?? (before.pins != after.pins ? "pins" : "config")
            entries.append(
                JournalWriter(ctx).journalEntry(
                    account: nil, server: "local", target: target, before: nil,
                    after: "config updated",
                    outcome: .ok, undo: facts?.undoArguments(target: target, createdID: nil)))
        }
        return entries
    }

    private static func list(_ words: [String]) -> String { words.isEmpty ? "none" : words.joined(separator: ", ") }

    static let groupSubject = "group"

    /// A group's members as the journal keeps them (`members: a@x, b@y`), or `none` for no group.
    static func groupState(_ members: [String]?) -> String { members.map { "members: " + list($0) } ?? "none" }
}
