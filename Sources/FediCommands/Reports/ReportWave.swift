import FediCore

/// The open reports about one reported account, oldest first: what `reports resolve --action` acts
/// on once, its oldest report attached.
struct ReportedAccount: Sendable {
    var accountID: String
    /// `@user@host`.
    var handle: String
    var reports: [Report]

    /// The selection's reports grouped by the account they are about, the groups in the order of
    /// their oldest report. A report that names no account cannot be acted on and is left out.
    static func grouping(_ reports: [Report], on host: String) -> [ReportedAccount] {
        var groups: [ReportedAccount] = []
        var index: [String: Int] = [:]
        for report in reports {
            guard let id = report.targetID else { continue }
            if let at = index[id] {
                groups[at].reports.append(report)
            } else {
                index[id] = groups.count
                let handle = JournalNote.handle(report.target ?? id, on: host)
                groups.append(ReportedAccount(accountID: id, handle: handle, reports: [report]))
            }
        }
        return groups
    }

    /// The reported account as the reports embed it, where they carry every flag an action sets
    /// (Mastodon, GoToSocial): its state before, with no request.
    var flagsKnown: AdminAccount? {
        reports.lazy.compactMap(\.targetAccount).first { account in
            JournalNote.flags.allSatisfy { account[keyPath: $0.path] != nil }
        }
    }
}

/// What `reports resolve` does over a selector, besides resolving: the action on each account.
struct ReportWaveAction: Sendable {
    var kind: AccountAction.Kind
    var text: String?

    /// What a row says once it is done: "suspended".
    var doneWord: String {
        switch kind {
        case .none: "warned"
        case .sensitive: "marked sensitive"
        case .disable: "disabled"
        case .silence: "silenced"
        case .suspend: "suspended"
        }
    }
}

/// `reports resolve` over many reports: a selector (or ids and handles on stdin), or `--target`,
/// a wave of one account. Each report is resolved, and with an action each reported account acted
/// on once, through the same decisions one report's verb makes (`ReportDecisions`, `AccountDecisions`).
struct ReportWave {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// The reports the server says are still open that the selection matches, each resolved through
    /// the bulk engine; with `action`, each reported account is acted on once, its oldest report
    /// attached, and its other reports still open afterwards are resolved. What an interrupted run
    /// did is no longer open (an account that already has the flag is not acted on again), so a
    /// re-run acts only on the rest.
    func resolve(
        stdin: Bool, selection write: SelectionWrite, action: ReportWaveAction?,
        comment: String?, takeOver: Bool
    ) async throws {
        let progress = BulkProgress(ctx)
        let ctx = ctx.forBulkWork(onWait: progress.waiting)
        let selection = try write.filters.selection(in: ctx, stdin: stdin, takes: .report)
        try selection.refuseAddressesForReports()
        try await open(action: action, comment: comment, takeOver: takeOver, in: ctx) { writes, all in
            let host = writes.host
            let open = all.filter { selection.matches($0, on: host) }
            if let targets = selection.targets { Self.noteUnmatched(targets, among: open, on: host, in: ctx) }
            guard let action else {
                let resolving = BulkModeration<Report>(
                    verb: "resolve", noun: "report", doneWord: "resolved",
                    cap: write.limit, id: { $0.id },
                    name: { JournalNote.handle($0.target ?? "?", on: host) })
                return try await resolving.run(open, in: ctx, progress: progress) { try await writes.resolve($0) }
            }
            let groups = ReportedAccount.grouping(open, on: host)
            let kind = action.kind
            var acting = BulkModeration<ReportedAccount>(
                verb: kind == .none ? "warn" : kind.rawValue, noun: "account",
                doneWord: action.doneWord,
                cap: write.limit, id: { $0.accountID }, name: { $0.handle })
            let reports = groups.prefix(write.limit).reduce(0) { $0 + $1.reports.count }
            acting.also = " and resolve their \(reports) open report\(reports == 1 ? "" : "s")"
            try await acting.run(groups, in: ctx, progress: progress) { try await writes.act(action, on: $0) }
        }
    }

    /// `--target`: every open report about one account on this account's server, a wave of one.
    func resolve(about target: String, action: ReportWaveAction?, comment: String?, takeOver: Bool) async throws {
        try await open(action: action, comment: comment, takeOver: takeOver, in: ctx) { writes, all in
            let host = writes.host
            let open = all.filter { Self.names(target, $0, host: host) }
            let ids = open.map(\.id).joined(separator: ", ")
            let count = "\(open.count) open report\(open.count == 1 ? "" : "s")"
            guard !open.isEmpty else { return ctx.noteOutcome("no open report about \(target)") }
            let groups = ReportedAccount.grouping(open, on: host)
            if action != nil, groups.isEmpty {
                throw FediError(.protocol, "\(host) did not say which account report \(open[0].id) is about")
            }
            let acting = action.map { "\($0.kind.rawValue) \(target) and " } ?? ""
            if ctx.globals.dryRun {
                var plan = "dry run: \(count) about \(target) on \(host): \(ids)\n"
                plan += writes.requests(open, action: action).map { "dry run: would send \($0)\n" }.joined()
                ctx.terminal.write(ctx.linesForAccount(plan))
                return ctx.noteOutcome("dry run: would \(acting)resolve \(count): \(ids)")
            }
            if let kind = action?.kind, [.disable, .silence, .suspend].contains(kind) {
                try ctx.confirm("\(kind.rawValue.capitalized) \(target) on \(host) and resolve \(count) (\(ids))?")
            }
            // One step: the account (its reports), or each report where there is no action.
            let result = await BulkEngine(concurrency: 1).run([0]) { _ in
                guard let action else {
                    for report in open { try await writes.resolve(report) }
                    return
                }
                for group in groups { try await writes.act(action, on: group) }
            }
            if case .failed(let error) = result.outcomes[0] { throw error }
            let done = action.map { "\($0.kind == .none ? "warned" : $0.kind.rawValue) \(target); " } ?? ""
            ctx.noteOutcome("\(done)resolved \(open.count) report\(open.count == 1 ? "" : "s"): \(ids)")
        }
    }

    /// The open reports, oldest first, less those another moderator holds (named, unless taken
    /// over), handed to `body` with the writes that act on them. What the server cannot do (a
    /// comment, an action) is refused before anything is sent.
    private func open(
        action: ReportWaveAction?, comment: String?, takeOver: Bool, in ctx: CommandContext,
        _ body: (ReportWaveWrites, [Report]) async throws -> Void
    ) async throws {
        let client = try await ctx.client()
        // The accounts' adapter carries the same server's report queue (`accounts.reports`).
        try await ctx.with(.accounts(.reportsResolve)) { accounts, server in
            let acting = AccountDecisions(accounts: accounts, client: client, server: server)
            try accounts.reports.support.check(comment: comment)
            if action != nil { try acting.checkActs() }
            let all = try await accounts.reports.list(ReportQuery(resolved: false), limit: nil, onPage: nil)
                .sorted { ($0.createdAt ?? .distantFuture, $0.id) < ($1.createdAt ?? .distantFuture, $1.id) }
            let writes = ReportWaveWrites(
                reports: try await ReportDecisions(accounts.reports, in: ctx), accounts: acting, comment: comment)
            // Reports another moderator holds are theirs: left and named, unless taken over.
            let claims = writes.reports.claims
            let (free, held) = claims.partition(all)
            if !takeOver, !held.isEmpty {
                ctx.status(claims.leftLine(held) + " (pass --take-over to act on them too)")
            }
            let open = takeOver ? all : free
            if let action {
                // What the server cannot do is refused before anything is sent.
                try accounts.support.check(AccountAction(action.kind, reportID: open.first?.id, text: action.text))
            }
            try await body(writes, open)
        }
    }

    /// Ids and handles given on stdin that name no open report here, nor the account of one.
    static func noteUnmatched(_ targets: Set<String>, among open: [Report], on host: String, in ctx: CommandContext) {
        let found = Set(
            open.flatMap { report -> [String] in
                let handle = report.target.map { JournalNote.handle($0, on: host).dropFirst().lowercased() }
                return [report.id, report.targetID, handle].compactMap { $0 }
            })
        let missing = targets.subtracting(found).filter { key in
            // `@user` (this server's) is kept as `user@`.
            !(key.hasSuffix("@") && found.contains(key + host.lowercased()))
        }
        guard !missing.isEmpty else { return }
        let shown = missing.sorted().map { key in
            key.contains("@") ? "@" + (key.hasSuffix("@") ? String(key.dropLast()) : key) : key
        }
        let more = shown.count > 5 ? ", … (\(shown.count - 5) more)" : ""
        ctx.status(
            "\(shown.count) of the \(targets.count) given name no open report on \(host): "
                + shown.prefix(5).joined(separator: ", ") + more)
    }

    /// Whether `report` is about the account `target` names (`@user@host`, `user@host`, `@user`
    /// for this server's, or an id).
    static func names(_ target: String, _ report: Report, host: String) -> Bool {
        guard target.contains("@") else { return report.targetID == target }
        guard let reported = report.target else { return false }
        func handle(_ text: String) -> String {
            let bare = text.hasPrefix("@") ? String(text.dropFirst()) : text
            return (bare.contains("@") ? bare : bare + "@" + host).lowercased()
        }
        return handle(target) == handle(reported)
    }
}

/// The writes of a report wave on one server, each the same decision one report's (or one
/// account's) verb makes: journaled with its undo and, where its answer is lost, settled by reading
/// back. Reports another moderator holds reach the wave only when taken over: each is assigned to
/// the moderator before it is acted on.
struct ReportWaveWrites: Sendable {
    var reports: ReportDecisions
    var accounts: AccountDecisions
    var comment: String?

    var host: String { reports.host }

    /// Resolves `report` (undo: `reports reopen ID`).
    func resolve(_ report: Report) async throws {
        _ = try await reports.decide(.resolve(comment: comment), on: report.id, known: report, held: .takeOver)
    }

    /// Acts on the account with its oldest report attached, unless it already has the flag the action
    /// sets (an earlier run's), then resolves each of its reports still open.
    func act(_ wave: ReportWaveAction, on target: ReportedAccount) async throws {
        var target = target
        for index in target.reports.indices {
            target.reports[index] = try await reports.claim(target.reports[index], .takeOver)
        }
        let first = target.reports[0]
        let flag = JournalNote.flags.first { $0.kind == wave.kind }
        // Its flags as the report list embedded them (Mastodon, GoToSocial), else read: one request
        // less per account, which under a rate limit is a window less for a wave of hundreds.
        var before = target.flagsKnown
        if before == nil, flag != nil || reports.journal {
            before = try await accounts.accounts.account(id: target.accountID).value
        }
        var rest = Array(target.reports.dropFirst())
        if let flag, let before, before[keyPath: flag.path] == true {
            rest = target.reports  // Acted on already: only its reports are left to resolve.
        } else {
            var action = AccountAction(wave.kind, reportID: first.id, text: wave.text)
            action.reportComment = comment
            try await accounts.act(action, on: target.accountID, handle: target.handle, before: before, report: first)
        }
        // The action may have resolved the account's other reports (Mastodon's does): read them back.
        for report in rest where try await reports.isOpen(report.id) { try await resolve(report) }
    }

    /// The requests resolving `open` sends (with `action`, acting on its account first), for `--dry-run`:
    /// `POST /api/v1/admin/accounts/7/action type=suspend report_id=12`.
    func requests(_ open: [Report], action wave: ReportWaveAction?) -> [String] {
        let queue = reports.queue
        var requests = open.compactMap { report in
            reports.claims.holder(of: report).map {
                "take report \(report.id) over from \($0) (assign it to you)"
            }
        }
        guard let wave, let first = open.first, let accountID = first.targetID else {
            return requests + open.map { queue.describeResolve($0.id) }
        }
        var action = AccountAction(wave.kind, reportID: first.id, text: wave.text)
        action.reportComment = comment
        requests.append(accounts.accounts.describe(action, on: accountID))
        // Where the action does not resolve its report, it is resolved after it, on its own.
        if !accounts.accounts.support.resolvesAttachedReport { requests.append(queue.describeResolve(first.id)) }
        return requests + open.dropFirst().map { queue.describeResolve($0.id) + " (if still open)" }
    }
}
