import FoundationEssentials

/// A keyword as a user gives it.
public struct KeywordDraft: Sendable, Equatable {
    public var keyword: String
    public var wholeWord: Bool

    public init(_ keyword: String, wholeWord: Bool) {
        self.keyword = keyword
        self.wholeWord = wholeWord
    }
}

/// What `filters create` or `filters update` asks for. nil fields are left as they are (update)
/// or to the server's default (create).
public struct FilterDraft: Sendable, Equatable {
    public var title: String?
    /// Create only: keywords change through `filters keywords add|remove` afterwards.
    public var keywords: [KeywordDraft]
    public var context: [FilterContext]?
    public var action: FilterAction?
    public var expiresIn: Int?
    /// Update only: remove the expiry.
    public var neverExpires: Bool

    public init(
        title: String? = nil, keywords: [KeywordDraft] = [], context: [FilterContext]? = nil,
        action: FilterAction? = nil,
        expiresIn: Int? = nil, neverExpires: Bool = false
    ) {
        self.title = title
        self.keywords = keywords
        self.context = context
        self.action = action
        self.expiresIn = expiresIn
        self.neverExpires = neverExpires
    }
}

/// What a server's filters can hold. v2 (Mastodon 4.0+, GoToSocial 0.16+) keeps several keywords and
/// single posts under a titled filter; v1 (older servers, Pleroma, Akkoma) is one phrase per filter,
/// which is its title, with no keywords or posts of its own.
public struct FilterSupport: Sendable, Equatable {
    /// A filter holds several keywords and posts, changed by `filters keywords|statuses` (v2).
    public var keywordsAndPosts: Bool
    /// `--action blur` is kept: Mastodon 4.4 (API version 5), GoToSocial 0.20.
    public var blur: Bool
    /// The server as messages name it: "Pleroma 2.7.1".
    public var server: String
    /// What the server runs, for the blur refusal: "Mastodon 4.3.0 (API version 2)".
    var running: String

    /// What `api` can hold on `server`.
    public init(_ api: FiltersAPI, on server: ServerInfo) {
        keywordsAndPosts = api == .v2
        // GoToSocial keeps blur filters since 0.20 (it reports no Mastodon API version).
        let gotosocialBlur =
            server.flavour == .gotosocial && server.comparableVersion?.isAtLeast(SoftwareVersion(0, 20)) == true
        blur = api == .v2 && (gotosocialBlur || (server.mastodonAPIVersion ?? 0) >= 5)
        self.server = server.label
        let level = server.mastodonAPIVersion.map { "API version \($0)" } ?? "no Mastodon API version"
        running = api == .v1 ? "\(server.label) (v1 filters only)" : "\(server.label) (\(level))"
    }

    /// Refuses (exit 65) what the server cannot store, instead of letting a part of the request be
    /// dropped: `blur` where it is not kept, and on v1 several keywords in one filter, or a title apart
    /// from the filter's phrase.
    public func check(_ draft: FilterDraft) throws {
        if draft.action == .blur, !blur {
            throw FediError(
                .dataError,
                "filter action blur needs Mastodon 4.4 or newer (API version 5); this server runs \(running)",
                hint: "use --action warn or --action hide")
        }
        guard !keywordsAndPosts else { return }
        if draft.keywords.count > 1 {
            throw v1Limit(
                "has only v1 filters, which hold one phrase each: "
                    + "\(draft.keywords.count) keywords cannot go into one filter",
                hint: "create one filter per keyword: fedictl filters create WORD")
        }
        if let title = draft.title, let keyword = draft.keywords.first?.keyword, keyword != title {
            throw v1Limit(
                "has only v1 filters, whose phrase is their title: "
                    + "the title '\(title)' and the keyword '\(keyword)' cannot both be kept",
                hint: "give the phrase as the title alone: fedictl filters create '\(keyword)'")
        }
    }

    /// A keyword or post verb on a server whose filters are one phrase each: exit 65, "Akkoma 3.13.2 has
    /// only v1 filters, which cannot hide single posts".
    func refusal(cannot what: String, hint: String) -> FediError {
        v1Limit("has only v1 filters, which cannot \(what)", hint: hint)
    }

    private func v1Limit(_ message: String, hint: String) -> FediError {
        FediError(.dataError, "\(server) \(message)", hint: hint)
    }
}

/// The selected account's content filters, whichever filters API the server has, read into `Filter`.
/// Built by `APIClient.filters(family:on:)`; the verbs open it with `ctx.with(.filters)`.
public protocol FilterAdapter: Sendable {
    var support: FilterSupport { get }
    func list() async throws -> Fetched<[Filter]>
    func filter(id: String) async throws -> Fetched<Filter>
    /// Refuses what `support` cannot store (exit 65), then creates the filter; a lost answer is read
    /// back, never sent again blindly.
    func create(_ draft: FilterDraft) async throws -> Fetched<Filter>
    /// Refuses what `support` cannot store (exit 65), then changes what the draft sets.
    func update(id: String, _ draft: FilterDraft) async throws -> Fetched<Filter>
    func delete(id: String) async throws
    /// Where filters hold no keywords of their own (v1): exit 65, with nothing sent.
    func addKeyword(filterID: String, _ keyword: KeywordDraft) async throws -> Fetched<FilterKeyword>
    func removeKeyword(id: String) async throws
    /// Where filters hold no posts (v1): exit 65, with nothing sent.
    func addStatus(filterID: String, statusID: String) async throws -> Fetched<FilterStatus>
    func removeStatus(id: String) async throws
}

extension APIClient {
    /// The filters adapter for the family serving filters on `server`: v2 where the server has it, else v1.
    public func filters(family: APIFamily, on server: ServerInfo) throws -> any FilterAdapter {
        switch family {
        case .mastodonClient:
            if CapabilityTable.availability(of: .filtersV2, on: server).family != nil {
                FiltersV2(client: self, support: FilterSupport(.v2, on: server))
            } else {
                FiltersV1(client: self, support: FilterSupport(.v1, on: server))
            }
        case .mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin, .misskeyClient:
            throw family.unsupported("filters")
        }
    }

    /// The family serving filters on `server`: v2's where it has them, else v1's; neither: exit 69
    /// naming the server's software (`host` names it in the hint).
    static func filtersFamily(on server: ServerInfo, host: String) throws -> APIFamily {
        if let family = CapabilityTable.availability(of: .filtersV2, on: server).family { return family }
        switch CapabilityTable.availability(of: .filtersV1, on: server) {
        case .available(let family):
            return family
        case .unavailable(let reason):
            throw FediError(
                .unavailable, "filters are not available on \(server.label)",
                hint: "\(reason); `fedictl instance features \(host)` lists what this server can do")
        }
    }
}

extension FilterAdapter {
    /// Titles need not be unique, so the filters are read first: after a lost answer, a filter titled
    /// `title` that was not there before is the one this create made (`createCheckingBack`).
    func create(
        titled title: String?, through client: APIClient, _ send: () async throws -> Fetched<Filter>
    ) async throws -> Fetched<Filter> {
        let before = Set(try await list().value.map(\.id))
        return try await client.createCheckingBack("filter \(title ?? "")", create: send) {
            guard let made = try await list().value.first(where: { $0.title == title && !before.contains($0.id) })
            else { return nil }
            return try await filter(id: made.id)
        }
    }
}

/// `expires_in`: seconds from now, or JSON null, which clears the expiry (Mastodon also takes `""`,
/// GoToSocial answers 422 to it).
enum FilterExpiry: Encodable, Equatable {
    case seconds(Int)
    case never

    /// What a draft asks for; nil leaves the expiry out of the body.
    init?(_ draft: FilterDraft) {
        if let seconds = draft.expiresIn {
            self = .seconds(seconds)
        } else if draft.neverExpires {
            self = .never
        } else {
            return nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .seconds(let seconds): try container.encode(seconds)
        case .never: try container.encodeNil()
        }
    }
}
