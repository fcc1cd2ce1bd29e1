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

extension CommandContext {
    /// `reports resolve` over a selector (or ids and handles on stdin): the reports the server says
    /// are still open that it matches, each resolved through the bulk engine; with `action`, each
    /// reported account is acted on once, its oldest report attached, and its other reports still
    /// open afterwards are resolved. What an interrupted run did is no longer open (an account that
    /// already has the flag is not acted on again), so a re-run acts only on the rest.
    func resolveReports(
        stdin: Bool, selection write: SelectionWrite, action: ReportWaveAction?,
        comment: String?, takeOver: Bool
    ) async throws {
        let progress = bulkProgress()
        let ctx = forBulkWork(onWait: progress.waiting)
        let selection = try write.filters.selection(in: ctx, stdin: stdin, takes: .report)
        try selection.refuseAddressesForReports()
        let client = try await ctx.client()
        let host = client.server.authority
        // The accounts' adapter carries the same server's report queue (`accounts.reports`).
        try await ctx.with(.accounts(.reportsResolve)) { accounts in
            try accounts.reports.support.check(comment: comment)
            if action != nil { _ = try await ctx.require(.accountsAction) }
            let matching = try await accounts.reports.list(ReportQuery(resolved: false), limit: nil, onPage: nil)
                .filter { selection.matches($0, on: host) }
                .sorted { ($0.createdAt ?? .distantFuture, $0.id) < ($1.createdAt ?? .distantFuture, $1.id) }
            // Reports another moderator holds are theirs: left and named, unless taken over.
            let claims = try ctx.reportClaims()
            let (free, held) = claims.partition(matching)
            if !takeOver, !held.isEmpty {
                ctx.status(claims.leftLine(held) + " (pass --take-over to act on them too)")
            }
            let open = takeOver ? matching : free
            if let action {
                // What the server cannot do is refused before anything is sent.
                let probe = AccountAction(action.kind, reportID: open.first?.id, text: action.text)
                try accounts.support.check(probe)
            }
            if let targets = selection.targets { ctx.noteUnmatched(targets, among: open, on: host) }
            let wave = ReportWave(
                client: client, accounts: accounts, host: host, comment: comment,
                journal: ctx.journalIsOn, claims: claims)
            guard let action else {
                let resolving = BulkModeration<Report>(
                    verb: "resolve", noun: "report", doneWord: "resolved",
                    cap: write.limit, id: { $0.id },
                    name: { JournalNote.handle($0.target ?? "?", on: host) })
                return try await resolving.run(open, in: ctx, progress: progress) { try await wave.resolve($0) }
            }
            let groups = ReportedAccount.grouping(open, on: host)
            let kind = action.kind
            var acting = BulkModeration<ReportedAccount>(
                verb: kind == .none ? "warn" : kind.rawValue, noun: "account",
                doneWord: action.doneWord,
                cap: write.limit, id: { $0.accountID }, name: { $0.handle })
            let reports = groups.prefix(write.limit).reduce(0) { $0 + $1.reports.count }
            acting.also = " and resolve their \(reports) open report\(reports == 1 ? "" : "s")"
            try await acting.run(groups, in: ctx, progress: progress) { try await wave.act(action, on: $0) }
        }
    }

    /// Ids and handles given on stdin that name no open report here, nor the account of one.
    func noteUnmatched(_ targets: Set<String>, among open: [Report], on host: String) {
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
        status(
            "\(shown.count) of the \(targets.count) given name no open report on \(host): "
                + shown.prefix(5).joined(separator: ", ") + more)
    }
}

/// The writes of a report wave on one server, each journaled with its undo and, where its answer
/// is lost, settled by reading the report back.
struct ReportWave: Sendable {
    var client: APIClient
    var accounts: any AdminAccountAdapter
    var host: String
    var comment: String?
    /// Whether the journal is on: the account is read first for its note (its flags before).
    var journal: Bool
    /// Reports another moderator holds reach the wave only when taken over: each is assigned to
    /// the moderator before it is acted on.
    var claims: ReportClaims

    /// Resolves `report` (undo: `reports reopen ID`).
    func resolve(_ report: Report) async throws {
        let report = try await claimed(report)
        try await JournalNote.during([.report(report, on: host, state: "resolved")]) {
            try await client.createCheckingBack("resolve of report \(report.id)") {
                _ = try await accounts.reports.resolve(id: report.id, comment: comment)
            } find: {
                try await isOpen(report.id) ? nil : ()
            }
        }
    }

    /// Acts on the account with its oldest report attached, unless it already has the flag the action
    /// sets (an earlier run's), then resolves each of its reports still open.
    func act(_ wave: ReportWaveAction, on target: ReportedAccount) async throws {
        var target = target
        for index in target.reports.indices { target.reports[index] = try await claimed(target.reports[index]) }
        let first = target.reports[0]
        let flag = JournalNote.flags.first { $0.kind == wave.kind }
        // Its flags as the report list embedded them (Mastodon, GoToSocial), else read: one request
        // less per account, which under a rate limit is a window less for a wave of hundreds.
        var before = ReportSweep.flagsKnown(in: target.reports)
        if before == nil, flag != nil || journal { before = try await accounts.account(id: target.accountID).value }
        var rest = Array(target.reports.dropFirst())
        if let flag, let before, before[keyPath: flag.path] == true {
            rest = target.reports  // Acted on already: only its reports are left to resolve.
        } else {
            var action = AccountAction(wave.kind, reportID: first.id, text: wave.text)
            action.reportComment = comment
            var notes = before.map { [JournalNote.account($0, on: host, setting: wave.kind)] } ?? []
            notes.append(.report(first, on: host, state: "resolved"))
            // A 429, a timeout or a lost answer is settled by reading the account back, as for
            // `accounts action` over a selector: the flag set, it is done; else it is sent again.
            try await JournalNote.during(notes) {
                // A warning sets no flag to read back: sent once, never a second warning.
                guard let flag else { return try await accounts.perform(action, onAccount: target.accountID) }
                try await client.createCheckingBack("\(wave.kind.rawValue) of \(target.handle)") {
                    try await accounts.perform(action, onAccount: target.accountID)
                } find: {
                    try await accounts.account(id: target.accountID).value[keyPath: flag.path] == true ? () : nil
                }
            }
        }
        // The action may have resolved the account's other reports (Mastodon's does): read them back.
        for report in rest where try await isOpen(report.id) { try await resolve(report) }
    }

    /// `report`, taken over first where another moderator holds it.
    private func claimed(_ report: Report) async throws -> Report {
        claims.holder(of: report) == nil ? report : try await claims.takeOver(report, through: accounts.reports)
    }

    /// Whether the report is still open on the server (one that is gone is not).
    private func isOpen(_ id: String) async throws -> Bool {
        do {
            return try await accounts.reports.report(id: id).value.state == "open"
        } catch APIError.http(let status, _, _, _, _) where status == 404 || status == 410 {
            return false
        } catch let error as FediError where error.status == .unavailable {
            // A family that cannot read one report (Misskey's) is read as the list of open ones.
            let open = try await accounts.reports.list(ReportQuery(resolved: false), limit: nil, onPage: nil)
            return open.contains { $0.id == id }
        }
    }
}
