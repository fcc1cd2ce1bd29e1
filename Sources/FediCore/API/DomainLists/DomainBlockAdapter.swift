import FoundationEssentials

/// One change to a server's domain blocks.
public enum DomainBlockChange: Sendable, Equatable {
    /// Create or update the block on `spec.domain` to match `spec`.
    case set(DomainBlockSpec, existing: DomainBlock?)
    case remove(DomainBlock)

    public var domain: String {
        switch self {
        case .set(let spec, _): spec.domain
        case .remove(let block): block.domain
        }
    }
}

/// Mastodon refused a block because an existing one, on the same domain or a parent domain, is at
/// least as strict (HTTP 422 with `existing_domain_block`).
public struct DomainBlockCovered: Error, Sendable {
    public var domain: String
    public var existing: DomainBlock
    public var message: String?
}

/// Server-wide domain blocks on one server, whatever its software keeps them as: Mastodon's and
/// GoToSocial's records, Pleroma's `:mrf_simple` lists, Misskey's host lists. Built by
/// `APIClient.domainBlocks(family:version:)`.
public protocol DomainBlockAdapter: Sendable {
    /// What this server's blocks can hold.
    var support: DomainBlockSupport { get }
    /// Every write replaces whole lists (Pleroma, Misskey): many changes then go out as one write.
    var writesWholeList: Bool { get }
    /// The blocks, page by page; `onPage` gets each page and the server's bytes for `--raw`.
    func list(limit: Int?, onPage: PageHandler<DomainBlock>?) async throws -> [DomainBlock]
    /// One block by the server's id (whole-list servers: by domain) and the server's bytes. Unknown: exit 66.
    func block(id: String) async throws -> (value: DomainBlock, raw: Data)
    /// Creates a block. Mastodon's "already covered" answer is thrown as `DomainBlockCovered`.
    func create(_ spec: DomainBlockSpec) async throws -> DomainBlock
    func update(_ block: DomainBlock, to spec: DomainBlockSpec) async throws -> DomainBlock
    func remove(_ block: DomainBlock) async throws
    /// Several changes in one go (one read-modify-write on whole-list servers; in order elsewhere).
    func apply(_ changes: [DomainBlockChange]) async throws
}

extension DomainBlockAdapter {
    /// The block on `domain` in `blocks`, or exit 66 naming it and the server (`host`).
    public static func named(_ domain: String, in blocks: [DomainBlock], host: String) throws -> DomainBlock {
        guard let block = blocks.first(named: domain) else {
            throw FediError(
                .noInput, "no domain block on \(domain) on \(host)",
                hint: "`fedictl domain-blocks list` shows the blocked domains")
        }
        return block
    }

    /// Changes one at a time, for servers that keep blocks as records.
    public func applyInOrder(_ changes: [DomainBlockChange]) async throws {
        for change in changes {
            switch change {
            case .set(let spec, let existing?): _ = try await update(existing, to: spec)
            case .set(let spec, nil): _ = try await create(spec)
            case .remove(let block): try await remove(block)
            }
        }
    }
}

extension APIClient {
    /// The domain-block adapter for the API family that serves them on this server.
    public func domainBlocks(family: APIFamily) throws -> any DomainBlockAdapter {
        switch family {
        case .mastodonAdmin: MastodonDomainBlocks(client: self)
        case .gotosocialAdmin: GoToSocialDomainBlocks(client: self)
        case .pleromaAdmin: PleromaDomainBlocks(admin: pleromaAdmin)
        case .misskeyAdmin: MisskeyDomainBlocks(admin: misskeyAdmin)
        case .mastodonClient, .misskeyClient: throw family.unsupported("domain blocks")
        }
    }
}

extension Capability {
    /// The steps around domain blocks whose support depends on the server's version, not its API:
    /// the domain-block adapter's support says for each whether this server can take it.
    public static let domainBlockSteps: [Capability] = [
        .domainBlocksUpdate, .domainBlocksSyncAsDraft, .domainFollows, .domainExcludesList,
    ]
}

/// An adapter whose support also says which of `Capability.domainBlockSteps` the server (its
/// software and version) refuses, so commands ask the adapter and not the capability table.
struct VersionedDomainBlocks: DomainBlockAdapter {
    let base: any DomainBlockAdapter
    let support: DomainBlockSupport

    init(base: any DomainBlockAdapter, server: ServerInfo, host: String) {
        self.base = base
        var support = base.support
        for step in Capability.domainBlockSteps {
            support.refusals[step] = server.refusal(of: step, host: host)
        }
        self.support = support
    }

    var writesWholeList: Bool { base.writesWholeList }
    func list(limit: Int?, onPage: PageHandler<DomainBlock>?) async throws -> [DomainBlock] {
        try await base.list(limit: limit, onPage: onPage)
    }
    func block(id: String) async throws -> (value: DomainBlock, raw: Data) { try await base.block(id: id) }
    func create(_ spec: DomainBlockSpec) async throws -> DomainBlock { try await base.create(spec) }
    func update(_ block: DomainBlock, to spec: DomainBlockSpec) async throws -> DomainBlock {
        try await base.update(block, to: spec)
    }
    func remove(_ block: DomainBlock) async throws { try await base.remove(block) }
    func apply(_ changes: [DomainBlockChange]) async throws { try await base.apply(changes) }
}
