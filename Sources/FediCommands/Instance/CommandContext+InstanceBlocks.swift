import FediCore

extension CommandContext {
    /// A server's public domain-block list (`instance blocks`): anonymous, or with the selected
    /// account's token when HOST is its instance (some admins show the list to users only).
    /// Hidden lists are explained (exit 69, or 77 when only users may see it).
    func publicDomainBlocks(_ host: String?) async throws -> Fetched<[PublicDomainBlock]> {
        let target = try instanceTarget(host)
        var client = anonymousClient(target.server)
        if let login = target.login, (try? self.login())?.id == login.id, let authenticated = try? await self.client() {
            client = authenticated
        }
        return try await withCapability(.instanceBlocks, on: target) { _ in
            try await Instance.explainingHidden("domain blocks", on: target.server, authenticated: client.token != nil) {
                try await client.instanceDomainBlocks()
            }
        }
    }
}
