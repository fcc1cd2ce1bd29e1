import FediCore

extension CommandContext {
    /// `accounts approve|reject` over a selector (or ids and handles on stdin): the sign-ups the
    /// server says still wait that it matches, each approved or rejected through the bulk engine.
    /// What an interrupted run did is no longer pending, so a re-run acts only on the rest.
    func decideSignUps(approve: Bool, stdin: Bool, selection write: SelectionWrite,
                       message: String? = nil) async throws {
        let progress = bulkProgress()
        let ctx = forBulkWork(onWait: progress.waiting)
        let selection = try write.filters.selection(in: ctx, stdin: stdin)
        let client = try await ctx.client()
        let host = client.server.authority
        if message != nil { _ = try await ctx.require(.accountsRejectMessage) }
        try await ctx.withDetection(approve ? .accountsApprove : .accountsReject) { family, server in
            let query = AccountQuery(status: .pending)
            let pending = try await client.adminAccounts(query, via: family, on: server, limit: nil)
                .filter { selection.matches($0, on: host) }.sorted(by: AdminAccount.oldestFirst)
            let wave = BulkModeration<AdminAccount>(verb: approve ? "approve" : "reject", noun: "sign-up",
                                                    doneWord: approve ? "approved" : "rejected", cap: write.limit,
                                                    id: { $0.id }, name: { "@\($0.acct)" })
            try await wave.run(pending, in: ctx, progress: progress) { account in
                // Each write is journaled with who signed up, as for one sign-up.
                try await JournalNote.during([.signUp(account, on: host, approved: approve)]) {
                    _ = try await BulkEngine.againAfterRateLimit({
                        approve ? try await client.approveAccount(id: account.id, via: family)
                            : try await client.rejectAccount(id: account.id, via: family, message: message)
                    }, stillToDo: { try await client.stillPending(account.id, via: family) })
                }
            }
        }
    }
}

extension APIClient {
    /// Whether the sign-up `id` still waits (a rejected one is gone: 404).
    func stillPending(_ id: String, via family: APIFamily) async throws -> Bool {
        do {
            return try await adminAccount(id: id, via: family).value.approved == false
        } catch APIError.http(let status, _, _, _, _) where status == 404 || status == 410 {
            return false
        }
    }
}

extension AdminAccount {
    /// The wave in the order it came: oldest sign-up first, then by id.
    static let oldestFirst: @Sendable (AdminAccount, AdminAccount) -> Bool = { a, b in
        (a.createdAt ?? .distantPast, a.id) < (b.createdAt ?? .distantPast, b.id)
    }
}
