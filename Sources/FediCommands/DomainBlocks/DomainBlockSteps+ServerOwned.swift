import FediCore

extension DomainBlockSteps {
    /// What the selected account's server decides for itself, which import and sync leave alone:
    /// its excluded domains where it has them (GoToSocial 0.18+); subscription-owned blocks carry their mark.
    /// The subscriptions' ids too, so a block marked by a removed one counts as the admin's (unread: every mark counts).
    func serverOwned(client: APIClient, support: DomainBlockSupport) async throws -> ServerOwned {
        // Before GoToSocial 0.18 there are no subscriptions: a mark there names none.
        guard support.refusal(of: .domainExcludesList) == nil else { return ServerOwned(subscriptions: []) }
        let excludes = try await client.domainExcludes(limit: nil, onPage: nil)
        let subscriptions = try? await client.domainSubscriptions(type: nil, limit: nil, onPage: nil)
        return ServerOwned(excludes: excludes, subscriptions: subscriptions.map { Set($0.map(\.id)) })
    }
}
