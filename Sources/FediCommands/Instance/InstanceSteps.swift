import FediCore

/// What the instance verbs share.
struct InstanceSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

extension InstanceSteps {
    /// A server's public domain-block list (`instance blocks`, `server:HOST` sources): anonymous, or
    /// with a stored login's token on that server (some admins, and GoToSocial, show it to users only).
    /// Hidden lists are explained (exit 69, or 77 when only users may see it).
    func publicDomainBlocks(_ host: String?) async throws -> Fetched<[PublicDomainBlock]> {
        try await publicDomainBlocksAndServer(host).blocks
    }

    /// The same, with the software that published them (how it hides obfuscated domains).
    func publicDomainBlocksAndServer(_ host: String?) async throws
        -> (blocks: Fetched<[PublicDomainBlock]>, server: ServerInfo)
    {
        let target = try ctx.instanceTarget(host)
        // A login's token on this server, when there is one: some admins (and GoToSocial) show the list to users only.
        return try await ctx.with(.instanceLists(.instanceBlocks), on: target, as: .signedInReader) { client, info in
            let blocks = try await Instance.explainingHidden(
                "domain blocks", on: target.server, authenticated: client.token != nil
            ) {
                try await client.instanceDomainBlocks()
            }
            return (blocks, info)
        }
    }
}
