import FoundationEssentials

/// `/api/v1/filters` (older Mastodon, GoToSocial 0.15, Pleroma, Akkoma): one phrase per filter, which
/// is its title. The keyword and post verbs have nothing to act on and are refused before any request.
struct FiltersV1: FilterAdapter {
    let client: APIClient
    let support: FilterSupport

    func list() async throws -> Fetched<[Filter]> {
        try await client.fetch([FilterV1].self, .get, "/api/v1/filters").map { $0.map(\.filter) }
    }

    func filter(id: String) async throws -> Fetched<Filter> { try await send(.get, id) }

    /// `POST /api/v1/filters` with the one phrase: the keyword, else the title.
    func create(_ draft: FilterDraft) async throws -> Fetched<Filter> {
        try support.check(draft)
        let keyword = draft.keywords.first
        let body = FilterV1Body(
            phrase: keyword?.keyword ?? draft.title ?? "", wholeWord: keyword?.wholeWord ?? false,
            irreversible: draft.action == .hide, context: (draft.context ?? []).map(\.rawValue),
            expiresIn: draft.expiresIn.map(FilterExpiry.seconds))
        return try await create(titled: body.phrase, through: client) {
            try await client.fetch(FilterV1.self, .post, "/api/v1/filters", body: .encoded(body)).map(\.filter)
        }
    }

    /// `PUT /api/v1/filters/:id` with the whole filter (phrase, context, irreversible, whole_word) and
    /// the changes applied, as servers expect it complete.
    func update(id: String, _ draft: FilterDraft) async throws -> Fetched<Filter> {
        try support.check(draft)
        let current = try await filter(id: id).value
        let body = FilterV1Body(
            phrase: draft.title ?? current.title, wholeWord: current.keywords.first?.wholeWord ?? false,
            irreversible: (draft.action ?? current.filterAction) == .hide,
            context: draft.context?.map(\.rawValue) ?? current.context, expiresIn: FilterExpiry(draft))
        return try await send(.put, id, body: .encoded(body))
    }

    func delete(id: String) async throws {
        try await client.send(.delete, "/api/v1/filters/\(ServerAddress.pathSegment(id))")
    }

    func addKeyword(filterID: String, _ keyword: KeywordDraft) async throws -> Fetched<FilterKeyword> {
        throw support.refusal(
            cannot: "hold more than one keyword",
            hint: "create another filter for the word: fedictl filters create '\(keyword.keyword)' --context …")
    }

    func removeKeyword(id: String) async throws {
        throw support.refusal(
            cannot: "lose their one phrase and stay", hint: "delete the whole filter: fedictl filters delete \(id)")
    }

    func addStatus(filterID: String, statusID: String) async throws -> Fetched<FilterStatus> {
        throw support.refusal(
            cannot: "hide single posts", hint: "mute the author instead, or filter a phrase of the post")
    }

    func removeStatus(id: String) async throws {
        throw support.refusal(cannot: "hide single posts", hint: "v1 filters hold no posts to remove")
    }

    private func send(_ method: HTTPMethod, _ id: String, body: RequestBody? = nil) async throws -> Fetched<Filter> {
        try await client.fetch(FilterV1.self, method, "/api/v1/filters/\(ServerAddress.pathSegment(id))", body: body)
            .map(\.filter)
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
