import FoundationEssentials

/// The Misskey family keeps its federation and sign-up lists in the instance settings: `admin/meta`
/// reads them, `admin/update-meta` replaces each list it is given, whole (an administrator's call).
/// So every change is a read-modify-write; only the lists that changed are sent, lower-cased as
/// Misskey stores hosts.
struct MisskeyLists {
    var values: [String: [String]]
    /// Only the lists asked for, as the server sent them, for `--raw` (the rest of the settings
    /// holds secrets such as SMTP and object-storage keys).
    var raw: Data
}

extension MisskeyAdmin {
    /// `admin/meta`, keeping the string lists named in `keys` (a list the server does not have is left out).
    func lists(_ keys: [String]) async throws -> MisskeyLists {
        let response = try await client.send(.post, "/api/admin/meta", body: body(NoFields()), readsOnly: true)
        let object = (try? JSONText.object(from: response.body)) as? [String: Any] ?? [:]
        var values: [String: [String]] = [:]
        var shown: [String: Any] = [:]
        for key in keys {
            guard let list = object[key] as? [Any] else { continue }
            values[key] = list.compactMap { $0 as? String }
            shown[key] = list
        }
        let raw = (try? JSONText.data(from: shown, pretty: true)) ?? Data()
        return MisskeyLists(values: values, raw: raw)
    }

    /// Reads the lists, lets `change` edit them, and sends those that changed to `admin/update-meta`.
    /// Returns the lists as written.
    @discardableResult
    func changeLists(_ keys: [String], _ change: (inout [String: [String]]) throws -> Void) async throws -> [String:
        [String]]
    {
        let before = try await lists(keys).values
        var after = before
        try change(&after)
        var fields: [String: [String]] = [:]
        for (key, list) in after where list != before[key] {
            guard before[key] != nil else { throw missingList(key) }
            fields[key] = list.map { $0.lowercased() }
        }
        if !fields.isEmpty { try await perform("admin/update-meta", fields) }
        return after
    }

    /// The server has no such setting (an older version): exit 69.
    func missingList(_ key: String) -> FediError {
        FediError(
            .unavailable, "\(client.server.authority) has no \(key) setting",
            hint: "this needs a newer version of its software; `fedictl instance features` lists what it can do")
    }

    /// A host in a Misskey list, as a normalised string for comparing.
    static func contains(_ list: [String], _ host: String) -> Bool {
        list.contains { BlocklistFile.normalise($0) == BlocklistFile.normalise(host) }
    }
}

/// Domain blocks on the Misskey family: blockedHosts ≈ suspend, silencedHosts ≈ silence,
/// mediaSilencedHosts ≈ reject_media. No comments, no report rejection, no obfuscation.
struct MisskeyDomainBlocks: HostListBlocks {
    let admin: MisskeyAdmin
    var client: APIClient { admin.client }
    static let keys: [HostLists.Kind: String] = [
        .suspend: "blockedHosts", .silence: "silencedHosts", .media: "mediaSilencedHosts",
    ]

    var support: DomainBlockSupport {
        DomainBlockSupport(
            software: "Misskey", severities: Set(DomainBlockSeverity.allCases), rejectMedia: true, rejectReports: false,
            obfuscate: false, publicComment: false, privateComment: false, emptyBlocks: false)
    }

    static func hostLists(_ values: [String: [String]]) -> HostLists {
        HostLists(
            lists: keys.reduce(into: [:]) { lists, pair in
                lists[pair.key] = values[pair.value]?.map { HostLists.Entry(host: $0, reason: "") }
            })
    }

    func readLists() async throws -> (lists: HostLists, raw: Data) {
        let lists = try await admin.lists(Array(Self.keys.values))
        return (Self.hostLists(lists.values), lists.raw)
    }

    func write(_ changes: [DomainBlockChange]) async throws -> HostLists {
        Self.hostLists(
            try await admin.changeLists(Array(Self.keys.values)) { values in
                var lists = Self.hostLists(values)
                do {
                    try lists.apply(changes) { Self.keys[$0] ?? "a list for it" }
                } catch let missing as HostListMissing {
                    throw admin.missingList(missing.name)
                }
                for (kind, key) in Self.keys {
                    if let entries = lists.lists[kind] { values[key] = entries.map(\.host) }
                }
            })
    }
}

/// A Misskey meta list of hosts used as a domain list: `federationHosts` (the allowlist used when
/// federation is "specified"), `bannedEmailDomains`.
struct MisskeyDomainList<Item: DomainEntry>: DomainListAdapter {
    let admin: MisskeyAdmin
    let key: String

    func list(limit: Int?, onPage: PageHandler<Item>?) async throws -> [Item] {
        let lists = try await admin.lists([key])
        guard let hosts = lists.values[key] else { throw admin.missingList(key) }
        let items = (limit.map { Array(hosts.prefix($0)) } ?? hosts).map(Item.init(host:))
        try await onPage?(items, lists.raw)
        return items
    }

    func create(domain: String, comment: String?) async throws -> Item {
        try await admin.changeLists([key]) { values in
            if !MisskeyAdmin.contains(values[key] ?? [], domain) { values[key, default: []].append(domain) }
        }
        return Item(host: domain.lowercased())
    }

    func remove(_ item: Item) async throws {
        try await admin.changeLists([key]) { values in
            values[key] = values[key]?.filter { BlocklistFile.normalise($0) != BlocklistFile.normalise(item.domain) }
        }
    }
}
