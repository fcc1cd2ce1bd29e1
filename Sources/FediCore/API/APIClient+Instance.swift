import FoundationEssentials

extension APIClient {
    /// The instance description: `/api/v2/instance`, falling back to `/api/v1/instance` where v2 is absent.
    public func instanceInfo() async throws -> Fetched<InstanceInfo> {
        do {
            let v2 = try await fetch(InstanceV2.self, .get, "/api/v2/instance")
            return Fetched(value: v2.value.info, raw: v2.raw, response: v2.response)
        } catch let error as APIError where error.meansAbsent || error.status == 400 {
            let v1 = try await fetch(InstanceV1.self, .get, "/api/v1/instance")
            return Fetched(value: v1.value.info, raw: v1.raw, response: v1.response)
        }
    }
}

extension APIClient {
    /// `GET /api/v1/instance/rules` (Mastodon 3.4+, GoToSocial, Pleroma, Friendica).
    public func instanceRules() async throws -> Fetched<[InstanceRule]> {
        try await fetch([InstanceRule].self, .get, "/api/v1/instance/rules")
    }

    /// `GET /api/v1/instance/peers`: the domains this server knows.
    public func instancePeers() async throws -> Fetched<[String]> {
        try await fetch([String].self, .get, "/api/v1/instance/peers")
    }

    /// `GET /api/v1/instance/activity`: weekly counts, newest first.
    public func instanceActivity() async throws -> Fetched<[InstanceActivity]> {
        try await fetch([InstanceActivity].self, .get, "/api/v1/instance/activity")
    }

    /// `GET /api/v1/instance/domain_blocks`: the server's public list of blocked domains.
    public func instanceDomainBlocks() async throws -> Fetched<[PublicDomainBlock]> {
        try await fetch([PublicDomainBlock].self, .get, "/api/v1/instance/domain_blocks")
    }
}
