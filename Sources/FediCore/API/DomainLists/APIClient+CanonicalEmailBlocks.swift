import FoundationEssentials

/// Mastodon's canonical e-mail blocks (4.0+): addresses blocked by the hash of their canonical
/// form, so `j.doe+x@example.com` and `jdoe@example.com` are one. No other software has them.
extension APIClient {
    static let canonicalEmailBlocksPath = "/api/v1/admin/canonical_email_blocks"

    public func canonicalEmailBlocks(limit: Int?, onPage: PageHandler<CanonicalEmailBlock>?) async throws
        -> [CanonicalEmailBlock]
    {
        try await linkPages(
            CanonicalEmailBlock.self, Self.canonicalEmailBlocksPath, query: [], limit: limit, pageSize: 200,
            onPage: onPage
        ) { $0 }
    }

    /// `POST` with `email` (the server hashes it) or `canonical_email_hash`.
    public func createCanonicalEmailBlock(email: String?, hash: String?) async throws -> CanonicalEmailBlock {
        var fields: [String: String] = [:]
        if let email { fields["email"] = email }
        if let hash { fields["canonical_email_hash"] = hash }
        return try await fetch(CanonicalEmailBlock.self, .post, Self.canonicalEmailBlocksPath, body: .encoded(fields))
            .value
    }

    /// `POST …/test {email}`: the blocks that match the address (none: an empty list).
    public func testCanonicalEmailBlocks(email: String) async throws -> Fetched<[CanonicalEmailBlock]> {
        try await fetch(
            [CanonicalEmailBlock].self, .post, "\(Self.canonicalEmailBlocksPath)/test", body: .encoded(["email": email])
        )
    }

    public func deleteCanonicalEmailBlock(id: String) async throws {
        _ = try await naming(
            "canonical e-mail block \(id)", hint: "`fedictl canonical-email-blocks list` shows the blocks and their ids"
        ) {
            try await send(.delete, "\(Self.canonicalEmailBlocksPath)/\(ServerAddress.pathSegment(id))")
        }
    }
}
