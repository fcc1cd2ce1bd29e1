import FediCore

extension AccountSteps {
    /// `accounts action` over a selector (or ids and handles on stdin): the accounts the server lists
    /// that it matches, each acted on through the bulk engine with the decision one account's verb
    /// makes. An account that already has the flag the action sets (an interrupted run's) is left
    /// out, so a re-run acts only on the rest.
    func actOnAccounts(_ action: AccountAction, stdin: Bool, selection write: SelectionWrite) async throws {
        let progress = BulkProgress(ctx)
        let ctx = ctx.forBulkWork(onWait: progress.waiting)
        let selection = try write.filters.selection(in: ctx, stdin: stdin, takes: .signUp)
        let client = try await ctx.client()
        let host = client.server.authority
        let kind = action.kind
        let word = ReportWaveAction(kind: kind, text: nil).doneWord
        try await ctx.with(.accounts(.accountsAction)) { accounts, server in
            let decisions = AccountDecisions(accounts: accounts, client: client, server: server)
            try accounts.support.check(action)
            let query = AccountQuery(origin: selection.domain == nil ? nil : .remote, domain: selection.domain)
            let listed = try await accounts.list(query, limit: nil, onPage: nil)
            if selection.addresses != nil, !listed.isEmpty, listed.allSatisfy({ $0.ip == nil }) {
                AccountSteps(ctx).noteNoAddresses(on: server)
            }
            let matched = listed.filter { selection.matches($0, on: host) }.sorted(by: AdminAccount.oldestFirst)
            if let targets = selection.targets {
                AccountSteps(ctx).noteUnmatched(targets, among: matched, on: host, what: "account")
            }
            // The flag's name, not its key path (which is not Sendable): the bulk engine's writes capture it.
            let flag = JournalNote.flags.first { $0.kind == kind }?.name
            let has = { @Sendable (account: AdminAccount) in
                flag.map { JournalNote.value($0, in: JournalNote.state(of: account)) == "yes" } ?? false
            }
            let todo = matched.filter { !has($0) }
            if todo.isEmpty, !matched.isEmpty {
                let all = "all \(matched.count) that match on \(host)"
                return ctx.noteOutcome("\(all) are \(word) already: nothing left to do")
            }
            if todo.count < matched.count {
                ctx.status(
                    "\(matched.count - todo.count) of the \(matched.count) accounts that match on \(host) are "
                        + "\(word) already; acting on the other \(todo.count).")
            }
            let wave = BulkModeration<AdminAccount>(
                verb: kind == .none ? "warn" : kind.rawValue, noun: "account",
                doneWord: word, cap: write.limit, id: { $0.id },
                name: { JournalNote.handle($0.acct, on: host) })
            try await wave.run(todo, in: ctx, progress: progress) { account in
                try await decisions.act(action, on: account.id, handle: "@\(account.acct)", before: account)
            }
        }
    }
}
