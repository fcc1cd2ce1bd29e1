import Foundation
import Testing

@testable import FediCore

/// The user-side wire shapes: filters (v1 and v2), sign-up answers and refusals, registration
/// modes, filed reports; and what each filters API can store.
@Suite struct UserSideModelsTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONCoding.decoder().decode(T.self, from: Data(json.utf8))
    }

    static func server(_ flavour: Flavour, _ version: String, api: Int? = nil) -> ServerInfo {
        ServerInfo(
            flavour: flavour, softwareName: flavour.rawValue, version: version, mastodonAPIVersion: api,
            detectedAt: Date())
    }

    @Test func v2FilterKeepsKeywordsStatusesAndUnknownActions() throws {
        let filter = try decode(
            FilterV2.self,
            """
            {"id": 12, "title": "Politics", "context": ["home"], "expires_at": null, "filter_action": "shout",
             "keywords": [{"id": "5", "keyword": "election", "whole_word": "true"}, {"bad": 1}],
             "statuses": [{"id": "7", "status_id": 1098}]}
            """
        ).filter
        #expect(filter.id == "12")
        #expect(filter.filterAction.rawValue == "shout", "an action fedictl does not know is kept as sent")
        #expect(filter.keywords.first == FilterKeyword(id: "5", keyword: "election", wholeWord: true))
        #expect(filter.statuses == [FilterStatus(id: "7", statusID: "1098")])
        #expect(filter.api == .v2)
    }

    @Test func v1FilterBecomesATitledFilterWithOneKeyword() throws {
        let filter = try decode(
            FilterV1.self,
            """
            {"id": "3", "phrase": "finale", "context": ["home", "thread"], "whole_word": false,
             "expires_at": "2025-02-01T00:00:00.000Z", "irreversible": true}
            """
        ).filter
        #expect(filter.title == "finale")
        #expect(filter.filterAction == .hide)
        #expect(filter.keywords == [FilterKeyword(id: "3", keyword: "finale", wholeWord: false)])
        #expect(filter.expiresAt == FlexibleDate.parse("2025-02-01T00:00:00Z"))
        #expect(filter.api == .v1)
    }

    @Test func draftCheckRefusesWhatTheAPICannotStore() throws {
        let mastodon44 = Self.server(.mastodon, "4.4.0", api: 5)
        let mastodon43 = Self.server(.mastodon, "4.3.0", api: 2)
        let pleroma = Self.server(.pleroma, "2.7.1")
        let two = FilterDraft(
            title: "Politics", keywords: [KeywordDraft("a", wholeWord: false), KeywordDraft("b", wholeWord: false)])
        let blur = FilterDraft(title: "x", action: .blur)

        try FilterSupport(.v2, on: mastodon43).check(two)
        try FilterSupport(.v2, on: mastodon44).check(blur)
        #expect(throws: FediError.self) { try FilterSupport(.v2, on: mastodon43).check(blur) }
        #expect(throws: FediError.self) { try FilterSupport(.v1, on: pleroma).check(blur) }
        #expect(throws: FediError.self) {
            try FilterSupport(.v1, on: pleroma).check(
                FilterDraft(title: "Politics", keywords: [KeywordDraft("a", wholeWord: false)]))
        }
        try FilterSupport(.v1, on: pleroma).check(
            FilterDraft(title: "a", keywords: [KeywordDraft("a", wholeWord: true)], action: .hide))
        let error = #expect(throws: FediError.self) { try FilterSupport(.v1, on: pleroma).check(two) }
        #expect(error?.status == .dataError)
        #expect(error?.message.contains("Pleroma 2.7.1 has only v1 filters") == true)
    }

    @Test func v2FieldsSendOnlyWhatChanges() throws {
        func bytes(_ draft: FilterDraft) throws -> String {
            guard case .json(let data) = try RequestBody.encoded(FilterV2Body(draft)) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        #expect(
            try bytes(FilterDraft(action: .hide, neverExpires: true)) == #"{"expires_in":null,"filter_action":"hide"}"#)
        #expect(
            try bytes(FilterDraft(context: [.home, .public], expiresIn: 3600))
                == #"{"context":["home","public"],"expires_in":3600}"#)
    }

    @Test func signupAnswersInBothShapes() throws {
        #expect(try decode(SignupAnswer.Body.self, #"{"access_token": "t", "token_type": "Bearer"}"#).answer == .token)
        #expect(
            try decode(SignupAnswer.Body.self, #"{"message": "wait", "identifier": "awaiting_approval"}"#).answer
                == .pending(identifier: "awaiting_approval", message: "wait"))
        #expect(throws: DecodingError.self) { try decode(SignupAnswer.Body.self, #"{"ok": true}"#) }
    }

    @Test func fieldRejectionsFromMastodonDetails() {
        let body = Data(
            """
            {"error": "Validation failed: Username has already been taken",
             "details": {"username": [{"error": "ERR_TAKEN", "description": "is already taken"}],
                         "email": [{"error": "ERR_BLOCKED"}, {"error": "ERR_INVALID", "description": "is invalid"}]}}
            """.utf8)
        #expect(
            FieldRejection.all(in: body) == [
                FieldRejection(field: "email", code: "ERR_BLOCKED", description: nil),
                FieldRejection(field: "email", code: "ERR_INVALID", description: "is invalid"),
                FieldRejection(field: "username", code: "ERR_TAKEN", description: "is already taken"),
            ])
        #expect(FieldRejection.all(in: Data(#"{"error": "nope"}"#.utf8)).isEmpty)
    }

    @Test func registrationPolicyFromV2AndV1() throws {
        let v2 = try decode(
            RegistrationPolicy.Document.self,
            """
            {"domain": "m.example", "registrations": {"enabled": true, "approval_required": true, "reason_required": true, "min_age": 16}}
            """
        ).policy
        #expect(v2 == RegistrationPolicy(mode: .approvalRequired, reasonRequired: true, minAge: 16))
        let v1 = try decode(
            RegistrationPolicy.Document.self,
            #"{"uri": "a.example", "registrations": false, "approval_required": false}"#
        ).policy
        #expect(v1.mode == .closed)
        let open = try decode(RegistrationPolicy.Document.self, #"{"uri": "a.example", "registrations": true}"#).policy
        #expect(open.mode == .open)
    }

    @Test func filedReportFromMastodon() throws {
        let report = try decode(
            FiledReport.Mastodon.self,
            """
            {"id": "48914", "action_taken": false, "category": "spam", "comment": "", "forwarded": false,
             "created_at": "2022-08-25T09:56:16.763Z", "status_ids": ["108882889550545820"], "rule_ids": null,
             "target_account": {"id": "108366849347798387", "username": "Baluke", "acct": "Baluke"}}
            """
        ).report
        #expect(report.id == "48914")
        #expect(report.comment == nil)
        #expect(report.statusIDs == ["108882889550545820"])
        #expect(report.ruleIDs.isEmpty)
        #expect(report.target == "Baluke")
        #expect(report.targetID == "108366849347798387")
    }
}
