import FediCore
import FediTestSupport
import Foundation
import Testing

/// Issue 32's journal with undo against the REAL GoToSocial 0.20: a rule's update and removal, a draft's
/// acceptance and rejection, a subscription's removal, each journaled with its before and after, and
/// `log undo` putting the server back as it was. Every test leaves the server as it found it, as the
/// other suite's checks of whole lists expect.
extension GoToSocialAdminRealTests {
    /// A server and a journal of its own for one test.
    struct Journaled {
        let gts: RealGoToSocial
        let journal: FileJournal

        func run(_ arguments: [String], input: String = "") async -> CommandResult {
            await gts.run(arguments, input: input, journal: journal)
        }

        /// The last entry of `verb` (its subject: where one request makes several).
        func entry(_ verb: String, subject: String? = nil) throws -> JournalEntry {
            let entries = try journal.readNow().entries
            return try #require(entries.last { $0.verb == verb && (subject == nil || $0.subject == subject) })
        }

        func undo(_ entries: JournalEntry...) async -> CommandResult {
            await run(["log", "undo"] + entries.map(\.id) + ["--yes"])
        }
    }

    func journaled(_ label: String) async throws -> (Journaled, URL) {
        let (journal, state) = try SeededJournal.make(label, [])
        return (Journaled(gts: try await server(), journal: journal), state)
    }

    @Test func aRulesUpdateAndRemovalAreUndoneOnTheRealServer() async throws {
        let (gts, state) = try await journaled("gts-undo-rules")
        defer { try? FileManager.default.removeItem(at: state) }
        let added = await gts.run(["instance", "rules", "add", "Undo me, please.", "-o", "json"])
        let ruleID = try #require((try? added.json() as? [String: Any])?["id"] as? String, "\(added)")
        #expect(await gts.run(["instance", "rules", "update", ruleID, "Changed."]).status == 0)
        let update = try gts.entry("instance rules update")
        #expect(update.before == #"text: "Undo me, please.""# && update.after == #"text: "Changed.""#, "\(update)")
        let undone = await gts.undo(update)
        #expect(undone.status == 0, "\(undone)")
        var rules = try await gts.gts.get("/api/v1/instance/rules")
        #expect(
            rules.contains { $0["id"] as? String == ruleID && $0["text"] as? String == "Undo me, please." },
            "\(rules)")
        // Undone already: the rule is no longer as the update left it, so a second undo is stale.
        let stale = await gts.undo(update)
        #expect(stale.status == 79 && stale.stderr.contains(#"it is now text: "Undo me, please.""#), "\(stale)")

        #expect(await gts.run(["instance", "rules", "remove", ruleID, "--yes"]).status == 0)
        let removal = try gts.entry("instance rules remove")
        #expect(removal.before == #"text: "Undo me, please.""# && removal.after == "none", "\(removal)")
        let readded = await gts.undo(removal)
        #expect(readded.status == 0, "\(readded)")
        rules = try await gts.gts.get("/api/v1/instance/rules")
        let back = try #require(rules.first { $0["text"] as? String == "Undo me, please." }, "\(rules)")
        let backID = try #require(back["id"] as? String)
        #expect(await gts.run(["instance", "rules", "remove", backID, "--yes"]).status == 0)
    }

    @Test func aDraftsAcceptanceAndRejectionAreUndoneOnTheRealServer() async throws {
        let (gts, state) = try await journaled("gts-undo-drafts")
        defer { try? FileManager.default.removeItem(at: state) }
        let drafted = await gts.run([
            "domain-drafts", "add", "undo-accept.example", "--type", "block",
            "--public-comment", "spam",
            "--private-comment", "seen thrice", "-o", "json",
        ])
        let draftID = try #require((try? drafted.json() as? [String: Any])?["id"] as? String, "\(drafted)")
        #expect(await gts.run(["domain-drafts", "accept", draftID, "--yes"]).status == 0)
        let accept = try gts.entry("domain-drafts accept")
        #expect(accept.subject == "domain-block" && accept.before == "none", "\(accept)")
        #expect(accept.after?.contains(#"public_comment: "spam"; private_comment: "seen thrice""#) == true, "\(accept)")
        func blocked() async throws -> Bool {
            let blocks = try await gts.gts.get("/api/v1/admin/domain_blocks")
            return blocks.contains { $0["domain"] as? String == "undo-accept.example" }
        }
        #expect(try await blocked())
        let lifted = await gts.undo(accept)
        #expect(lifted.status == 0, "\(lifted)")
        #expect(try await !blocked())

        let second = await gts.run([
            "domain-drafts", "add", "undo-reject.example", "--type", "allow",
            "--public-comment", "friends", "-o", "json",
        ])
        let secondID = try #require((try? second.json() as? [String: Any])?["id"] as? String, "\(second)")
        #expect(await gts.run(["domain-drafts", "reject", secondID, "--exclude", "--yes"]).status == 0)
        let draft = try gts.entry("domain-drafts reject", subject: "domain-draft")
        let exclude = try gts.entry("domain-drafts reject", subject: "domain-exclude")
        #expect(
            draft.before == #"type: allow; obfuscate: no; public_comment: "friends"; private_comment: """#,
            "\(draft)")
        #expect(exclude.after == "excluded: yes", "\(exclude)")
        let restored = await gts.undo(draft, exclude)
        #expect(restored.status == 0, "\(restored)")
        let drafts = try await gts.gts.get("/api/v1/admin/domain_permission_drafts")
        let again = try #require(drafts.first { $0["domain"] as? String == "undo-reject.example" }, "\(drafts)")
        #expect(again["permission_type"] as? String == "allow", "\(again)")
        #expect(again["public_comment"] as? String == "friends", "\(again)")
        let excludes = try await gts.gts.get("/api/v1/admin/domain_permission_excludes")
        #expect(!excludes.contains { $0["domain"] as? String == "undo-reject.example" }, "\(excludes)")
        #expect(await gts.run(["domain-drafts", "reject", try #require(again["id"] as? String), "--yes"]).status == 0)
    }

    @Test func aSubscriptionsRemovalIsUndoneUnlessItHadAFetchPassword() async throws {
        let (gts, state) = try await journaled("gts-undo-subscriptions")
        defer { try? FileManager.default.removeItem(at: state) }
        // A list that is not there: the server makes nothing from it while the test runs.
        let url = gts.gts.listURL("undo-absent.txt")
        let added = await gts.run([
            "domain-subscriptions", "add", url, "--type", "block", "--priority", "9",
            "--title", "Undo list", "--adopt-orphans", "--no-remove-retracted", "-o", "json",
        ])
        let subID = try #require((try? added.json() as? [String: Any])?["id"] as? String, "\(added)")
        #expect(await gts.run(["domain-subscriptions", "remove", subID, "--yes"]).status == 0)
        let removal = try gts.entry("domain-subscriptions remove")
        #expect(
            removal.before == #"type: block; priority: 9; title: "Undo list"; as_draft: yes; adopt_orphans: yes; "#
                + #"remove_retracted: no; content_type: text/plain; fetch_username: ""; fetch_password: none"#,
            "\(removal)")
        let resubscribed = await gts.undo(removal)
        #expect(resubscribed.status == 0, "\(resubscribed)")
        let subscriptions = try await gts.gts.get("/api/v1/admin/domain_permission_subscriptions")
        let back = try #require(subscriptions.first { $0["uri"] as? String == url }, "\(subscriptions)")
        #expect(back["priority"] as? Int == 9 && back["title"] as? String == "Undo list", "\(back)")
        #expect(back["adopt_orphans"] as? Bool == true && back["remove_retracted"] as? Bool == false, "\(back)")
        #expect(back["as_draft"] as? Bool == true && back["content_type"] as? String == "text/plain", "\(back)")
        let backID = try #require(back["id"] as? String)

        // With a fetch password: removed, journaled without it, and no undo.
        let update = ["domain-subscriptions", "update", backID, "--fetch-username", "u", "--fetch-password-stdin"]
        #expect(await gts.run(update, input: "undo-s3cret\n").status == 0)
        #expect(await gts.run(["domain-subscriptions", "remove", backID, "--yes"]).status == 0)
        let secret = try gts.entry("domain-subscriptions remove")
        #expect(secret.undo == nil && secret.noUndo?.contains("fetch password") == true, "\(secret)")
        let refused = await gts.undo(secret)
        #expect(refused.status == 69, "\(refused)")
        for file in try FileManager.default.subpathsOfDirectory(atPath: state.path) {
            let text = (try? String(contentsOf: state.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("undo-s3cret"), "\(file)")
        }
        #expect(try await gts.gts.get("/api/v1/admin/domain_permission_subscriptions").isEmpty)
    }
}
