import FoundationEssentials

/// Mastodon's admin domain blocks (4.0+): `/api/v1/admin/domain_blocks`, Link-paged, one record per
/// domain, every field. A block that an existing one (same or parent domain) already covers is
/// refused with 422 and `existing_domain_block`.
struct MastodonDomainBlocks: DomainBlockAdapter {
    let client: APIClient
    static let path = "/api/v1/admin/domain_blocks"

    var support: DomainBlockSupport { .mastodon() }
    var writesWholeList: Bool { false }

    func list(limit: Int?, onPage: PageHandler<DomainBlock>?) async throws -> [DomainBlock] {
        try await client.linkPages(DomainBlock.self, Self.path, query: [], limit: limit, pageSize: 200, onPage: onPage)
        { $0 }
    }

    func block(id: String) async throws -> (value: DomainBlock, raw: Data) {
        let fetched = try await client.namingDomainBlock(id) {
            try await client.fetch(DomainBlock.self, .get, "\(Self.path)/\(ServerAddress.pathSegment(id))")
        }
        return (fetched.value, fetched.raw)
    }

    func create(_ spec: DomainBlockSpec) async throws -> DomainBlock {
        var fields = Self.fields(spec)
        fields.domain = spec.domain
        let body = try RequestBody.encoded(fields)
        do {
            // Mastodon keeps no Idempotency-Key for admin writes: a lost answer is settled by reading
            // the blocks back, never by sending the create again blindly.
            return try await client.createCheckingBack("block on \(spec.domain)") {
                try await client.fetch(DomainBlock.self, .post, Self.path, body: body).value
            } find: {
                try await list(limit: nil, onPage: nil).first(named: spec.domain)
            }
        } catch let error as APIError {
            guard error.status == 422, case .http(_, let message, _, _, let body) = error,
                let object = (try? JSONText.object(from: body)) as? [String: Any],
                let existing = object["existing_domain_block"],
                let data = try? JSONText.data(from: existing),
                let block = try? JSONCoding.decoder().decode(DomainBlock.self, from: data)
            else { throw error }
            throw DomainBlockCovered(domain: spec.domain, existing: block, message: message)
        }
    }

    func update(_ block: DomainBlock, to spec: DomainBlockSpec) async throws -> DomainBlock {
        try await client.namingDomainBlock(block.id) {
            try await client.fetch(
                DomainBlock.self, .put, "\(Self.path)/\(ServerAddress.pathSegment(block.id))",
                body: .encoded(Self.fields(spec))
            ).value
        }
    }

    func remove(_ block: DomainBlock) async throws {
        _ = try await client.namingDomainBlock(block.id) {
            try await client.send(.delete, "\(Self.path)/\(ServerAddress.pathSegment(block.id))")
        }
    }

    func apply(_ changes: [DomainBlockChange]) async throws { try await applyInOrder(changes) }

    /// Every setting, explicitly: a comment only when the spec says what it should be.
    static func fields(_ spec: DomainBlockSpec) -> Fields {
        Fields(
            severity: spec.severity.rawValue, rejectMedia: spec.rejectMedia, rejectReports: spec.rejectReports,
            obfuscate: spec.obfuscate,
            publicComment: spec.publicComment, privateComment: spec.privateComment)
    }

    /// A create (with `domain`) or update body; fields left nil are not sent.
    struct Fields: Encodable {
        var domain: String?
        var severity: String
        var rejectMedia: Bool
        var rejectReports: Bool
        var obfuscate: Bool
        var publicComment: String?
        var privateComment: String?

        enum CodingKeys: String, CodingKey {
            case domain, severity, rejectMedia = "reject_media", rejectReports = "reject_reports", obfuscate
            case publicComment = "public_comment", privateComment = "private_comment"
        }
    }
}

/// GoToSocial's domain blocks: the same paths, but every block is a suspension (no silence, no
/// media or report rejection), the list comes whole, and updating needs 0.19+.
struct GoToSocialDomainBlocks: DomainBlockAdapter {
    let client: APIClient

    var support: DomainBlockSupport {
        DomainBlockSupport(
            software: "GoToSocial", severities: [.suspend], rejectMedia: false, rejectReports: false, obfuscate: true,
            publicComment: true, privateComment: true, emptyBlocks: true)
    }

    var writesWholeList: Bool { false }

    func list(limit: Int?, onPage: PageHandler<DomainBlock>?) async throws -> [DomainBlock] {
        let fetched = try await client.fetch([DomainBlock].self, .get, MastodonDomainBlocks.path)
        let blocks = limit.map { Array(fetched.value.prefix($0)) } ?? fetched.value
        try await onPage?(blocks, fetched.raw)
        return blocks
    }

    func block(id: String) async throws -> (value: DomainBlock, raw: Data) {
        try await MastodonDomainBlocks(client: client).block(id: id)
    }

    func create(_ spec: DomainBlockSpec) async throws -> DomainBlock {
        try await client.createCheckingBack("block on \(spec.domain)") {
            try await client.fetch(
                DomainBlock.self, .post, MastodonDomainBlocks.path, body: .encoded(Self.fields(spec, domain: true))
            ).value
        } find: {
            try await list(limit: nil, onPage: nil).first(named: spec.domain)
        }
    }

    func update(_ block: DomainBlock, to spec: DomainBlockSpec) async throws -> DomainBlock {
        try await client.namingDomainBlock(block.id) {
            try await client.fetch(
                DomainBlock.self, .put, "\(MastodonDomainBlocks.path)/\(ServerAddress.pathSegment(block.id))",
                body: .encoded(Self.fields(spec, domain: false))
            ).value
        }
    }

    func remove(_ block: DomainBlock) async throws {
        try await MastodonDomainBlocks(client: client).remove(block)
    }

    func apply(_ changes: [DomainBlockChange]) async throws { try await applyInOrder(changes) }

    /// `domain` (on create), `obfuscate`, `public_comment`, `private_comment`: all GoToSocial keeps.
    static func fields(_ spec: DomainBlockSpec, domain: Bool) -> Fields {
        Fields(
            domain: domain ? spec.domain : nil, obfuscate: spec.obfuscate, publicComment: spec.publicComment,
            privateComment: spec.privateComment)
    }

    /// Fields left nil are not sent.
    struct Fields: Encodable {
        var domain: String?
        var obfuscate: Bool
        var publicComment: String?
        var privateComment: String?

        enum CodingKeys: String, CodingKey {
            case domain, obfuscate, publicComment = "public_comment", privateComment = "private_comment"
        }
    }
}

extension APIClient {
    /// A 404 on a domain block becomes exit 66: "no domain block 123 on HOST".
    func namingDomainBlock<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming(
            "domain block \(id)", hint: "`fedictl domain-blocks list` shows the blocks and their ids", body)
    }
}
