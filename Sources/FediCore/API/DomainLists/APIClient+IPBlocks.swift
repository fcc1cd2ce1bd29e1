import FoundationEssentials

/// Mastodon's IP blocks (4.0+): `/api/v1/admin/ip_blocks`, Link-paged. No other software has them.
extension APIClient {
    static let ipBlocksPath = "/api/v1/admin/ip_blocks"

    public func ipBlocks(limit: Int?, onPage: PageHandler<IPBlock>?) async throws -> [IPBlock] {
        try await linkPages(IPBlock.self, Self.ipBlocksPath, query: [], limit: limit, pageSize: 200, onPage: onPage) {
            $0
        }
    }

    public func ipBlock(id: String) async throws -> Fetched<IPBlock> {
        try await namingIPBlock(id) {
            try await fetch(IPBlock.self, .get, "\(Self.ipBlocksPath)/\(ServerAddress.pathSegment(id))")
        }
    }

    /// `POST` with `ip`, `severity`, and `comment` and `expires_in` (seconds) when given.
    public func createIPBlock(ip: IPRange, severity: IPBlockSeverity, comment: String?, expiresIn: Int?) async throws
        -> IPBlock
    {
        let body = try RequestBody.encoded(
            IPBlockFields(ip: ip.description, severity: severity.rawValue, comment: comment, expiresIn: expiresIn))
        return try await createCheckingBack("IP block on \(ip)") {
            try await fetch(IPBlock.self, .post, Self.ipBlocksPath, body: body).value
        } find: {
            try await ipBlocks(limit: nil, onPage: nil).first { IPRange($0.ip) == ip }
        }
    }

    /// `PUT` with the fields that change.
    public func updateIPBlock(id: String, ip: IPRange?, severity: IPBlockSeverity?, comment: String?, expiresIn: Int?)
        async throws -> IPBlock
    {
        let body = try RequestBody.encoded(
            IPBlockFields(ip: ip?.description, severity: severity?.rawValue, comment: comment, expiresIn: expiresIn))
        return try await namingIPBlock(id) {
            try await fetch(IPBlock.self, .put, "\(Self.ipBlocksPath)/\(ServerAddress.pathSegment(id))", body: body)
                .value
        }
    }

    /// An IP block's create or update body; fields left nil are not sent.
    struct IPBlockFields: Encodable {
        var ip: String?
        var severity: String?
        var comment: String?
        var expiresIn: Int?

        enum CodingKeys: String, CodingKey { case ip, severity, comment, expiresIn = "expires_in" }
    }

    public func deleteIPBlock(id: String) async throws {
        _ = try await namingIPBlock(id) {
            try await send(.delete, "\(Self.ipBlocksPath)/\(ServerAddress.pathSegment(id))")
        }
    }

    func namingIPBlock<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming("IP block \(id)", hint: "`fedictl ip-blocks list` shows the blocks and their ids", body)
    }
}
