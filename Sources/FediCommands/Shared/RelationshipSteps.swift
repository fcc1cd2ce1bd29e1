import FediCore

/// The verbs blocks, mutes and user domain blocks share, over one account's context.
struct RelationshipSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

extension RelationshipSteps {
    /// The shape of `blocks add`, `blocks remove` and `mutes remove`: resolves ACCOUNT, asks
    /// `question` first if there is one, makes the change, says `done` on stderr ("Blocked @x.")
    /// and prints the account.
    func changeRelationship(
        _ capability: Capability, of text: String, asking question: ((Account) -> String)? = nil, done: String,
        _ change: (any UserRelationshipsAdapter, Account) async throws -> Void
    ) async throws {
        try ctx.output.validateFields(for: Account.self)
        let account = try await ctx.with(.relationships(capability)) { relationships in
            let account = try await relationships.account(text)
            if let question { try ctx.confirm(question(account)) }
            try await change(relationships, account)
            return account
        }
        ctx.status("\(done) @\(account.acct).")
        try ctx.output.item(account)
    }
}

extension RelationshipSteps {
    /// `user-domain-blocks add` and `remove`: asks `question` first if there is one, makes the change,
    /// says so on stderr and prints the domain.
    func changeDomainBlock(_ blocked: Bool, _ domain: String, asking question: String? = nil) async throws {
        try ctx.output.validateFields(for: UserDomainBlock.self)
        try await ctx.with(.relationships(.userDomainBlocks)) { relationships in
            if let question { try ctx.confirm(question) }
            try await relationships.setDomainBlocked(blocked, domain)
        }
        ctx.status(blocked ? "Blocked \(domain) for yourself." : "Unblocked \(domain).")
        try ctx.output.item(UserDomainBlock(domain: domain))
    }
}
