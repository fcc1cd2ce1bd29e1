import FediCore

extension DomainBlockSteps {
    /// What the selected account's server decides for itself, which import and sync leave alone:
    /// its excluded domains where it has them (GoToSocial 0.18+); subscription-owned blocks carry their mark.
    func serverOwned(client: APIClient) async throws -> ServerOwned {
        guard (try? await ctx.require(.domainExcludesList)) != nil else { return ServerOwned() }
        return ServerOwned(excludes: try await client.domainExcludes(limit: nil, onPage: nil))
    }
}
