import Foundation
import Testing

@testable import FediCore

/// Reports and server users arrive in shapes that drifted across versions and software; each is read
/// into the same `Report` and `AdminAccount`.
struct ModerationDecodingTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONCoding.decoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func mastodonAccountsBefore4HadARoleStringAnd35AnIPObject() throws {
        let old = try decode(
            MastodonAdminAccount.self,
            """
            {"id": 12, "username": "mod", "domain": null, "role": "moderator", "ip": {"ip": "192.0.2.7", "used_at": "2022-03-01"},
             "email": "mod@example.org", "invite_request": "", "approved": true, "suspended": false,
             "account": {"id": "12", "username": "mod", "acct": "mod", "display_name": "The Mod"}}
            """
        ).account
        #expect(old.id == "12")
        #expect(old.role == "moderator" && old.staff == true)
        #expect(old.ip == "192.0.2.7")
        #expect(old.reason == nil)  // "" means none
        #expect(old.displayName == "The Mod")
        #expect(old.status == "active")

        let remote = try decode(
            MastodonAdminAccount.self,
            """
            {"id": "01JGZ4B6D8F0H2K4M6P8R0T2V4", "username": "spammer", "domain": "spam.example", "email": "", "ip": null, "role": null,
             "approved": true, "suspended": true, "account": {"id": "01JGZ4B6D8F0H2K4M6P8R0T2V4", "username": "spammer", "acct": "spammer@spam.example"}}
            """
        ).account
        #expect(remote.acct == "spammer@spam.example")
        #expect(remote.email == nil && remote.ip == nil && remote.role == nil && remote.staff == nil)
        #expect(remote.status == "suspended")
    }

    @Test func aRoleIsStaffByItsPermissionBitsOrItsName() throws {
        func role(_ json: String) throws -> AdminAccount {
            try decode(MastodonAdminAccount.self, #"{"id": "1", "username": "x", "role": \#(json)}"#).account
        }
        #expect(try role(#"{"id": "3", "name": "Admin", "permissions": "1048575"}"#).staff == true)
        #expect(try role(#"{"id": "7", "name": "Report triage", "permissions": "16"}"#).staff == true)
        #expect(try role(#"{"id": "-99", "name": "", "permissions": "65536"}"#).role == nil)
        #expect(try role(#"{"id": "-99", "name": "", "permissions": "65536"}"#).staff == false)
    }

    @Test func pleromaUsersWithTheNamesFromBefore23() throws {
        let user = try decode(
            PleromaAdminUser.self,
            """
            {"id": "9i6dAJqSGSKMzLG2Lo", "nickname": "troll@bad.example", "deactivated": true, "approval_pending": false,
             "confirmation_pending": false, "roles": {"admin": false, "moderator": true}, "tags": ["mrf_tag:media-force-nsfw"], "local": false}
            """)
        #expect(user.nickname == "troll@bad.example")
        #expect(user.account.username == "troll" && user.account.domain == "bad.example")
        #expect(user.account.suspended == true && user.account.approved == true && user.account.confirmed == true)
        #expect(user.account.sensitized == true && user.account.silenced == false)
        #expect(user.account.role == "moderator" && user.account.staff == true)
        #expect(user.account.status == "suspended")
    }

    @Test func aMisskeyReportKeepsItsResolverAndNote() throws {
        let report = try decode(
            MisskeyReport.self,
            """
            {"id": "a2ilo8w0dpzhmseb", "createdAt": "2025-01-02T08:00:00.000Z", "comment": "harassing people", "resolved": true,
             "reporterId": "9qhtom80q9rz0adg", "targetUserId": "a209itc06x", "assigneeId": "9ka9eyo0dxmzym4v",
             "reporter": {"id": "9qhtom80q9rz0adg", "username": "mika", "host": null},
             "targetUser": {"id": "a209itc06x", "username": "edgelord", "host": "noisy.example"},
             "assignee": {"id": "9ka9eyo0dxmzym4v", "username": "admin", "host": null},
             "forwarded": true, "resolvedAs": "accept", "moderationNote": "warned via DM first"}
            """
        ).report
        #expect(report.state == "resolved" && report.actionTaken)
        #expect(
            report.reporter == "mika" && report.target == "edgelord@noisy.example" && report.targetID == "a209itc06x")
        #expect(report.assignedTo == "admin" && report.actionTakenBy == "admin")
        #expect(report.actionComment == "accept")
        #expect(report.notes == [ReportNote(id: nil, author: nil, content: "warned via DM first", createdAt: nil)])
    }

    @Test func aReportWithoutAnIdIsRefusedAndOneBadPostIsSkipped() throws {
        #expect(throws: DecodingError.self) { try decode(MastodonAdminReport.self, #"{"action_taken": false}"#) }
        let report = try decode(
            MastodonAdminReport.self,
            """
            {"id": "5", "action_taken": false, "statuses": [{"content": "no id"}, {"id": "9", "content": "<p>hi</p>", "spoiler_text": ""}]}
            """
        ).report
        #expect(report.posts.map(\.id) == ["9"])
        #expect(report.posts.first?.content == "hi")
    }

    @Test func theV1ListSpellsStatesAsFlags() {
        let query = AccountQuery(status: .pending, origin: .local, domain: nil, username: "bir", staff: true)
        let (v2, v2Items) = MastodonAdminAccounts.accountList(query, v2: true)
        #expect(v2 == "/api/v2/admin/accounts")
        #expect(
            v2Items.map { "\($0.name)=\($0.value ?? "")" } == [
                "username=bir", "origin=local", "status=pending", "permissions=staff",
            ])
        let (v1, v1Items) = MastodonAdminAccounts.accountList(query, v2: false)
        #expect(v1 == "/api/v1/admin/accounts")
        #expect(
            v1Items.map { "\($0.name)=\($0.value ?? "")" } == [
                "username=bir", "local=true", "pending=true", "staff=true",
            ])
        // Only v1 has the sensitized.
        #expect(
            MastodonAdminAccounts.accountList(
                AccountQuery(status: .sensitized),
                v2: true
            ).0 == "/api/v1/admin/accounts")
    }
}
