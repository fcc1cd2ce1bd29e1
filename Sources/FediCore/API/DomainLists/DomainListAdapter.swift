import FoundationEssentials

/// Anything a server keeps per domain, with its own id (the domain, where the server has none).
public protocol DomainKeyed {
    var id: String { get }
    var domain: String { get }
}

extension Array where Element: DomainKeyed {
    /// The entry for a domain (compared without case or a trailing dot), else the one with that id.
    public func first(named target: String) -> Element? {
        let wanted = BlocklistFile.normalise(target)
        return first { BlocklistFile.normalise($0.domain) == wanted } ?? first { $0.id == target }
    }
}

extension DomainBlock: DomainKeyed {}

/// An entry of a server-wide list keyed by domain: an allowed domain, a blocked e-mail domain.
public protocol DomainEntry: DomainKeyed, Codable, Sendable {
    /// An entry for a server that keeps only the host (the host is then the id).
    init(host: String)
    /// The comment the server keeps on the entry, where it keeps one.
    var comment: String? { get }
}

extension DomainEntry {
    public var comment: String? { nil }
}

extension DomainAllow: DomainEntry {
    public init(host: String) { self.init(id: host, domain: host) }
    public var comment: String? { publicComment }
}

extension EmailDomainBlock: DomainEntry {
    public init(host: String) { self.init(id: host, domain: host) }
}

/// A server-wide list of domains (domain allows, e-mail domain blocks), whatever keeps it: records
/// (Mastodon, GoToSocial), Pleroma's `:mrf_simple` accept list, Misskey's meta lists.
public protocol DomainListAdapter<Item>: Sendable {
    associatedtype Item: DomainEntry
    func list(limit: Int?, onPage: PageHandler<Item>?) async throws -> [Item]
    /// Adds `domain`; `comment` where the server keeps one (GoToSocial, Pleroma).
    func create(domain: String, comment: String?) async throws -> Item
    func remove(_ item: Item) async throws
    /// Whether `create` keeps a comment; where it does not, a comment must be refused, not dropped.
    var keepsComment: Bool { get }
    /// Changes the comment of an existing entry; nil where the server cannot.
    func update(_ item: Item, comment: String) async throws -> Item?
}

extension DomainListAdapter {
    public var keepsComment: Bool { false }
    public func update(_ item: Item, comment: String) async throws -> Item? { nil }
}

/// Mastodon's and GoToSocial's record lists: `GET path` (Link-paged on Mastodon, whole on
/// GoToSocial), `POST path {domain}`, `DELETE path/:id`.
struct RecordDomainList<Item: DomainEntry>: DomainListAdapter {
    let client: APIClient
    let path: String
    /// What a missing id is called in messages ("domain allow").
    let noun: String
    /// Mastodon pages with Link headers; GoToSocial answers the whole list.
    let paged: Bool
    /// GoToSocial keeps a public comment on allows.
    let takesComment: Bool
    var keepsComment: Bool { takesComment }

    func list(limit: Int?, onPage: PageHandler<Item>?) async throws -> [Item] {
        if paged {
            return try await client.linkPages(Item.self, path, query: [], limit: limit, pageSize: 200, onPage: onPage) {
                $0
            }
        }
        let fetched = try await client.fetch([Item].self, .get, path)
        let items = limit.map { Array(fetched.value.prefix($0)) } ?? fetched.value
        try await onPage?(items, fetched.raw)
        return items
    }

    func create(domain: String, comment: String?) async throws -> Item {
        var fields = ["domain": domain]
        if takesComment, let comment { fields["public_comment"] = comment }
        let body = try RequestBody.encoded(fields)
        return try await client.createCheckingBack("\(noun) on \(domain)") {
            try await client.fetch(Item.self, .post, path, body: body).value
        } find: {
            try await list(limit: nil, onPage: nil).first(named: domain)
        }
    }

    /// GoToSocial (0.19+) changes an allow's comment with `PUT path/:id`.
    func update(_ item: Item, comment: String) async throws -> Item? {
        guard takesComment else { return nil }
        let body = try RequestBody.encoded(["public_comment": comment])
        let url = "\(path)/\(ServerAddress.pathSegment(item.id))"
        return try await client.fetch(Item.self, .put, url, body: body).value
    }

    func remove(_ item: Item) async throws {
        _ = try await client.naming("\(noun) \(item.id)", hint: "the list command shows the ids") {
            try await client.send(.delete, "\(path)/\(ServerAddress.pathSegment(item.id))")
        }
    }
}

extension APIClient {
    /// The allowlist adapter for the API family that serves it on this server.
    public func domainAllows(family: APIFamily) throws -> any DomainListAdapter<DomainAllow> {
        switch family {
        case .mastodonAdmin:
            RecordDomainList<DomainAllow>(
                client: self, path: "/api/v1/admin/domain_allows", noun: "domain allow", paged: true,
                takesComment: false)
        case .gotosocialAdmin:
            RecordDomainList<DomainAllow>(
                client: self, path: "/api/v1/admin/domain_allows", noun: "domain allow", paged: false,
                takesComment: true)
        case .pleromaAdmin: PleromaDomainAllows(admin: pleromaAdmin)
        case .misskeyAdmin: MisskeyDomainList<DomainAllow>(admin: misskeyAdmin, key: "federationHosts")
        case .mastodonClient, .misskeyClient: throw family.unsupported("domain allows")
        }
    }

    /// The e-mail domain block adapter for the API family that serves them on this server.
    public func emailDomainBlocks(family: APIFamily) throws -> any DomainListAdapter<EmailDomainBlock> {
        switch family {
        case .mastodonAdmin:
            RecordDomainList<EmailDomainBlock>(
                client: self, path: "/api/v1/admin/email_domain_blocks", noun: "e-mail domain block",
                paged: true, takesComment: false)
        case .misskeyAdmin: MisskeyDomainList<EmailDomainBlock>(admin: misskeyAdmin, key: "bannedEmailDomains")
        case .gotosocialAdmin, .pleromaAdmin, .mastodonClient, .misskeyClient:
            throw family.unsupported("e-mail domain blocks")
        }
    }
}
