import FoundationEssentials

/// Domain blocks kept as host lists, one list per limitation, as Pleroma's `:mrf_simple` (reject,
/// federated_timeline_removal, media_removal, report_removal) and Misskey's meta (blockedHosts,
/// silencedHosts, mediaSilencedHosts) keep them. Turns the lists into normalised blocks and
/// normalised changes back into lists, leaving every other entry as it was.
struct HostLists: Equatable {
    enum Kind: CaseIterable { case suspend, silence, media, reports }

    struct Entry: Equatable {
        var host: String
        /// Pleroma's reason; "" when none (Misskey never has one).
        var reason: String
    }

    /// The lists this server has; a kind left out cannot be written.
    var lists: [Kind: [Entry]]

    /// One block per host, in the order hosts first appear (suspensions, silences, then the rest).
    var blocks: [DomainBlock] {
        var order: [String] = []
        var seen = Set<String>()
        for kind in Kind.allCases {
            for entry in lists[kind] ?? [] where seen.insert(BlocklistFile.normalise(entry.host)).inserted {
                order.append(entry.host)
            }
        }
        return order.map { host in
            let found = Kind.allCases.reduce(into: [Kind: Entry]()) { result, kind in
                result[kind] = entry(host, in: kind)
            }
            let severity: DomainBlockSeverity =
                found[.suspend] != nil ? .suspend : found[.silence] != nil ? .silence : .noop
            let reason = [found[.suspend], found[.silence], found[.media], found[.reports]].compactMap { $0?.reason }
                .first { !$0.isEmpty }
            return DomainBlock(
                id: host, domain: host, severity: severity, rejectMedia: found[.media] != nil,
                rejectReports: found[.reports] != nil, publicComment: reason)
        }
    }

    func entry(_ host: String, in kind: Kind) -> Entry? {
        let wanted = BlocklistFile.normalise(host)
        return lists[kind]?.first { BlocklistFile.normalise($0.host) == wanted }
    }

    /// Puts `spec.domain` in exactly the lists its settings call for. The reason is the spec's public
    /// comment, else what the entry had. Throws naming a list the server does not have.
    mutating func set(_ spec: DomainBlockSpec, listName: (Kind) -> String) throws {
        for kind in Kind.allCases {
            let wanted =
                switch kind {
                case .suspend: spec.severity == .suspend
                case .silence: spec.severity == .silence
                case .media: spec.rejectMedia
                case .reports: spec.rejectReports
                }
            guard var list = lists[kind] else {
                if wanted { throw HostListMissing(name: listName(kind)) }
                continue
            }
            let target = BlocklistFile.normalise(spec.domain)
            let index = list.firstIndex { BlocklistFile.normalise($0.host) == target }
            if wanted {
                let reason = spec.publicComment ?? index.map { list[$0].reason } ?? ""
                if let index {
                    list[index].reason = reason
                } else {
                    list.append(Entry(host: spec.domain, reason: reason))
                }
            } else if let index {
                list.remove(at: index)
            }
            lists[kind] = list
        }
    }

    /// Takes `domain` out of every list.
    mutating func remove(_ domain: String) {
        let target = BlocklistFile.normalise(domain)
        for (kind, list) in lists { lists[kind] = list.filter { BlocklistFile.normalise($0.host) != target } }
    }

    /// Applies changes in order.
    mutating func apply(_ changes: [DomainBlockChange], listName: (Kind) -> String) throws {
        for change in changes {
            switch change {
            case .set(let spec, _): try set(spec, listName: listName)
            case .remove(let block): remove(block.domain)
            }
        }
    }
}

/// The server has no list for a setting (an older Misskey without silencedHosts).
struct HostListMissing: Error {
    var name: String
}

/// Domain blocks on a server that keeps them as host lists (Pleroma, Misskey): every verb follows
/// from reading the lists and writing changes to them in one read-modify-write.
protocol HostListBlocks: DomainBlockAdapter {
    var client: APIClient { get }
    /// The lists as the server has them, and its bytes for `--raw`.
    func readLists() async throws -> (lists: HostLists, raw: Data)
    /// Applies `changes` in one read-modify-write; answers the lists as written.
    func write(_ changes: [DomainBlockChange]) async throws -> HostLists
}

extension HostListBlocks {
    var writesWholeList: Bool { true }

    func list(limit: Int?, onPage: PageHandler<DomainBlock>?) async throws -> [DomainBlock] {
        let (lists, raw) = try await readLists()
        let blocks = limit.map { Array(lists.blocks.prefix($0)) } ?? lists.blocks
        try await onPage?(blocks, raw)
        return blocks
    }

    func block(id: String) async throws -> (value: DomainBlock, raw: Data) {
        let (lists, raw) = try await readLists()
        return (try Self.named(id, in: lists.blocks, host: client.server.authority), raw)
    }

    func create(_ spec: DomainBlockSpec) async throws -> DomainBlock {
        try await set(spec, existing: nil)
    }

    func update(_ block: DomainBlock, to spec: DomainBlockSpec) async throws -> DomainBlock {
        try await set(spec, existing: block)
    }

    func remove(_ block: DomainBlock) async throws {
        _ = try await write([.remove(block)])
    }

    func apply(_ changes: [DomainBlockChange]) async throws {
        _ = try await write(changes)
    }

    /// One change, answered with the block as the server then has it.
    func set(_ spec: DomainBlockSpec, existing: DomainBlock?) async throws -> DomainBlock {
        let lists = try await write([.set(spec, existing: existing)])
        return try Self.named(spec.domain, in: lists.blocks, host: client.server.authority)
    }
}
