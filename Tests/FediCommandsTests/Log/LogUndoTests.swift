import FediCore
import FediTestSupport
import Foundation
import Testing

/// `log undo` in the fast tier: a whole before put back, a stale subject refused, a dry run, a failed entry.
@Suite struct LogUndoTests {
    static let silenced =
        "["
        + #"{"id": "2", "domain": "noisy.example", "severity": "silence", "reject_media": true, "#
        + #""reject_reports": false, "#
        + #""public_comment": "Unmoderated", "private_comment": "see #12", "obfuscate": false}"# + "]"

    /// The silenced noisy.example lifted on a fake server, and the lift's entry.
    static func lifted(_ journal: FileJournal) async throws -> (FakeServerAccount, JournalEntry) {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.silenced)
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/2", json: "{}")
        let lift = await server.run(["domain-blocks", "remove", "noisy.example", "--yes"], journal: journal)
        #expect(lift.status == 0, "\(lift)")
        return (server, try #require(try journal.readNow().entries.last))
    }

    @Test func aLiftedSilenceBlockIsJournaledWholeAndUndoneAsSilence() async throws {
        let (journal, state) = try JournalUndoTests.journal("undo-lift")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.silenced)
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/2", json: "{}")
        let lift = await server.run(
            ["domain-blocks", "remove", "noisy.example", "--yes", "--reason", "appeal #4 granted"], journal: journal)
        #expect(lift.status == 0, "\(lift)")
        let entry = try #require(try journal.readNow().entries.last)
        #expect(
            entry.target == "noisy.example" && entry.subject == "domain-block" && entry.reason == "appeal #4 granted",
            "\(entry)")
        #expect(
            entry.before
                == #"severity: silence; reject_media: yes; reject_reports: no; obfuscate: no; "#
                + #"public_comment: "Unmoderated"; private_comment: "see #12""#
        )
        #expect(entry.after == "none")
        #expect(
            entry.undo
                == "fedictl --account admin@fake.test domain-blocks add noisy.example "
                + "--severity silence --reject-media "
                + "--no-reject-reports --no-obfuscate --public-comment Unmoderated --private-comment 'see #12' --yes",
            "\(entry)")

        // Undo: the block is read (still gone: not stale), then made again exactly as it was.
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks",
            json: #"{"id": "3", "domain": "noisy.example", "severity": "silence"}"#)
        let undo = await server.run(["log", "undo", String(entry.id.prefix(6)), "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(
            undo.stderr.hasPrefix(
                "On fake.test:\n  fedictl --account admin@fake.test domain-blocks add noisy.example "
                    + "--severity silence"),
            "\(undo)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/domain_blocks")
        #expect(
            post.jsonBody?["severity"] as? String == "silence" && post.jsonBody?["reject_media"] as? Bool == true,
            "\(post.jsonBody ?? [:])")
        #expect(
            post.jsonBody?["public_comment"] as? String == "Unmoderated"
                && post.jsonBody?["private_comment"] as? String == "see #12")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        // The undo is journaled, names what it undid, and can be undone in turn.
        let redo = try #require(try journal.readNow().entries.last)
        #expect(redo.undoes == entry.id && redo.before == "none" && redo.verb == "domain-blocks add", "\(redo)")
        #expect(redo.undo == "fedictl --account admin@fake.test domain-blocks remove noisy.example --yes")
    }

    @Test func aSubjectChangedSinceIsRefusedWith79UnlessForced() async throws {
        let (journal, state) = try JournalUndoTests.journal("undo-stale")
        defer { try? FileManager.default.removeItem(at: state) }
        let (server, entry) = try await Self.lifted(journal)
        // Someone blocked it again meanwhile, as a suspension.
        let remade = "[" + #"{"id": "9", "domain": "noisy.example", "severity": "suspend"}"# + "]"
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: remade)
        let stale = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(stale.status == 79, "\(stale)")
        #expect(
            stale.stderr.contains(
                "fedictl: noisy.example on fake.test changed since entry \(entry.id): it is now severity: suspend;"),
            "\(stale)")
        #expect(stale.stderr.contains("nothing was sent\nhint: ") && stale.stderr.contains("--force"), "\(stale)")
        #expect(!server.transport.requests.contains { $0.method == .post || $0.method == .put })

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: remade)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: remade)
        server.transport.stub(
            .put, "/api/v1/admin/domain_blocks/9",
            json: #"{"id": "9", "domain": "noisy.example", "severity": "silence"}"#)
        let forced = await server.run(["log", "undo", entry.id, "--yes", "--force"], journal: journal)
        #expect(forced.status == 0, "\(forced)")
        #expect(server.transport.requests.last?.jsonBody?["severity"] as? String == "silence")
    }

    @Test func dryRunShowsTheUndoAndSendsNothing() async throws {
        let (journal, state) = try JournalUndoTests.journal("undo-dry")
        defer { try? FileManager.default.removeItem(at: state) }
        let (server, entry) = try await Self.lifted(journal)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let sentBefore = server.transport.requests.count
        let dry = await server.run(["log", "undo", entry.id, "--dry-run"], journal: journal)
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stderr.contains("domain-blocks add noisy.example --severity silence"), "\(dry)")
        #expect(server.transport.requests.dropFirst(sentBefore).allSatisfy { $0.method == .get })
        #expect(try journal.readNow().entries.count == 1)
        // Without --yes off a terminal: asks, so refuses.
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let unconfirmed = await server.run(["log", "undo", entry.id], journal: journal)
        #expect(unconfirmed.status == 64 && unconfirmed.stderr.contains("pass --yes"), "\(unconfirmed)")
    }

    @Test func aFailedEntryHasNoUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("undo-failed")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", status: 403, json: #"{"error": "forbidden"}"#)
        #expect(await server.run(["domain-blocks", "add", "x.example"], journal: journal).status == 77)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.outcome == .error && entry.undo == nil && entry.undoArguments == nil, "\(entry)")
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 65 && undo.stderr.contains("changed nothing: it failed"), "\(undo)")
    }
}
