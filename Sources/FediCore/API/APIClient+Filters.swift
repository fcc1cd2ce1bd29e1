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

    /// Refuses (exit 65) what `server` cannot store through `api`, instead of letting a part of the
    /// request be dropped: `blur` before Mastodon 4.4 (API version 5) or GoToSocial 0.20, and on v1
    /// several keywords in one filter, or a title apart from the filter's phrase.
    public func check(for api: FiltersAPI, on server: ServerInfo) throws {
        if action == .blur {
            // GoToSocial keeps blur filters since 0.20 (it reports no Mastodon API version).
            let gotosocialBlur =
                server.flavour == .gotosocial
                && server.comparableVersion?.isAtLeast(SoftwareVersion(0, 20)) == true
            guard api == .v2, gotosocialBlur || (server.mastodonAPIVersion ?? 0) >= 5 else {
                let level = server.mastodonAPIVersion.map { "API version \($0)" } ?? "no Mastodon API version"
                let running = api == .v1 ? "\(server.label) (v1 filters only)" : "\(server.label) (\(level))"
                throw FediError(
                    .dataError,
                    "filter action blur needs Mastodon 4.4 or newer (API version 5); this server runs \(running)",
                    hint: "use --action warn or --action hide")
            }
        }
        guard api == .v1 else { return }
        if keywords.count > 1 {
            throw FiltersAPI.v1Limit(
                "\(server.label) has only v1 filters, which hold one phrase each: \(keywords.count) keywords cannot go into one filter",
                hint: "create one filter per keyword: fedictl filters create WORD")
        }
        if let title, let keyword = keywords.first?.keyword, keyword != title {
            throw FiltersAPI.v1Limit(
                "\(server.label) has only v1 filters, whose phrase is their title: the title '\(title)' and the keyword '\(keyword)' cannot both be kept",
                hint: "give the phrase as the title alone: fedictl filters create '\(keyword)'")
        }
    }
}

extension FiltersAPI {
    /// What v1 cannot express: exit 65.
    public static func v1Limit(_ message: String, hint: String) -> FediError {
        FediError(.dataError, message, hint: hint)
    }
}

/// Content filters: `/api/v2/filters` (titled filters with keywords and statuses) and the older
/// `/api/v1/filters` (one phrase each), both read into `Filter`.
extension APIClient {
    public func filters(_ api: FiltersAPI) async throws -> Fetched<[Filter]> {
        switch api {
        case .v2: try await fetchFilters([FilterV2].self, .get, "/api/v2/filters") { $0.map(\.filter) }
        case .v1: try await fetchFilters([FilterV1].self, .get, "/api/v1/filters") { $0.map(\.filter) }
        }
    }

    public func filter(id: String, _ api: FiltersAPI) async throws -> Fetched<Filter> {
        try await fetchFilter(.get, "/api/\(api.rawValue)/filters/\(ServerAddress.pathSegment(id))", api: api)
    }

    /// `POST /api/v2/filters` with the keywords in `keywords_attributes`, or `POST /api/v1/filters`
    /// with the one phrase. Call `FilterDraft.check` first.
    ///
    /// Titles need not be unique, so the filters are read first: after a lost answer, a filter with
    /// this title that was not there before is the one this create made (`createCheckingBack`).
    public func createFilter(_ draft: FilterDraft, _ api: FiltersAPI) async throws -> Fetched<Filter> {
        let before = Set(try await filters(api).value.map(\.id))
        let title = api == .v2 ? draft.title : draft.keywords.first?.keyword ?? draft.title
        return try await createCheckingBack("filter \(title ?? "")") {
            try await sendFilter(draft, api)
        } find: {
            guard let made = try await filters(api).value.first(where: { $0.title == title && !before.contains($0.id) })
            else { return nil }
            return try await filter(id: made.id, api)
        }
    }

    private func sendFilter(_ draft: FilterDraft, _ api: FiltersAPI) async throws -> Fetched<Filter> {
        switch api {
        case .v2:
            var body = FilterV2Body(draft)
            body.keywordsAttributes = draft.keywords.map(KeywordBody.init)
            return try await fetchFilter(.post, "/api/v2/filters", body: .encoded(body), api: .v2)
        case .v1:
            let keyword = draft.keywords.first
            let body = FilterV1Body(
                phrase: keyword?.keyword ?? draft.title ?? "", wholeWord: keyword?.wholeWord ?? false,
                irreversible: draft.action == .hide, context: (draft.context ?? []).map(\.rawValue),
                expiresIn: draft.expiresIn.map(FilterExpiry.seconds))
            return try await fetchFilter(.post, "/api/v1/filters", body: .encoded(body), api: .v1)
        }
    }

    /// `PUT /api/v2/filters/:id` with the fields that change; on v1, the whole filter (phrase,
    /// context, irreversible, whole_word) with the changes applied, as servers expect it complete.
    public func updateFilter(id: String, _ draft: FilterDraft, _ api: FiltersAPI) async throws -> Fetched<Filter> {
        switch api {
        case .v2:
            return try await fetchFilter(
                .put, "/api/v2/filters/\(ServerAddress.pathSegment(id))", body: .encoded(FilterV2Body(draft)), api: .v2)
        case .v1:
            let current = try await filter(id: id, .v1).value
            let body = FilterV1Body(
                phrase: draft.title ?? current.title, wholeWord: current.keywords.first?.wholeWord ?? false,
                irreversible: (draft.action ?? current.filterAction) == .hide,
                context: draft.context?.map(\.rawValue) ?? current.context, expiresIn: FilterExpiry(draft))
            return try await fetchFilter(
                .put, "/api/v1/filters/\(ServerAddress.pathSegment(id))", body: .encoded(body), api: .v1)
        }
    }

    public func deleteFilter(id: String, _ api: FiltersAPI) async throws {
        try await send(.delete, "/api/\(api.rawValue)/filters/\(ServerAddress.pathSegment(id))")
    }

    /// `POST /api/v2/filters/:id/keywords` (v2 only).
    public func addFilterKeyword(filterID: String, _ keyword: KeywordDraft) async throws -> Fetched<FilterKeyword> {
        try await fetch(
            FilterKeyword.self, .post, "/api/v2/filters/\(ServerAddress.pathSegment(filterID))/keywords",
            body: .encoded(KeywordBody(keyword)))
    }

    /// `DELETE /api/v2/filters/keywords/:id` (v2 only).
    public func removeFilterKeyword(id: String) async throws {
        try await send(.delete, "/api/v2/filters/keywords/\(ServerAddress.pathSegment(id))")
    }

    /// `POST /api/v2/filters/:id/statuses` (v2 only).
    public func addFilterStatus(filterID: String, statusID: String) async throws -> Fetched<FilterStatus> {
        try await fetch(
            FilterStatus.self, .post, "/api/v2/filters/\(ServerAddress.pathSegment(filterID))/statuses",
            body: .encoded(["status_id": statusID]))
    }

    /// `DELETE /api/v2/filters/statuses/:id` (v2 only).
    public func removeFilterStatus(id: String) async throws {
        try await send(.delete, "/api/v2/filters/statuses/\(ServerAddress.pathSegment(id))")
    }

    private func fetchFilter(_ method: HTTPMethod, _ path: String, body: RequestBody? = nil, api: FiltersAPI)
        async throws -> Fetched<Filter>
    {
        switch api {
        case .v2: try await fetchFilters(FilterV2.self, method, path, body: body) { $0.filter }
        case .v1: try await fetchFilters(FilterV1.self, method, path, body: body) { $0.filter }
        }
    }

    private func fetchFilters<Wire: Decodable & Sendable, Value: Sendable>(
        _ type: Wire.Type, _ method: HTTPMethod, _ path: String, body: RequestBody? = nil, _ convert: (Wire) -> Value
    ) async throws -> Fetched<Value> {
        try await fetch(Wire.self, method, path, body: body).map(convert)
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

/// A keyword in a v2 filter body.
struct KeywordBody: Encodable, Equatable {
    var keyword: String
    var wholeWord: Bool

    init(_ draft: KeywordDraft) {
        keyword = draft.keyword
        wholeWord = draft.wholeWord
    }

    enum CodingKeys: String, CodingKey { case keyword, wholeWord = "whole_word" }
}

/// The v2 create/update body: only the fields the draft sets.
struct FilterV2Body: Encodable, Equatable {
    var title: String?
    var context: [String]?
    var filterAction: String?
    var expiresIn: FilterExpiry?
    var keywordsAttributes: [KeywordBody]?

    init(_ draft: FilterDraft) {
        title = draft.title
        context = draft.context?.map(\.rawValue)
        filterAction = draft.action?.rawValue
        expiresIn = FilterExpiry(draft)
    }

    enum CodingKeys: String, CodingKey {
        case title, context, filterAction = "filter_action", expiresIn = "expires_in", keywordsAttributes =
            "keywords_attributes"
    }
}

/// The v1 body: always the whole filter, as v1 servers expect it.
struct FilterV1Body: Encodable, Equatable {
    var phrase: String
    var wholeWord: Bool
    var irreversible: Bool
    var context: [String]
    var expiresIn: FilterExpiry?

    enum CodingKeys: String, CodingKey {
        case phrase, wholeWord = "whole_word", irreversible, context, expiresIn = "expires_in"
    }
}
