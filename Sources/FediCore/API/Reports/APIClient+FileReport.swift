import FoundationEssentials

/// What a user reports about an account.
public struct ReportDraft: Sendable, Equatable {
    public var statusIDs: [String]
    /// `spam`, `legal` (Mastodon 4.2+), `violation` or `other`; nil: the server's default (`violation`
    /// when rules are given, else `other`).
    public var category: String?
    public var ruleIDs: [String]
    public var comment: String?
    /// Also send the report to the reported account's server (remote accounts only).
    public var forward: Bool

    public init(
        statusIDs: [String] = [], category: String? = nil, ruleIDs: [String] = [], comment: String? = nil,
        forward: Bool = false
    ) {
        self.statusIDs = statusIDs
        self.category = category
        self.ruleIDs = ruleIDs
        self.comment = comment
        self.forward = forward
    }
}

/// A report as its reporter sees it after filing (Mastodon's `Report`, not `Admin::Report`).
/// The Misskey family answers with nothing: there only the target and the comment are known.
public struct FiledReport: Codable, Sendable, Equatable {
    public var id: String?
    public var createdAt: Date?
    public var category: String?
    public var comment: String?
    public var forwarded: Bool?
    public var actionTaken: Bool?
    /// The reported account's `acct` and id.
    public var target: String
    public var targetID: String
    public var statusIDs: [String]
    public var ruleIDs: [String]

    public init(
        id: String? = nil, createdAt: Date? = nil, category: String? = nil, comment: String? = nil,
        forwarded: Bool? = nil,
        actionTaken: Bool? = nil, target: String, targetID: String, statusIDs: [String] = [], ruleIDs: [String] = []
    ) {
        self.id = id
        self.createdAt = createdAt
        self.category = category
        self.comment = comment
        self.forwarded = forwarded
        self.actionTaken = actionTaken
        self.target = target
        self.targetID = targetID
        self.statusIDs = statusIDs
        self.ruleIDs = ruleIDs
    }

    enum CodingKeys: String, CodingKey {
        case id, category, comment, forwarded, target
        case createdAt = "created_at", actionTaken = "action_taken", targetID = "target_id", statusIDs = "status_ids",
            ruleIDs = "rule_ids"
    }

    /// Mastodon's `Report` entity: `{id, action_taken, category, comment, forwarded, created_at,
    /// status_ids, rule_ids, target_account}`.
    struct Mastodon: Decodable {
        var report: FiledReport
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            let target = try? c.decodeIfPresent(Account.self, forKey: "target_account")
            report = FiledReport(
                id: c.lenientString("id"), createdAt: c.lenientDate("created_at"), category: c.optionalText("category"),
                comment: c.optionalText("comment"), forwarded: c.lenientBool("forwarded"),
                actionTaken: c.lenientBool("action_taken"), target: target?.acct ?? "", targetID: target?.id ?? "",
                statusIDs: (try? c.decodeIfPresent([LenientID].self, forKey: "status_ids"))?.map(\.value) ?? [],
                ruleIDs: (try? c.decodeIfPresent([LenientID].self, forKey: "rule_ids"))?.map(\.value) ?? [])
        }
    }

    /// An id sent as a string or a number.
    struct LenientID: Decodable {
        var value: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let text = try? c.decode(String.self) { value = text } else { value = String(try c.decode(Int64.self)) }
        }
    }
}

extension APIClient {
    /// `POST /api/v1/reports` (Mastodon, GoToSocial, Pleroma, Akkoma): reports `account` (its id here).
    public func fileReport(against account: Account, _ draft: ReportDraft) async throws -> Fetched<FiledReport> {
        /// Empty lists and unset fields are left out.
        struct Body: Encodable {
            var accountID: String
            var forward: Bool
            var statusIDs: [String]?
            var ruleIDs: [String]?
            var category: String?
            var comment: String?

            enum CodingKeys: String, CodingKey {
                case accountID = "account_id", forward, statusIDs = "status_ids", ruleIDs = "rule_ids", category,
                    comment
            }
        }
        let body = Body(
            accountID: account.id, forward: draft.forward, statusIDs: draft.statusIDs.isEmpty ? nil : draft.statusIDs,
            ruleIDs: draft.ruleIDs.isEmpty ? nil : draft.ruleIDs, category: draft.category, comment: draft.comment)
        return try await fetch(FiledReport.Mastodon.self, .post, "/api/v1/reports", body: .encoded(body)).map {
            answer in
            var report = answer.report
            // Some servers leave the target out of their answer; it is the account reported.
            if report.targetID.isEmpty { (report.target, report.targetID) = (account.acct, account.id) }
            return report
        }
    }
}

extension MisskeyAdmin {
    /// `users/show`: an account of the Misskey family from `@user@host`, `user@host` or `user`
    /// (the server's own host means a local user), or taken as an id when it has no `@`.
    public func user(_ text: String) async throws -> AdminAccount {
        let handle = text.hasPrefix("@") ? String(text.dropFirst()) : text
        var fields: [String: String]
        if !text.hasPrefix("@"), !handle.contains("@") {
            fields = ["userId": handle]
        } else {
            let parts = handle.split(separator: "@", maxSplits: 1).map(String.init)
            fields = ["username": parts[0]]
            if parts.count == 2, parts[1].lowercased() != client.server.authority,
                parts[1].lowercased() != client.server.baseURL.host?.lowercased()
            {
                fields["host"] = parts[1]
            }
        }
        do {
            return try await call(MisskeyUser.self, "users/show", fields).value.account
        } catch let error as APIError where error.status == 400 || error.status == 404 {
            throw FediError(
                .noInput, "no account \(text) found on \(client.server.authority)",
                hint: "check the handle; remote accounts need the full @user@host")
        }
    }

    /// `users/report-abuse {userId, comment}`: the Misskey family's report (a comment, nothing else).
    public func reportAbuse(userID: String, comment: String) async throws {
        try await perform("users/report-abuse", ["userId": userID, "comment": comment])
    }
}
