import FediCore
import FediOutput
import FoundationEssentials

/// The verbs server-wide domain lists share, over one account's context.
struct DomainListSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

/// The verbs server-wide domain lists share (domain allows, e-mail domain blocks): list, add if not
/// there yet, remove by domain or id.
extension DomainListSteps {
    /// Adds `domain` unless it is already there (then says so and shows the entry, exit 0).
    func addDomainEntry<Item: DomainEntry & Tabular>(
        _ domain: String, comment: String?, to adapter: any DomainListAdapter<Item>,
        noun: String
    ) async throws {
        let domain = try DomainText.parse(domain)
        if comment != nil, !adapter.keepsComment {
            // Like domain blocks and filters: refuse what the server cannot keep rather than drop it.
            let login = try ctx.login()
            let software = try await ctx.serverInfo(login.server, login: login).server.label
            throw FediError(
                .dataError, "\(software) cannot keep a comment on an \(noun) domain; nothing was sent",
                hint: "leave out --comment")
        }
        let items = try await adapter.list(limit: nil, onPage: nil)
        if let existing = items.first(named: domain) {
            if let comment, comment != existing.comment,
                let updated = try await adapter.update(existing, comment: comment)
            {
                ctx.status("\(updated.domain) was already \(noun); changed its comment.")
                return try ctx.output.item(updated)
            }
            ctx.status("\(existing.domain) is already \(noun); nothing sent.")
            return try ctx.output.item(existing)
        }
        let created = try await adapter.create(domain: domain, comment: comment)
        ctx.status("Added \(created.domain).")
        try ctx.output.item(created)
    }

    /// Removes the entry for a domain or id (asks first on a terminal). Unknown: exit 66.
    func removeDomainEntry<Item: DomainEntry & Tabular>(
        _ target: String, from adapter: any DomainListAdapter<Item>, noun: String,
        listCommand: String
    ) async throws {
        let items = try await adapter.list(limit: nil, onPage: nil)
        guard let item = items.first(named: target) else {
            let host = (try? ctx.login().server.authority) ?? "the server"
            throw FediError(
                .noInput, "\(target) is not \(noun) on \(host)", hint: "`fedictl \(listCommand)` shows what is")
        }
        try ctx.confirm("Remove \(item.domain)?")
        try await adapter.remove(item)
        ctx.status("Removed \(item.domain).")
        try ctx.output.item(item)
    }
}
