import FoundationEssentials

/// Pleroma/Akkoma keep federation policy in the `:mrf_simple` setting (SimplePolicy), read and
/// written through the config API. A write replaces the lists it names, so every change is a
/// read-modify-write of the whole setting: the groups fedictl does not manage (followers_only,
/// media_nsfw, …) and every existing entry go back as they came. Needs `configurable_from_database`.
struct MRFSimple {
    static let group = ":pleroma"
    static let key = ":mrf_simple"
    static let blockKeys: [HostLists.Kind: String] = [
        .suspend: ":reject", .silence: ":federated_timeline_removal", .media: ":media_removal",
        .reports: ":report_removal",
    ]
    static let acceptKey = ":accept"

    /// The setting's value as the server sent it: `[{"tuple": [":reject", [{"tuple": [host, reason]}, …]]}, …]`.
    var value: [Any]
    /// The `:mrf_simple` entry as JSON, for `--raw`.
    var raw: Data
    /// The value as read, to tell whether anything changed.
    let original: Data

    /// Reads the setting from a config API answer (`{"configs": [...]}`); absent, it is empty.
    init(configs: Data) throws {
        let object = try JSONText.object(from: configs) as? [String: Any]
        let entry = (object?["configs"] as? [[String: Any]])?.first {
            $0["group"] as? String == Self.group && $0["key"] as? String == Self.key
        }
        value = entry?["value"] as? [Any] ?? []
        raw = (try? JSONText.data(from: entry ?? ["group": Self.group, "key": Self.key, "value": [Any]()])) ?? Data()
        original = Self.serialise(value)
    }

    static func serialise(_ value: [Any]) -> Data {
        (try? JSONText.data(from: value)) ?? Data()
    }

    var isChanged: Bool { Self.serialise(value) != original }

    /// The entries of one group (`:reject`), or nil when the setting does not have it.
    func entries(_ key: String) -> [HostLists.Entry]? {
        for item in value {
            guard let tuple = (item as? [String: Any])?["tuple"] as? [Any], tuple.count == 2, tuple[0] as? String == key
            else { continue }
            return (tuple[1] as? [Any] ?? []).compactMap { element in
                // Pleroma 2.3+ keeps {host, reason} tuples; older servers plain host strings.
                if let host = element as? String { return HostLists.Entry(host: host, reason: "") }
                guard let pair = (element as? [String: Any])?["tuple"] as? [Any], let host = pair.first as? String
                else { return nil }
                return HostLists.Entry(host: host, reason: pair.count > 1 ? (pair[1] as? String ?? "") : "")
            }
        }
        return nil
    }

    /// Whether entries are written as tuples: unless the setting already holds plain strings.
    var usesTuples: Bool {
        for item in value {
            guard let tuple = (item as? [String: Any])?["tuple"] as? [Any], tuple.count == 2,
                let list = tuple[1] as? [Any]
            else { continue }
            if list.contains(where: { $0 is String }) { return false }
        }
        return true
    }

    /// Replaces (or adds) one group, keeping the order of the others.
    mutating func set(_ key: String, _ entries: [HostLists.Entry]) {
        let tuples = usesTuples
        let list: [Any] = entries.map { tuples ? ["tuple": [$0.host, $0.reason]] as Any : $0.host as Any }
        let item: [String: Any] = ["tuple": [key, list]]
        if let index = value.firstIndex(where: {
            ((($0 as? [String: Any])?["tuple"] as? [Any])?.first as? String) == key
        }) {
            value[index] = item
        } else {
            value.append(item)
        }
    }

    var hostLists: HostLists {
        HostLists(
            lists: Self.blockKeys.reduce(into: [:]) { lists, pair in lists[pair.key] = entries(pair.value) ?? [] })
    }

    mutating func set(_ lists: HostLists) {
        for (kind, key) in Self.blockKeys.sorted(by: { $0.value < $1.value }) {
            if let entries = lists.lists[kind], entries != self.entries(key) ?? [] { set(key, entries) }
        }
    }

    /// The config API body that writes the whole setting back.
    var body: RequestBody {
        get throws {
            try .encoded(
                ConfigWrite(configs: [ConfigWrite.Entry(group: Self.group, key: Self.key, value: JSONText.Tree(value))])
            )
        }
    }

    /// `{"configs": [{"group", "key", "value"}]}`: the value is the setting's tree as it is kept.
    struct ConfigWrite: Encodable {
        var configs: [Entry]

        struct Entry: Encodable {
            var group: String
            var key: String
            var value: JSONText.Tree
        }
    }
}

extension PleromaAdmin {
    /// `GET …/config`: the `:mrf_simple` setting (merged from the config file and the database).
    func mrfSimple() async throws -> MRFSimple {
        try await explainingConfig {
            let response = try await client.send(.get, Self.path("config"))
            return try MRFSimple(configs: response.body)
        }
    }

    /// Reads the setting, lets `change` edit it, and writes the whole setting back if it changed.
    /// Returns the setting as the server now has it (its answer to the write).
    @discardableResult
    func changeMRFSimple(_ change: (inout MRFSimple) throws -> Void) async throws -> MRFSimple {
        var setting = try await mrfSimple()
        try change(&setting)
        guard setting.isChanged else { return setting }
        let response = try await explainingConfig {
            try await client.send(.post, Self.path("config"), body: try setting.body)
        }
        return (try? MRFSimple(configs: response.body)) ?? setting
    }

    /// The config API answers 400 when the server keeps its settings only in the config file.
    func explainingConfig<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as APIError where error.status == 400 {
            guard case .http(_, let message, _, _, _) = error, message?.contains("configurable_from_database") == true
            else { throw error }
            throw FediError(
                .unavailable,
                "\(client.server.authority) keeps its MRF settings in its config file, so they cannot be changed over the API",
                hint:
                    "set `config :pleroma, configurable_from_database: true` on the server (and list SimplePolicy in :mrf, :policies)"
            )
        }
    }
}

/// Domain blocks on Pleroma/Akkoma: reject ≈ suspend, federated_timeline_removal ≈ silence,
/// media_removal ≈ reject_media, report_removal ≈ reject_reports; the reason is the public comment.
struct PleromaDomainBlocks: HostListBlocks {
    let admin: PleromaAdmin
    var client: APIClient { admin.client }

    var support: DomainBlockSupport {
        DomainBlockSupport(
            software: "Pleroma/Akkoma", severities: Set(DomainBlockSeverity.allCases), rejectMedia: true,
            rejectReports: true,
            obfuscate: false, publicComment: true, privateComment: false, emptyBlocks: false, wildcards: true)
    }

    func readLists() async throws -> (lists: HostLists, raw: Data) {
        let setting = try await admin.mrfSimple()
        return (setting.hostLists, setting.raw)
    }

    /// The lists as the server answered the write (its config API returns what it stored).
    func write(_ changes: [DomainBlockChange]) async throws -> HostLists {
        try await admin.changeMRFSimple { setting in
            var lists = setting.hostLists
            try lists.apply(changes) { MRFSimple.blockKeys[$0] ?? "" }
            setting.set(lists)
        }.hostLists
    }
}

/// The allowlist on Pleroma/Akkoma: `:mrf_simple`'s `accept` group (with a reason).
struct PleromaDomainAllows: DomainListAdapter {
    let admin: PleromaAdmin
    /// The reason beside the host in `:mrf_simple`'s accept list.
    var keepsComment: Bool { true }

    func list(limit: Int?, onPage: PageHandler<DomainAllow>?) async throws -> [DomainAllow] {
        let setting = try await admin.mrfSimple()
        let allows = Self.allows(setting)
        let shown = limit.map { Array(allows.prefix($0)) } ?? allows
        try await onPage?(shown, setting.raw)
        return shown
    }

    static func allows(_ setting: MRFSimple) -> [DomainAllow] {
        (setting.entries(MRFSimple.acceptKey) ?? []).map { entry in
            DomainAllow(id: entry.host, domain: entry.host, publicComment: entry.reason.isEmpty ? nil : entry.reason)
        }
    }

    func create(domain: String, comment: String?) async throws -> DomainAllow {
        let setting = try await admin.changeMRFSimple { setting in
            var entries = setting.entries(MRFSimple.acceptKey) ?? []
            guard !entries.contains(where: { BlocklistFile.normalise($0.host) == BlocklistFile.normalise(domain) })
            else { return }
            entries.append(HostLists.Entry(host: domain, reason: comment ?? ""))
            setting.set(MRFSimple.acceptKey, entries)
        }
        return Self.allows(setting).first(named: domain) ?? DomainAllow(host: domain)
    }

    func remove(_ item: DomainAllow) async throws {
        try await admin.changeMRFSimple { setting in
            let entries = setting.entries(MRFSimple.acceptKey) ?? []
            let kept = entries.filter { BlocklistFile.normalise($0.host) != BlocklistFile.normalise(item.domain) }
            if kept.count != entries.count { setting.set(MRFSimple.acceptKey, kept) }
        }
    }
}
