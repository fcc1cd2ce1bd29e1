import FoundationEssentials

/// Mastodon's IP blocks (4.0+): `/api/v1/admin/ip_blocks`, Link-paged. No other software has them.
extension APIClient {
    static let ipBlocksPath = "/api/v1/admin/ip_blocks"

    public func ipBlocks(limit: Int?, onPage: PageHandler<IPBlock>?) async throws -> [IPBlock] {
        try await linkPages(IPBlock.self, Self.ipBlocksPath, query: [], limit: limit, pageSize: 200, onPage: onPage) { $0 }
    }

    public func ipBlock(id: String) async throws -> Fetched<IPBlock> {
        try await namingIPBlock(id) { try await fetch(IPBlock.self, .get, "\(Self.ipBlocksPath)/\(ServerAddress.pathSegment(id))") }
    }

    /// `POST` with `ip`, `severity`, and `comment` and `expires_in` (seconds) when given.
    public func createIPBlock(ip: IPRange, severity: IPBlockSeverity, comment: String?, expiresIn: Int?) async throws -> IPBlock {
        var fields: [String: Any] = ["ip": ip.description, "severity": severity.rawValue]
        if let comment { fields["comment"] = comment }
        if let expiresIn { fields["expires_in"] = expiresIn }
        return try await createCheckingBack("IP block on \(ip)") {
            try await fetch(IPBlock.self, .post, Self.ipBlocksPath, body: .jsonObject(fields)).value
        } find: {
            try await ipBlocks(limit: nil, onPage: nil).first { IPRange($0.ip) == ip }
        }
    }

    /// `PUT` with the fields that change.
    public func updateIPBlock(id: String, ip: IPRange?, severity: IPBlockSeverity?, comment: String?, expiresIn: Int?) async throws -> IPBlock {
        var fields: [String: Any] = [:]
        if let ip { fields["ip"] = ip.description }
        if let severity { fields["severity"] = severity.rawValue }
        if let comment { fields["comment"] = comment }
        if let expiresIn { fields["expires_in"] = expiresIn }
        return try await namingIPBlock(id) {
            try await fetch(IPBlock.self, .put, "\(Self.ipBlocksPath)/\(ServerAddress.pathSegment(id))", body: .jsonObject(fields)).value
        }
    }

    public func deleteIPBlock(id: String) async throws {
        _ = try await namingIPBlock(id) { try await send(.delete, "\(Self.ipBlocksPath)/\(ServerAddress.pathSegment(id))") }
    }

    func namingIPBlock<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming("IP block \(id)", hint: "`fedictl ip-blocks list` shows the blocks and their ids", body)
    }
}
