import FediCore
import Foundation
import Testing

/// The role verify_credentials reports, per flavour: what `auth list`'s ADMIN and --all-accounts read.
struct AccountRoleTests {
    static func role(_ json: String) throws -> AccountRole? {
        try JSONDecoder().decode(CredentialAccount.self, from: Data(#"{"id": "1", "username": "u", \#(json)}"#.utf8))
            .role
    }

    @Test func mastodonPermissionBitsDecide() throws {
        #expect(
            try Self.role(#""role": {"name": "Owner", "permissions": "1048575"}"#)
                == AccountRole(name: "Owner", permissions: 1_048_575, isAdmin: true, canModerate: true))
        // Manage Reports (0x10) alone moderates without being an admin.
        let reports = try #require(try Self.role(#""role": {"name": "Triage", "permissions": 16}"#))
        #expect(!reports.isAdmin && reports.canModerate)
        // A custom role with only Invite Users (0x10000) does neither, whatever it is called.
        let inviter = try #require(try Self.role(#""role": {"name": "Moderator-ish", "permissions": "65536"}"#))
        #expect(!inviter.isAdmin && !inviter.canModerate)
        let user = try #require(try Self.role(#""role": {"id": "-99", "name": "", "permissions": "0"}"#))
        #expect(!user.isAdmin && !user.canModerate && user.name == nil)
    }

    @Test func otherServersFlagsDecide() throws {
        #expect(try Self.role(#""role": {"name": "moderator"}"#)?.canModerate == true)
        #expect(try Self.role(#""role": {"name": "admin"}"#)?.isAdmin == true)
        #expect(
            try Self.role(#""pleroma": {"is_admin": false, "is_moderator": true}"#)
                == AccountRole(name: "moderator", permissions: nil, isAdmin: false, canModerate: true))
        #expect(try Self.role(#""isAdmin": true"#)?.isAdmin == true)
        #expect(try Self.role(#""acct": "u""#) == nil)
    }
}
