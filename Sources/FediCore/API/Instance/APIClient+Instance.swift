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

/// GoToSocial's admin rules API: `/api/v1/admin/instance/rules` (the only software with one).
extension APIClient {
    static let adminRulesPath = "/api/v1/admin/instance/rules"

    /// Adds a rule; a lost answer is settled by reading the rules back (same text).
    public func addInstanceRule(text: String) async throws -> InstanceRule {
        let body = try RequestBody.encoded(["text": text])
        return try await createCheckingBack("rule") {
            try await fetch(InstanceRule.self, .post, Self.adminRulesPath, body: body).value
        } find: {
            try await get([InstanceRule].self, Self.adminRulesPath).first { $0.text == text }
        }
    }

    public func instanceRule(id: String) async throws -> InstanceRule {
        try await namingRule(id) {
            try await get(
                InstanceRule.self,
                "\(Self.adminRulesPath)/\(ServerAddress.pathSegment(id))")
        }
    }

    public func updateInstanceRule(id: String, text: String) async throws -> InstanceRule {
        let body = try RequestBody.encoded(["text": text])
        return try await namingRule(id) {
            try await fetch(
                InstanceRule.self, .patch, "\(Self.adminRulesPath)/\(ServerAddress.pathSegment(id))",
                body: body
            ).value
        }
    }

    public func removeInstanceRule(id: String) async throws {
        try await namingRule(id) {
            _ = try await send(
                .delete,
                "\(Self.adminRulesPath)/\(ServerAddress.pathSegment(id))")
        }
    }

    func namingRule<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming("rule \(id)", hint: "`fedictl instance rules` lists the rules and their ids", body)
    }
}
