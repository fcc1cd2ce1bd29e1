import FediCore

extension AccountSteps {
    /// `accounts approve|reject` over a selector (or ids and handles on stdin): the sign-ups the
    /// server says still wait that it matches, each approved or rejected through the bulk engine
    /// with the decision one sign-up's verb makes. What an interrupted run did is no longer pending,
    /// so a re-run acts only on the rest.
    func decideSignUps(
        approve: Bool, stdin: Bool, selection write: SelectionWrite,
        message: String? = nil
    ) async throws {
        let progress = BulkProgress(ctx)
        let ctx = ctx.forBulkWork(onWait: progress.waiting)
        let selection = try write.filters.selection(in: ctx, stdin: stdin, takes: .signUp)
        if let domain = selection.domain {
            throw FediError(
                .usage, "--domain never matches a sign-up: sign-ups are accounts of this server",
                hint:
                    "to select by e-mail domain: --match-field email --match '@\(domain.replacing(".", with: "\\."))$'")
        }
        let client = try await ctx.client()
        let host = client.server.authority
        try await ctx.with(.accounts(approve ? .accountsApprove : .accountsReject)) { accounts, server in
            let decisions = AccountDecisions(accounts: accounts, client: client, server: server)
            try decisions.check(rejectMessage: message)
            let query = AccountQuery(status: .pending)
            let listed = try await accounts.list(query, limit: nil, onPage: nil)
            if selection.addresses != nil, !listed.isEmpty, listed.allSatisfy({ $0.ip == nil }) {
                AccountSteps(ctx).noteNoAddresses(on: server)
            }
            let pending = listed.filter { selection.matches($0, on: host) }.sorted(by: AdminAccount.oldestFirst)
            if let targets = selection.targets { AccountSteps(ctx).noteUnmatched(targets, among: pending, on: host) }
            let wave = BulkModeration<AdminAccount>(
                verb: approve ? "approve" : "reject", noun: "sign-up",
                doneWord: approve ? "approved" : "rejected", cap: write.limit,
                id: { $0.id }, name: { "@\($0.acct)" })
            try await wave.run(pending, in: ctx, progress: progress) { account in
                // Each write is journaled with who signed up, as for one sign-up.
                _ = try await decisions.decideSignUp(account.id, approve: approve, known: account, message: message)
            }
        }
    }

    /// `--ip` where the server showed no account's address (Pleroma, Akkoma and Misskey show none;
    /// remote accounts have none): said, so an empty selection is not mistaken for "no such account".
    func noteNoAddresses(on server: ServerInfo) {
        ctx.status("\(server.label) showed no account's IP address here: --ip matches none of its accounts")
    }

    /// Ids and handles given on stdin that name no pending sign-up here (a typo, one already decided):
    /// said, never dropped without a word.
    /// `what` names what was looked for: "pending sign-up", "account".
    func noteUnmatched(
        _ targets: Set<String>, among pending: [AdminAccount], on host: String,
        what: String = "pending sign-up"
    ) {
        let found = Set(
            pending.flatMap { account in
                [
                    account.id, "\(account.username.lowercased())@",
                    "\(account.username.lowercased())@\(host.lowercased())",
                ]
            })
        // As typed, near enough: `typo@` (a local handle, kept so) is shown as `@typo`.
        let missing = targets.subtracting(found).sorted().map { key in
            key.hasSuffix("@") ? "@" + key.dropLast() : key.contains("@") ? "@" + key : key
        }
        guard !missing.isEmpty else { return }
        let more = missing.count > 5 ? ", … (\(missing.count - 5) more)" : ""
        ctx.status(
            "\(missing.count) of the \(targets.count) given name no \(what) on \(host): "
                + missing.prefix(5).joined(separator: ", ") + more)
    }
}

extension AdminAccount {
    /// The wave in the order it came: oldest sign-up first, then by id.
    static let oldestFirst: @Sendable (AdminAccount, AdminAccount) -> Bool = { a, b in
        (a.createdAt ?? .distantPast, a.id) < (b.createdAt ?? .distantPast, b.id)
    }
}
