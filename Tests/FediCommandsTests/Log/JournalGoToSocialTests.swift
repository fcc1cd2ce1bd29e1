import FediCore
import FediTestSupport
import Foundation
import Testing

/// GoToSocial's rules, drafts and subscriptions in the journal: what each was before, and the undo that
/// puts it back, run by `log undo` after its staleness check (issue 32, item 8).
@Suite struct JournalGoToSocialTests {
    func server() -> FakeServerAccount { FakeServerAccount(software: "gotosocial", version: "0.20.0") }

    static let undoPrefix = "fedictl --account admin@fake.test "

    @Test func aRuleUpdateKeepsTheOldTextAndItsUndoPutsItBack() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-rule-update")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be nice"}"#)
        server.transport.stub(.patch, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be kind"}"#)
        #expect(await server.run(["instance", "rules", "update", "01R", "Be kind"], journal: journal).status == 0)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.subject == "instance-rule" && entry.target == "rule 01R" && entry.subjectID == "01R", "\(entry)")
        #expect(entry.before == #"text: "Be nice""# && entry.after == #"text: "Be kind""#, "\(entry)")
        #expect(entry.undo == Self.undoPrefix + "instance rules update 01R 'Be nice' --yes", "\(entry)")

        server.transport.stub(.get, "/api/v1/instance/rules", json: #"[{"id":"01R","text":"Be kind"}]"#)
        server.transport.stub(.get, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be kind"}"#)
        server.transport.stub(.patch, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be nice"}"#)
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(server.transport.requests.last?.jsonBody?["text"] as? String == "Be nice")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")

        // Changed since by someone else: nothing is sent, exit 79.
        server.transport.stub(.get, "/api/v1/instance/rules", json: #"[{"id":"01R","text":"Be very kind"}]"#)
        let stale = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(stale.status == 79 && stale.stderr.contains(#"it is now text: "Be very kind""#), "\(stale)")
        #expect(server.transport.requests.last?.method == .get)
    }

    @Test func aRemovedRuleIsAddedAgainWithItsText() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-rule-remove")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be nice"}"#)
        server.transport.stub(.delete, "/api/v1/admin/instance/rules/01R", json: #"{"id":"01R","text":"Be nice"}"#)
        #expect(await server.run(["instance", "rules", "remove", "01R", "--yes"], journal: journal).status == 0)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.before == #"text: "Be nice""# && entry.after == "none", "\(entry)")
        #expect(entry.undo == Self.undoPrefix + "instance rules add 'Be nice' --yes", "\(entry)")

        server.transport.stub(.get, "/api/v1/instance/rules", json: "[]")
        server.transport.stub(.get, "/api/v1/instance/rules", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/instance/rules", json: #"{"id":"01S","text":"Be nice"}"#)
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(server.transport.requests.last?.jsonBody?["text"] as? String == "Be nice")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        let readded = try #require(try journal.readNow().entries.last)
        #expect(
            readded.undoes == entry.id && readded.undo == Self.undoPrefix + "instance rules remove 01S --yes",
            "\(readded)")
    }

    static let blockDraft = DomainPermissionToolsTests.draft
    static let acceptedBlock =
        #"[{"id":"01BLK","domain":"dr.example","public_comment":"pub","#
        + #""private_comment":"priv","obfuscate":false,"severity":"suspend"}]"#

    @Test func anAcceptedDraftsBlockIsLiftedByItsUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-accept")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts/01DR", json: Self.blockDraft)
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_drafts/01DR/accept",
            json: #"{"id":"01BLK","domain":"dr.example"}"#)
        #expect(await server.run(["domain-drafts", "accept", "01DR", "--yes"], journal: journal).status == 0)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.subject == "domain-block" && entry.target == "dr.example" && entry.before == "none", "\(entry)")
        #expect(
            entry.after == #"severity: suspend; reject_media: no; reject_reports: no; obfuscate: no; "#
                + #"public_comment: "pub"; private_comment: "priv""#, "\(entry)")
        #expect(entry.undo == Self.undoPrefix + "domain-blocks remove dr.example --yes", "\(entry)")

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.acceptedBlock)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.acceptedBlock)
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/01BLK", json: "{}")
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(server.transport.requests.last?.route == "DELETE /api/v1/admin/domain_blocks/01BLK")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func anAllowAcceptedOverAnotherGetsTheOldCommentBack() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-accept-allow")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = server()
        let draft = Self.blockDraft.replacing(#""permission_type":"block""#, with: #""permission_type":"allow""#)
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts/01DR", json: draft)
        server.transport.stub(
            .get, "/api/v1/admin/domain_allows",
            json: #"[{"id":"01AL","domain":"dr.example","public_comment":"old"}]"#)
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_drafts/01DR/accept",
            json: #"{"id":"01AL2","domain":"dr.example"}"#)
        let accepted = await server.run(["domain-drafts", "accept", "01DR", "--overwrite", "--yes"], journal: journal)
        #expect(accepted.status == 0, "\(accepted)")
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.subject == "domain-allow" && entry.before == #"public_comment: "old""#, "\(entry)")
        #expect(entry.after == #"public_comment: "pub""#, "\(entry)")
        #expect(entry.undo == Self.undoPrefix + "domain-allows add dr.example --comment old --yes", "\(entry)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aRejectionWithExcludeIsTwoEntriesAndLogUndoPutsBothBack() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-reject")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = server()
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts/01DR", json: Self.blockDraft)
        server.transport.stub(.post, "/api/v1/admin/domain_permission_drafts/01DR/remove", json: Self.blockDraft)
        let rejected = await server.run(["domain-drafts", "reject", "01DR", "--exclude", "--yes"], journal: journal)
        #expect(rejected.status == 0, "\(rejected)")
        let entries = try journal.readNow().entries
        let draft = try #require(entries.first { $0.subject == "domain-draft" })
        #expect(draft.target == "dr.example" && draft.after == "none", "\(draft)")
        #expect(
            draft.before == #"type: block; obfuscate: no; public_comment: "pub"; private_comment: "priv""#,
            "\(draft)")
        #expect(
            draft.undo == Self.undoPrefix
                + "domain-drafts add dr.example --type block --public-comment pub --private-comment priv --yes",
            "\(draft)")
        let exclude = try #require(entries.first { $0.subject == "domain-exclude" })
        #expect(exclude.before == "none" && exclude.after == "excluded: yes", "\(exclude)")
        #expect(exclude.undo == Self.undoPrefix + "domain-excludes remove dr.example --yes", "\(exclude)")

        let excludes = "/api/v1/admin/domain_permission_excludes"
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts", json: "[]")
        server.transport.stub(.get, excludes, json: #"[{"id":"01EX","domain":"dr.example"}]"#)
        server.transport.stub(.get, "/api/v1/admin/domain_permission_drafts?permission_type=block", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_permission_drafts",
            json: #"{"id":"01DR2","domain":"dr.example","permission_type":"block"}"#)
        server.transport.stub(.get, excludes, json: #"[{"id":"01EX","domain":"dr.example"}]"#)
        server.transport.stub(.delete, "/api/v1/admin/domain_permission_excludes/01EX", json: "{}")
        let undo = await server.run(["log", "undo", draft.id, exclude.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        let post = try #require(server.transport.requests.last { $0.method == .post }?.jsonBody)
        #expect(post["domain"] as? String == "dr.example" && post["public_comment"] as? String == "pub", "\(post)")
        #expect(post["private_comment"] as? String == "priv", "\(post)")
        #expect(post["permission_type"] as? String == "block", "\(post)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    static let subscription = DomainPermissionToolsTests.subscription
        .replacing(#""fetch_password":"hunter2-secret""#, with: #""fetch_password":"""#)
        .replacing(#""fetch_username":"u""#, with: #""fetch_username":"""#)

    static let subscriptions = "/api/v1/admin/domain_permission_subscriptions"

    /// Subscription 01SUB (as `json` has it) removed on a fake GoToSocial, and the removal's entry.
    func unsubscribed(_ json: String, journal: FileJournal) async throws -> (FakeServerAccount, JournalEntry) {
        let server = server()
        server.transport.stub(.get, Self.subscriptions + "/01SUB", json: json)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, Self.subscriptions + "/01SUB/remove", json: json)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        #expect(await server.run(["domain-subscriptions", "remove", "01SUB", "--yes"], journal: journal).status == 0)
        return (server, try #require(try journal.readNow().entries.last))
    }

    @Test func aRemovedSubscriptionIsAddedAgainWithEverySetting() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-unsubscribe")
        defer { try? FileManager.default.removeItem(at: state) }
        let (server, entry) = try await unsubscribed(Self.subscription, journal: journal)
        let path = Self.subscriptions
        #expect(entry.subject == "domain-subscription" && entry.target == "https://lists.example/block.csv", "\(entry)")
        #expect(
            entry.before == #"type: block; priority: 10; title: "Shared"; as_draft: yes; adopt_orphans: no; "#
                + #"remove_retracted: yes; content_type: text/csv; fetch_username: ""; fetch_password: none"#,
            "\(entry)")
        #expect(
            entry.undo == Self.undoPrefix + "domain-subscriptions add https://lists.example/block.csv --type block "
                + "--priority 10 --title Shared --as-draft --no-adopt-orphans --remove-retracted "
                + "--content-type csv --yes",
            "\(entry)")

        server.transport.stub(.get, path, json: "[]")
        server.transport.stub(.get, path, json: "[]")
        server.transport.stub(.post, path, json: Self.subscription)
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["priority"] as? Int == 10 && body["title"] as? String == "Shared", "\(body)")
        #expect(body["as_draft"] as? Bool == true && body["adopt_orphans"] as? Bool == false, "\(body)")
        #expect(body["remove_retracted"] as? Bool == true && body["content_type"] as? String == "text/csv", "\(body)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")

        // Subscribed again since: the undo of the removal is stale.
        server.transport.stub(.get, path, json: "[\(Self.subscription)]")
        let stale = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(stale.status == 79 && stale.stderr.contains("it is now type: block; priority: 10"), "\(stale)")
    }

    @Test func aSubscriptionWithAFetchPasswordHasNoUndoAndTheJournalNeverHoldsIt() async throws {
        let (journal, state) = try JournalUndoTests.journal("gts-unsubscribe-secret")
        defer { try? FileManager.default.removeItem(at: state) }
        let (server, entry) = try await unsubscribed(DomainPermissionToolsTests.subscription, journal: journal)
        #expect(entry.before?.hasSuffix(#"fetch_username: "u"; fetch_password: set"#) == true, "\(entry)")
        #expect(
            entry.undo == nil && entry.noUndo?.contains("fetch password, which the journal never keeps") == true,
            "\(entry)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: state.path)
        for file in files {
            let text = (try? String(contentsOf: state.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains("hunter2"), "\(file)")
        }
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 69 && undo.stderr.contains("--fetch-password-stdin"), "\(undo)")
    }
}
