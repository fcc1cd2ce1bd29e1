import FoundationEssentials

/// `/api/v2/filters`: titled filters with several keywords and single posts, each with its own id.
struct FiltersV2: FilterAdapter {
    let client: APIClient
    let support: FilterSupport

    func list() async throws -> Fetched<[Filter]> {
        try await client.fetch([FilterV2].self, .get, "/api/v2/filters").map { $0.map(\.filter) }
    }

    func filter(id: String) async throws -> Fetched<Filter> { try await send(.get, id) }

    /// `POST /api/v2/filters` with the keywords in `keywords_attributes`.
    func create(_ draft: FilterDraft) async throws -> Fetched<Filter> {
        try support.check(draft)
        var body = FilterV2Body(draft)
        body.keywordsAttributes = draft.keywords.map(KeywordBody.init)
        return try await create(titled: draft.title, through: client) {
            try await client.fetch(FilterV2.self, .post, "/api/v2/filters", body: .encoded(body)).map(\.filter)
        }
    }

    /// `PUT /api/v2/filters/:id` with the fields that change.
    func update(id: String, _ draft: FilterDraft) async throws -> Fetched<Filter> {
        try support.check(draft)
        return try await send(.put, id, body: .encoded(FilterV2Body(draft)))
    }

    func delete(id: String) async throws {
        try await client.send(.delete, "/api/v2/filters/\(ServerAddress.pathSegment(id))")
    }

    /// `POST /api/v2/filters/:id/keywords`.
    func addKeyword(filterID: String, _ keyword: KeywordDraft) async throws -> Fetched<FilterKeyword> {
        try await client.fetch(
            FilterKeyword.self, .post, "/api/v2/filters/\(ServerAddress.pathSegment(filterID))/keywords",
            body: .encoded(KeywordBody(keyword)))
    }

    /// `DELETE /api/v2/filters/keywords/:id`.
    func removeKeyword(id: String) async throws {
        try await client.send(.delete, "/api/v2/filters/keywords/\(ServerAddress.pathSegment(id))")
    }

    /// `POST /api/v2/filters/:id/statuses`.
    func addStatus(filterID: String, statusID: String) async throws -> Fetched<FilterStatus> {
        try await client.fetch(
            FilterStatus.self, .post, "/api/v2/filters/\(ServerAddress.pathSegment(filterID))/statuses",
            body: .encoded(["status_id": statusID]))
    }

    /// `DELETE /api/v2/filters/statuses/:id`.
    func removeStatus(id: String) async throws {
        try await client.send(.delete, "/api/v2/filters/statuses/\(ServerAddress.pathSegment(id))")
    }

    private func send(_ method: HTTPMethod, _ id: String, body: RequestBody? = nil) async throws -> Fetched<Filter> {
        try await client.fetch(FilterV2.self, method, "/api/v2/filters/\(ServerAddress.pathSegment(id))", body: body)
            .map(\.filter)
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
