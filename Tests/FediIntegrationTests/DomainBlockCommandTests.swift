import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks`, `domain-allows`, `email-blocks`, `ip-blocks` and `canonical-email-blocks` against
/// mastodon_mock over libcurl, checking the server's state after each write.
struct DomainBlockCommandTests {
    static func adminGet(_ server: ServerProcess, _ path: String) async throws -> Any {
        try await server.json(.get, path, token: MockServer.admin.token)
    }

    /// Every verb that takes a domain reads it the same way: a pasted URL or handle gives its host.
    @Test func aPastedURLOrHandleNamesItsDomainAndAWildcardIsRefused() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let fromURL = await admin.run(["domain-blocks", "add", "https://Spam.Example./about"])
        #expect(fromURL.status == 0, "\(fromURL)")
        let fromHandle = await admin.run(["domain-allows", "add", "@someone@Friends.Example"])
        #expect(fromHandle.status == 0, "\(fromHandle)")
        let blocks = try #require(try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [[String: Any]])
        #expect(blocks.map { $0["domain"] as? String } == ["spam.example"])
        let allows = try #require(try await Self.adminGet(server, "/api/v1/admin/domain_allows") as? [[String: Any]])
        #expect(allows.map { $0["domain"] as? String } == ["friends.example"])
        for bad in ["not a domain", "localhost"] {
            let refused = await admin.run(["domain-blocks", "add", bad])
            #expect(refused.status == 64, "\(bad): \(refused)")
            #expect(refused.stderr.hasPrefix("fedictl: '\(bad)' is not a domain: "), "\(refused)")
        }
        // A wildcard is a name only Pleroma/Akkoma keep (HostileTextTests).
        #expect(await admin.run(["domain-blocks", "add", "*.spam.example"]).status == 65)
    }

    @Test func addIsIdempotentAndUpdatesOnlyWhatDiffers() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let added = await admin.run([
            "domain-blocks", "add", "Spam.Example", "--public-comment", "Spam, lots", "-o", "json",
        ])
        #expect(added.status == 0, "\(added)")
        #expect(added.stderr == "Blocked spam.example (suspend).\n")
        let block = try #require(try added.json() as? [String: Any])
        #expect(block["domain"] as? String == "spam.example" && block["severity"] as? String == "suspend")
        #expect(block["public_comment"] as? String == "Spam, lots" && block["reject_media"] as? Bool == false)

        let again = await admin.run(["domain-blocks", "add", "spam.example", "--verbose"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("spam.example is already blocked with these settings; nothing sent.\n"))
        #expect(!again.stderr.contains("> POST") && !again.stderr.contains("> PUT"))

        let changed = await admin.run([
            "domain-blocks", "add", "spam.example", "--severity", "silence", "--reject-media",
            "--private-comment", "seen in reports",
        ])
        #expect(changed.status == 0, "\(changed)")
        #expect(changed.stderr == "Updated the block on spam.example: severity, reject_media, private_comment.\n")
        let onServer = try #require(try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [[String: Any]])
        #expect(onServer.count == 1)
        #expect(onServer[0]["severity"] as? String == "silence" && onServer[0]["reject_media"] as? Bool == true)
        #expect(
            onServer[0]["public_comment"] as? String == "Spam, lots"
                && onServer[0]["private_comment"] as? String == "seen in reports")
    }

    @Test func aParentDomainsBlockIsReportedAsCoveredNotAsAFailure() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        #expect(await admin.run(["domain-blocks", "add", "bad.example"]).status == 0)
        let id = try #require(
            (try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [[String: Any]])?.first?["id"]
                as? String)

        // Seen in the list already: nothing sent.
        let local = await admin.run(["domain-blocks", "add", "sub.bad.example", "--severity", "silence", "--verbose"])
        #expect(local.status == 0, "\(local)")
        #expect(
            local.stderr.contains(
                "sub.bad.example is already covered by the suspend block on bad.example, id \(id); nothing sent.\n"))
        #expect(!local.stderr.contains("> POST"))
        #expect(local.stdout.contains("domain\tbad.example\n"))

        // Only the server knows (mastodon_mock does not apply the rule, so its 422 is injected).
        let existing: [String: Any] = [
            "id": "99", "domain": "evil.example", "severity": "suspend", "reject_media": false,
            "reject_reports": false, "obfuscate": false, "created_at": "2025-01-01T00:00:00.000Z",
        ]
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"], "count": 1,
            "effect": [
                "type": "status", "status": 422,
                "body": ["error": "Validation failed: Domain is already blocked", "existing_domain_block": existing],
            ],
        ])
        let remote = await admin.run(["domain-blocks", "add", "www.evil.example", "-o", "json"])
        #expect(remote.status == 0, "\(remote)")
        #expect(
            remote.stderr
                == "www.evil.example is already covered by the suspend block on evil.example, id 99; nothing sent.\n")
        #expect((try remote.json() as? [String: Any])?["domain"] as? String == "evil.example")
        #expect((try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [[String: Any]])?.count == 1)

        // Any other 422 is bad data, with the server's words.
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"], "count": 1,
            "effect": ["type": "status", "status": 422, "body": ["error": "Validation failed: Domain is invalid"]],
        ])
        let refused = await admin.run(["domain-blocks", "add", "weird.example"])
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "fedictl: 127.0.0.1:\(server.port) rejected the request (HTTP 422): Validation failed: Domain is invalid\n"
            ))
    }

    @Test func showUpdateRemoveByDomainOrID() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        #expect(
            await admin.run(["domain-blocks", "add", "spam.example", "--severity", "noop", "--reject-reports"]).status
                == 0)
        let id = try #require(
            (try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [[String: Any]])?.first?["id"]
                as? String)

        let list = await admin.run(["domain-blocks", "list"])
        #expect(list.stdout == admin.listed("\(id)\tspam.example\tnoop\tno\tyes\t\n"), "\(list)")
        let byID = await admin.run(["domain-blocks", "show", id, "--fields", "domain,severity,reject_reports"])
        #expect(byID.stdout == "domain\tspam.example\nseverity\tnoop\nreject_reports\tyes\n", "\(byID)")
        let raw = await admin.run(["domain-blocks", "show", "spam.example", "--raw"])
        #expect((try raw.json() as? [String: Any])?["id"] as? String == id)
        let missing = await admin.run(["domain-blocks", "show", "123456789"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderr.hasPrefix("fedictl: no domain block 123456789 on 127.0.0.1:\(server.port)\n"))
        let unknownDomain = await admin.run(["domain-blocks", "remove", "nothere.example", "--yes"])
        #expect(unknownDomain.status == 0, "like add, remove is safe to repeat: \(unknownDomain)")
        #expect(unknownDomain.stderr == "nothere.example is not blocked on 127.0.0.1:\(server.port); nothing sent.\n")
        #expect(unknownDomain.stdout.isEmpty)

        let update = await admin.run([
            "domain-blocks", "update", "spam.example", "--severity", "suspend", "--no-reject-reports", "--obfuscate",
        ])
        #expect(update.status == 0, "\(update)")
        let updated = try #require(
            try await Self.adminGet(server, "/api/v1/admin/domain_blocks/\(id)") as? [String: Any])
        #expect(
            updated["severity"] as? String == "suspend" && updated["reject_reports"] as? Bool == false
                && updated["obfuscate"] as? Bool == true)
        let nothing = await admin.run(["domain-blocks", "update", id])
        #expect(nothing.status == 64)

        let dryRun = await admin.run(["domain-blocks", "remove", id, "--dry-run"])
        #expect(dryRun.status == 0)
        #expect(
            dryRun.stdout
                == "dry run: would send DELETE http://127.0.0.1:\(server.port)/api/v1/admin/domain_blocks/\(id)\n")
        let unconfirmed = await admin.run(["domain-blocks", "remove", id])
        #expect(unconfirmed.status == 64)
        #expect(unconfirmed.stderr.hasPrefix("fedictl: Lift the suspend block on spam.example: confirmation needed\n"))
        let removed = await admin.run(["domain-blocks", "rm", "spam.example", "--yes"])
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.stderr == "Lifted the block on spam.example.\n")
        #expect((try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [Any])?.isEmpty == true)
    }

    @Test func addWithDryRunPrintsThePostAndSendsNothing() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        let dryRun = await admin.run(["domain-blocks", "add", "spam.example", "--severity", "silence", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(
            dryRun.stdout.hasPrefix(
                "dry run: would send POST http://127.0.0.1:\(server.port)/api/v1/admin/domain_blocks\n"))
        #expect(dryRun.stdout.contains("\"severity\":\"silence\""))
        #expect((try await Self.adminGet(server, "/api/v1/admin/domain_blocks") as? [Any])?.isEmpty == true)
    }

    @Test func exportWithOutputJSONWritesJSON() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        #expect(await admin.run(["domain-blocks", "add", "spam.example", "--severity", "suspend"]).status == 0)
        let export = await admin.run(["domain-blocks", "export", "-o", "json"])
        #expect(export.status == 0, "\(export)")
        let rows = try #require(try export.json() as? [[String: Any]], "\(export.stdout)")
        #expect(rows.map { $0["domain"] as? String } == ["spam.example"])
        #expect(rows.first?["severity"] as? String == "suspend")
        let clash = await admin.run(["domain-blocks", "export", "-o", "json", "--format", "list"])
        #expect(clash.status == 64, "\(clash)")
        #expect(
            await admin.run(["domain-blocks", "export", "-o", "table", "--format", "list"]).stdout == "spam.example\n")
    }

    @Test func domainAllowsAndEmailBlocks() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        // Mastodon keeps no comment on an allow: refused, nothing sent, rather than dropped.
        let commented = await admin.run(["domain-allows", "add", "friends.example", "--comment", "sister instance"])
        #expect(commented.status == 65, "\(commented)")
        #expect(
            commented.stderr.hasPrefix(
                "fedictl: Mastodon 4.6.0 cannot keep a comment on an allowed domain; nothing was sent\n"),
            "\(commented)")
        #expect((try await Self.adminGet(server, "/api/v1/admin/domain_allows") as? [Any])?.isEmpty == true)
        let allow = await admin.run(["domain-allows", "add", "friends.example"])
        #expect(allow.status == 0, "\(allow)")
        #expect(
            await admin.run(["domain-allows", "add", "friends.example"]).stderr
                == "friends.example is already allowed; nothing sent.\n")
        let allows = await admin.run(["domain-allows", "list", "--fields", "domain"])
        #expect(allows.stdout == admin.listed("friends.example\n"), "\(allows)")
        let removeAllow = await admin.run(["domain-allows", "remove", "friends.example", "--yes"])
        #expect(removeAllow.status == 0, "\(removeAllow)")
        #expect((try await Self.adminGet(server, "/api/v1/admin/domain_allows") as? [Any])?.isEmpty == true)

        #expect(await admin.run(["email-blocks", "add", "mailinator.example"]).status == 0)
        let emails = await admin.run(["email-blocks", "list", "-o", "json"])
        let rows = try #require(try emails.json() as? [[String: Any]])
        #expect(rows.map { $0["domain"] as? String } == ["mailinator.example"])
        #expect(rows[0]["history"] as? [Any] != nil)
        #expect(rows[0]["account"] as? String == admin.account, "the account it was read as: \(emails.stdout)")
        let notThere = await admin.run(["email-blocks", "remove", "other.example", "--yes"])
        #expect(notThere.status == 66)
        #expect(
            notThere.stderr.hasPrefix(
                "fedictl: other.example is not a blocked e-mail domain on 127.0.0.1:\(server.port)\n"))
        #expect(await admin.run(["email-blocks", "rm", "mailinator.example", "--yes"]).status == 0)
        #expect((try await Self.adminGet(server, "/api/v1/admin/email_domain_blocks") as? [Any])?.isEmpty == true)
    }

    @Test func ipBlocksValidateLocallyAndExpire() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        for bad in [
            ["192.0.2.0/33", "--severity", "no_access"], ["2001:db8:::/32", "--severity", "no_access"],
            ["192.0.2.0/24", "--severity", "ban"], ["192.0.2.0/24", "--severity", "no_access", "--expires-in", "soon"],
            ["192.0.2.0/24"],
        ] {
            let result = await admin.run(["ip-blocks", "add"] + bad)
            #expect(result.status == 64, "\(bad): \(result)")
        }
        #expect((try await Self.adminGet(server, "/api/v1/admin/ip_blocks") as? [Any])?.isEmpty == true)

        let before = Date()
        let add = await admin.run([
            "ip-blocks", "add", "192.0.2.0/24", "--severity", "sign_up_block", "--comment", "spam wave",
            "--expires-in", "1d12h", "-o", "json",
        ])
        #expect(add.status == 0, "\(add)")
        let block = try #require(try add.json() as? [String: Any])
        let id = try #require(block["id"] as? String)
        #expect(block["ip"] as? String == "192.0.2.0/24" && block["severity"] as? String == "sign_up_block")
        let expires = try #require((block["expires_at"] as? String).flatMap(FlexibleDate.parse))
        #expect(abs(expires.timeIntervalSince(before) - 129_600) < 60)
        let v6 = await admin.run(["ip-blocks", "add", "2001:db8::/32", "--severity", "no_access"])
        #expect(v6.status == 0, "\(v6)")

        // The same command again: the expiry it asks for is within its own precision (an hour) of the kept one.
        let again = await admin.run([
            "ip-blocks", "add", "192.0.2.0/24", "--severity", "sign_up_block", "--comment", "spam wave",
            "--expires-in", "1d12h",
        ])
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr == "192.0.2.0/24 is already blocked with these settings; nothing sent.\n", "\(again)")
        let kept = try #require(try await Self.adminGet(server, "/api/v1/admin/ip_blocks/\(id)") as? [String: Any])
        let keptExpiry = try #require((kept["expires_at"] as? String).flatMap(FlexibleDate.parse))
        #expect(abs(keptExpiry.timeIntervalSince(expires)) < 0.01, "the expiry did not move")
        let same = await admin.run(["ip-blocks", "add", "192.0.2.0/24", "--severity", "sign_up_block"])
        #expect(same.stderr == "192.0.2.0/24 is already blocked with these settings; nothing sent.\n", "\(same)")
        let update = await admin.run(["ip-blocks", "update", id, "--severity", "no_access", "--comment", "worse"])
        #expect(update.status == 0, "\(update)")
        let updated = try #require(try await Self.adminGet(server, "/api/v1/admin/ip_blocks/\(id)") as? [String: Any])
        #expect(updated["severity"] as? String == "no_access" && updated["comment"] as? String == "worse")
        let list = await admin.run(["ip-blocks", "list", "--fields", "ip,severity"])
        #expect(
            Set(admin.rows(list.stdout)) == [["192.0.2.0/24", "no_access"], ["2001:db8::/32", "no_access"]], "\(list)")

        #expect(await admin.run(["ip-blocks", "remove", "424242", "--yes"]).status == 66)
        #expect(await admin.run(["ip-blocks", "remove", id, "--yes"]).status == 0)
        #expect((try await Self.adminGet(server, "/api/v1/admin/ip_blocks") as? [Any])?.count == 1)
    }

    @Test func canonicalEmailBlocks() async throws {
        let server = try await MockServer.start()
        let admin = UserSide(server, MockServer.admin)
        #expect(await admin.run(["canonical-email-blocks", "add", "not-an-address"]).status == 64)
        let add = await admin.run(["canonical-email-blocks", "add", "j.doe+spam@example.com", "-o", "json"])
        #expect(add.status == 0, "\(add)")
        let block = try #require(try add.json() as? [String: Any])
        let id = try #require(block["id"] as? String)
        #expect((block["canonical_email_hash"] as? String)?.count == 64)

        let match = await admin.run(["canonical-email-blocks", "test", "jdoe@example.com", "--fields", "id"])
        #expect(match.stdout == admin.listed("\(id)\n"), "\(match)")
        let noMatch = await admin.run(["canonical-email-blocks", "test", "someone@example.com"])
        #expect(noMatch.status == 0 && noMatch.stdout.isEmpty)
        #expect(await admin.run(["canonical-email-blocks", "list"]).stdout.hasPrefix("\(admin.account)\t\(id)\t"))
        #expect(await admin.run(["canonical-email-blocks", "remove", id, "--yes"]).status == 0)
        #expect(await admin.run(["canonical-email-blocks", "remove", id, "--yes"]).status == 66)
    }
}
