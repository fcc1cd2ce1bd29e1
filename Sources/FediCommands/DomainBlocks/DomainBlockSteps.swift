import FediCore
import FoundationEssentials

/// The steps the domain-block verbs share (sync, merge, drafts, sources, outcomes), over one account's context.
struct DomainBlockSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

extension DomainBlockSteps {
    /// Exit 65 when the server cannot keep what `spec` asks for, naming what and why.
    func requireSupported(_ spec: DomainBlockSpec, by adapter: any DomainBlockAdapter) throws {
        try adapter.support.refuseUnsupported(spec)
    }

    /// The block a user named: a domain (anything with a dot, and always on servers keyed by domain)
    /// is looked up in the list, an id asked for directly. Unknown: exit 66.
    func domainBlock(_ target: String, on adapter: any DomainBlockAdapter) async throws -> DomainBlock {
        if adapter.writesWholeList || target.contains(".") {
            let blocks = try await adapter.list(limit: nil, onPage: nil)
            return try type(of: adapter).named(
                target, in: blocks,
                host: (try? ctx.login().server.authority) ?? "the server")
        }
        do {
            return try await adapter.block(id: target).value
        } catch let error as APIError where error.status == 500 {
            // GoToSocial answers 500 to a GET of a block id it does not have (its DELETE says 404):
            // find the id in the list instead, so a wrong id is "no such block", not "try again".
            let host = (try? ctx.login().server.authority) ?? "the server"
            guard let found = try await adapter.list(limit: nil, onPage: nil).first(where: { $0.id == target }) else {
                throw FediError(
                    .noInput, "no domain block \(target) on \(host)",
                    hint: "see the blocks and their ids: fedictl domain-blocks list")
            }
            return found
        }
    }
}
