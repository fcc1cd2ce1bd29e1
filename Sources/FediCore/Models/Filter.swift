import FoundationEssentials

/// What a server does with a post a filter matches.
public struct FilterAction: OpenEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Show the post behind a warning naming the filter.
    public static let warn: Self = "warn"
    /// Do not show the post at all (v1's `irreversible`).
    public static let hide: Self = "hide"
    /// Hide the media behind a warning (Mastodon 4.4, API version 5).
    public static let blur: Self = "blur"
    public static let knownValues: [Self] = [.warn, .hide, .blur]
}

/// Where a filter applies.
public enum FilterContext: String, Codable, Sendable, CaseIterable {
    case home, notifications, `public`, thread, account
}

/// Which filters API a server is spoken to with: v2 (Mastodon 4.0+, GoToSocial 0.16+: a titled
/// filter with several keywords and statuses) or v1 (one phrase per filter: older servers, Pleroma, Akkoma).
public enum FiltersAPI: String, Codable, Sendable {
    case v2, v1
}

/// A word or phrase a filter matches.
public struct FilterKeyword: Codable, Sendable, Equatable {
    public var id: String
    public var keyword: String
    public var wholeWord: Bool

    public init(id: String, keyword: String, wholeWord: Bool) {
        self.id = id
        self.keyword = keyword
        self.wholeWord = wholeWord
    }

    enum CodingKeys: String, CodingKey {
        case id, keyword
        case wholeWord = "whole_word"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        self.init(
            id: c.lenientString("id") ?? "", keyword: c.lenientString("keyword") ?? "",
            wholeWord: c.lenientBool("whole_word") ?? false)
    }
}

/// A single post a filter hides, wherever it appears.
public struct FilterStatus: Codable, Sendable, Equatable {
    public var id: String
    public var statusID: String

    public init(id: String, statusID: String) {
        self.id = id
        self.statusID = statusID
    }

    enum CodingKeys: String, CodingKey {
        case id
        case statusID = "status_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        // GoToSocial (0.20) sends the post's id under `phrase`.
        self.init(
            id: c.lenientString("id") ?? "",
            statusID: c.lenientString("status_id") ?? c.lenientString("phrase") ?? "")
    }
}

/// A content filter in one shape whichever API it came from. A v1 filter becomes a filter titled
/// with its phrase, holding that phrase as its one keyword (whose id is the filter's id, as
/// Mastodon 4's v1 compatibility layer does it) and `hide` for `irreversible`.
public struct Filter: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var context: [String]
    public var expiresAt: Date?
    public var filterAction: FilterAction
    public var keywords: [FilterKeyword]
    public var statuses: [FilterStatus]
    /// The API the filter was read through.
    public var api: FiltersAPI

    public init(
        id: String, title: String, context: [String], expiresAt: Date? = nil, filterAction: FilterAction = .warn,
        keywords: [FilterKeyword] = [], statuses: [FilterStatus] = [], api: FiltersAPI = .v2
    ) {
        self.id = id
        self.title = title
        self.context = context
        self.expiresAt = expiresAt
        self.filterAction = filterAction
        self.keywords = keywords
        self.statuses = statuses
        self.api = api
    }

    enum CodingKeys: String, CodingKey {
        case id, title, context, keywords, statuses, api
        case expiresAt = "expires_at", filterAction = "filter_action"
    }
}

/// `Filter` as `/api/v2/filters` sends it.
struct FilterV2: Decodable, Sendable {
    var filter: Filter

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let id = try c.requiredID(of: "filter")
        filter = Filter(
            id: id, title: c.optionalText("title") ?? "",
            context: (try? c.decodeIfPresent([String].self, forKey: "context")) ?? [],
            expiresAt: c.lenientDate("expires_at"),
            filterAction: (try? c.decodeIfPresent(FilterAction.self, forKey: "filter_action")) ?? .warn,
            keywords: c.lenientArray(FilterKeyword.self, "keywords"),
            statuses: c.lenientArray(FilterStatus.self, "statuses"),
            api: .v2)
    }
}

/// `V1_Filter` as `/api/v1/filters` sends it: `{id, phrase, context, expires_at, irreversible, whole_word}`.
struct FilterV1: Decodable, Sendable {
    var filter: Filter

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let id = try c.requiredID(of: "filter")
        let phrase = c.lenientString("phrase") ?? ""
        filter = Filter(
            id: id, title: phrase, context: (try? c.decodeIfPresent([String].self, forKey: "context")) ?? [],
            expiresAt: c.lenientDate("expires_at"), filterAction: c.lenientBool("irreversible") == true ? .hide : .warn,
            keywords: [FilterKeyword(id: id, keyword: phrase, wholeWord: c.lenientBool("whole_word") ?? false)],
            api: .v1)
    }
}
