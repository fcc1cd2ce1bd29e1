import FoundationEssentials

/// Accounts through GoToSocial's subset of Mastodon's admin API: it matches a username exactly,
/// cannot list the sensitized, takes only `type` and `text` with an action, can e-mail a rejected
/// applicant, and sends a resolved report's comment to the reporter.
struct GoToSocialAdminAccounts: MastodonAdminAccountAPI {
    let client: APIClient
    let server: ServerInfo
    let support: AccountActionSupport
    let reports: any ReportAdapter
    static var linksKeepFilters: Bool { false }

    /// Always the v2 list; a part of a username is matched here (GoToSocial matches it exactly).
    func list(_ query: AccountQuery, limit: Int?, onPage: PageHandler<AdminAccount>?) async throws -> [AdminAccount] {
        if query.status == .sensitized { throw query.refuse("sensitized", on: server) }
        return try await filtered(query, v2: true, partly: query.username != nil, limit: limit, onPage: onPage)
    }

    /// The client API's lookup, then the admin list (GoToSocial has no admin search by domain).
    func id(ofHandle handle: String) async throws -> String { try await clientLookup(handle) }

    func reject(id: String, message: String?) async throws -> Fetched<AdminAccount> {
        guard message != nil else { return try await send(.post, id, "/reject") }
        let body = try RequestBody.encoded(RejectBody(sendEmail: true, message: message))
        return try await send(.post, id, "/reject", body: body)
    }

    /// GoToSocial's reject fields: the message reaches the applicant only with `send_email`.
    struct RejectBody: Encodable {
        var sendEmail: Bool
        var message: String?
        enum CodingKeys: String, CodingKey { case sendEmail = "send_email", message }
    }

    func act(_ action: AccountAction, on id: String) async throws {
        try await act(on: id, AccountActionBody(type: action.kind.rawValue, text: action.text))
    }

    func describe(_ action: AccountAction, on id: String) -> String {
        "POST /api/v1/admin/accounts/\(id)/action type=\(action.kind.rawValue)"
    }

    /// The comment reaches the reporter.
    func resolveComment(after action: AccountAction) -> String? { action.reportComment }
}
