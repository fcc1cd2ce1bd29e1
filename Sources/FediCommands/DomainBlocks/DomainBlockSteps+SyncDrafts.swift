import FediCore

extension DomainBlockSteps {
    /// `sync --as-draft`: `plan` with its new blocks as drafts, against the server's block drafts.
    func draftPlan(_ plan: SyncPlan, client: APIClient) async throws -> SyncPlan {
        plan.asDrafts(
            existing: try await client.domainDrafts(
                type: .block, subscriptionID: nil, limit: nil,
                onPage: nil))
    }

    /// Writes a draft plan's new blocks as drafts, one at a time (a handful a run), and prints every row
    /// with its result. Nothing is recorded as made by sync: a draft is not a block until someone accepts it.
    func applyDrafts(_ plan: SyncPlan, client: APIClient, listDigest: String) async throws {
        let login = try ctx.login()
        var rows: [SyncRow] = []
        var failures: [(String, FediError)] = []
        for step in plan.steps {
            var row = SyncRow(step, account: login.id, listDigest: listDigest)
            if step.action == .add, let spec = step.wanted {
                do {
                    let draft = try await client.createDomainDraft(
                        domain: step.domain, type: .block,
                        obfuscate: spec.obfuscate ? true : nil,
                        publicComment: spec.publicComment, privateComment: spec.privateComment)
                    row.result = "drafted (\(draft.id))"
                } catch {
                    let failure = ErrorReport.fediError(from: error)
                    row.result = "failed: \(failure.message)"
                    failures.append((step.domain, failure))
                }
            }
            rows.append(row)
        }
        try ctx.output.list(rows)
        let writes = plan.count(.add)
        ctx.status(
            "Drafted \(writes - failures.count) of \(writes) block\(writes == 1 ? "" : "s") on \(login.server.authority); "
                + "`fedictl domain-drafts list` shows them for acceptance.")
        guard let first = failures.first else { return }
        for (domain, error) in failures.prefix(20) { ctx.status("  \(domain): \(error.message)") }
        throw FediError(
            first.1.status, "\(failures.count) of \(writes) drafts failed on \(login.server.authority)",
            hint: "run the same sync again: it drafts only what is still missing")
    }
}
