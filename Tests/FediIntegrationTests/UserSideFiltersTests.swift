import FediTestSupport
import Foundation
import Testing

/// `fedictl filters …` as a user runs it: v2 against mastodon_mock (server state checked through
/// its API), v1 against the Akkoma fixture, v2 shapes from the GoToSocial fixture.
@Suite struct UserSideFiltersTests {
    /// The acceptance walk: create with two keywords, list, show, add a keyword, delete.
    @Test func createListShowAddKeywordDelete() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)

        let created = await alice.run([
            "filters", "create", "Politics", "--keyword", "election", "--keyword", "senate",
            "--context", "home", "--context", "public", "-o", "json",
        ])
        #expect(created.status == 0, "\(created)")
        let filter = try #require(try created.json() as? [String: Any])
        let id = try #require(filter["id"] as? String)
        #expect(filter["title"] as? String == "Politics")
        #expect(filter["context"] as? [String] == ["home", "public"])
        #expect(filter["api"] as? String == "v2")
        #expect(
            (filter["keywords"] as? [[String: Any]])?.compactMap { $0["keyword"] as? String } == ["election", "senate"])

        let listed = await alice.run(["filters", "list"])
        #expect(listed.status == 0, "\(listed)")
        let row = try #require(
            listed.stdout.split(separator: "\n").first { $0.hasPrefix("\(alice.account)\t\(id)\t") }, "\(listed)")
        #expect(
            row.contains("Politics") && row.contains("election (#") && row.contains("senate (#")
                && row.contains("home, public"))

        let shown = await alice.run(["filters", "show", id], tty: true)
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("Title:") && shown.stdout.contains("Politics"))
        #expect(shown.stdout.contains("Action:") && shown.stdout.contains("warn"))

        let added = await alice.run(["filters", "keywords", "add", id, "ballot", "--whole-word", "-o", "json"])
        #expect(added.status == 0, "\(added)")
        let keyword = try #require(try added.json() as? [String: Any])
        #expect(keyword["keyword"] as? String == "ballot")
        #expect(keyword["whole_word"] as? Bool == true)
        let onServer = try #require(try await alice.get("/api/v2/filters/\(id)") as? [String: Any])
        let words = (onServer["keywords"] as? [[String: Any]])?.compactMap { $0["keyword"] as? String }
        #expect(words?.sorted() == ["ballot", "election", "senate"])

        let deleted = await alice.run(["filters", "delete", id, "--yes"])
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.stderr.contains("Deleted filter \(id) (Politics)"))
        let remaining = try #require(try await alice.get("/api/v2/filters") as? [Any])
        #expect(remaining.isEmpty)
    }

    @Test func deleteOffATerminalNeedsYesAndKeepsTheFilter() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let created = await alice.run(["filters", "create", "crypto", "--context", "public", "-o", "json"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? String)
        let refused = await alice.run(["filters", "delete", id])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("--yes"))
        #expect((try await alice.get("/api/v2/filters") as? [Any])?.count == 1)
    }

    @Test func updateChangesOnlyWhatIsGiven() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let created = await alice.run([
            "filters", "create", "Spoilers", "--keyword", "finale", "--context", "home", "-o", "json",
        ])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? String)

        let updated = await alice.run([
            "filters", "update", id, "--action", "hide", "--context", "thread", "--context", "notifications",
            "--expires-in", "1d", "-o", "json",
        ])
        #expect(updated.status == 0, "\(updated)")
        let onServer = try #require(try await alice.get("/api/v2/filters/\(id)") as? [String: Any])
        #expect(onServer["title"] as? String == "Spoilers")
        #expect(onServer["filter_action"] as? String == "hide")
        #expect(onServer["context"] as? [String] == ["thread", "notifications"])
        let expires = try #require(onServer["expires_at"] as? String)
        let date = try #require(ISO8601DateFormatter().date(from: String(expires.prefix(19)) + "Z"))
        #expect(abs(date.timeIntervalSinceNow - 86_400) < 600)

        let never = await alice.run(["filters", "update", id, "--never-expires"])
        #expect(never.status == 0, "\(never)")
        #expect((try await alice.get("/api/v2/filters/\(id)") as? [String: Any])?["expires_at"] is NSNull)

        let nothing = await alice.run(["filters", "update", id])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("nothing to change"))
    }

    @Test func keywordAndStatusRemovalByTheirOwnIds() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let post = try #require(
            try await server.json(
                .post, "/api/v1/statuses", token: MockServer.bob.token,
                body: ["status": "the finale was great"]) as? [String: Any])
        let statusID = try #require(post["id"] as? String)
        let created = await alice.run([
            "filters", "create", "Show", "--keyword", "finale", "--keyword", "cliffhanger",
            "--context", "home", "-o", "json",
        ])
        let filter = try #require(try created.json() as? [String: Any])
        let id = try #require(filter["id"] as? String)
        let keywordID = try #require(
            (filter["keywords"] as? [[String: Any]])?.first { $0["keyword"] as? String == "cliffhanger" }?["id"]
                as? String)

        let removed = await alice.run(["filters", "keywords", "remove", keywordID])
        #expect(removed.status == 0, "\(removed)")
        let afterRemoval = try #require(try await alice.get("/api/v2/filters/\(id)") as? [String: Any])
        #expect((afterRemoval["keywords"] as? [[String: Any]])?.compactMap { $0["keyword"] as? String } == ["finale"])

        let addedStatus = await alice.run(["filters", "statuses", "add", id, statusID, "-o", "json"])
        #expect(addedStatus.status == 0, "\(addedStatus)")
        let entry = try #require(try addedStatus.json() as? [String: Any])
        #expect(entry["status_id"] as? String == statusID)
        let shown = await alice.run(["filters", "show", id])
        #expect(shown.stdout.contains("post \(statusID) (#\(entry["id"] as? String ?? "?"))"), "\(shown)")

        let removedStatus = await alice.run(["filters", "statuses", "remove", try #require(entry["id"] as? String)])
        #expect(removedStatus.status == 0, "\(removedStatus)")
        #expect(
            ((try await alice.get("/api/v2/filters/\(id)") as? [String: Any])?["statuses"] as? [Any])?.isEmpty == true)
    }

    @Test func blurNeedsAPIVersionFive() async throws {
        let old = try await MockServer.start(settings: #"mocked_version = "4.3.0""#)
        let refused = await UserSide(old, MockServer.alice).run([
            "filters", "create", "Gore", "--context", "home", "--action", "blur",
        ])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("blur needs Mastodon 4.4"))
        #expect(refused.stderr.contains("Mastodon 4.3.0 (API version 2)"))
        #expect((try await UserSide(old, MockServer.alice).get("/api/v2/filters") as? [Any])?.isEmpty == true)

        let current = try await MockServer.start()
        let alice = UserSide(current, MockServer.alice)
        let blurred = await alice.run([
            "filters", "create", "Gore", "--context", "home", "--action", "blur", "-o", "json",
        ])
        #expect(blurred.status == 0, "\(blurred)")
        let onServer = try #require((try await alice.get("/api/v2/filters") as? [[String: Any]])?.first)
        #expect(onServer["filter_action"] as? String == "blur")
    }

    @Test func usageErrorsBeforeAnyRequest() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let noContext = await alice.run(["filters", "create", "x"])
        #expect(noContext.status == 64)
        #expect(noContext.stderr.contains("--context"))
        let badDuration = await alice.run(["filters", "create", "x", "--context", "home", "--expires-in", "soon"])
        #expect(badDuration.status == 64)
        #expect(badDuration.stderr.contains("soon"))
        let badAction = await alice.run(["filters", "create", "x", "--context", "home", "--action", "explode"])
        #expect(badAction.status == 64)
        let badContext = await alice.run(["filters", "create", "x", "--context", "everywhere"])
        #expect(badContext.status == 64)
    }

    @Test func unknownFilterIsNotFound() async throws {
        let server = try await MockServer.start()
        let result = await UserSide(server, MockServer.alice).run(["filters", "show", "999999"])
        #expect(result.status == 66, "\(result)")
    }

    // MARK: v1 (Akkoma)

    @Test func akkomaV1FiltersAreReadIntoTheSameModel() async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        let result = await UserSide(fixture: server).run(["filters", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let filters = try #require(try result.json() as? [[String: Any]])
        #expect(filters.count == 2)
        #expect(filters[0]["title"] as? String == "election")
        #expect(filters[0]["api"] as? String == "v1")
        #expect(filters[0]["filter_action"] as? String == "warn")
        #expect((filters[0]["keywords"] as? [[String: Any]])?.first?["whole_word"] as? Bool == true)
        #expect((filters[0]["keywords"] as? [[String: Any]])?.first?["id"] as? String == "1")
        #expect(filters[1]["filter_action"] as? String == "hide", "irreversible is hide")
        #expect(filters[1]["expires_at"] as? String == "2025-02-01T00:00:00Z")
        #expect(
            try await server.received("GET", "/api/v2/filters").isEmpty,
            "Akkoma has no v2 filters; fedictl must not ask")
    }

    @Test func aMastodonThreeFiveWithACommitInItsVersionFallsBackToV1() async throws {
        // `3.5.10 06f906acac`: the commit after the space is not a version (it once read as Hometown 6.0.0).
        let server = try await FixtureServer.start(flavour: "mastodon-old")
        let filters = try String(
            contentsOf: RepoPaths.fixtures.appendingPathComponent("akkoma/filters-v1.json"), encoding: .utf8)
        try await server.addRoutes([
            "GET /.well-known/nodeinfo": ["status": 404, "json": ["error": "Not Found"]],
            "GET /api/v1/instance": ["json": ["uri": "{{host}}", "title": "old", "version": "3.5.10 06f906acac"]],
            "GET /api/v1/filters": ["body": filters],
        ])
        let result = await UserSide(fixture: server).run(["filters", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.first?["api"] as? String == "v1")
        #expect(try await server.received("GET", "/api/v2/filters").isEmpty)
    }

    @Test func akkomaV1CreateSendsOnePhrase() async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        try await server.addRoutes([
            "POST /api/v1/filters": [
                "json": [
                    "id": "7", "phrase": "finale", "context": ["home"], "whole_word": true,
                    "irreversible": true, "expires_at": NSNull(),
                ]
            ]
        ])
        let result = await UserSide(fixture: server).run([
            "filters", "create", "finale", "--whole-word", "--context", "home",
            "--action", "hide", "--expires-in", "1d", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let sent = try #require(try await server.received("POST", "/api/v1/filters").first)
        #expect(sent["phrase"] as? String == "finale")
        #expect(sent["context"] as? [String] == ["home"])
        #expect(sent["irreversible"] as? Bool == true)
        #expect(sent["whole_word"] as? Bool == true)
        #expect(sent["expires_in"] as? Int == 86_400)
        let filter = try #require(try result.json() as? [String: Any])
        #expect(filter["id"] as? String == "7")
        #expect(filter["filter_action"] as? String == "hide")
    }

    @Test(arguments: [
        (
            ["filters", "create", "Politics", "--keyword", "election", "--keyword", "senate", "--context", "home"],
            "2 keywords cannot go into one filter"
        ),
        (["filters", "create", "Politics", "--keyword", "election", "--context", "home"], "phrase is their title"),
        (["filters", "create", "gore", "--context", "home", "--action", "blur"], "blur needs Mastodon 4.4"),
        (["filters", "keywords", "add", "1", "senate"], "cannot hold more than one keyword"),
        (["filters", "keywords", "remove", "1"], "cannot lose their one phrase"),
        (["filters", "statuses", "add", "1", "123"], "cannot hide single posts"),
        (["filters", "statuses", "remove", "1"], "cannot hide single posts"),
    ])
    func whatV1CannotExpressIsRefused(arguments: [String], message: String) async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        let result = await UserSide(fixture: server).run(arguments)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        let writes = try await server.receivedRequests().filter { $0["method"] as? String != "GET" }
        #expect(writes.isEmpty, "nothing may be sent: \(writes)")
    }

    @Test func v1UpdateSendsTheWholeFilter() async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        let filter: [String: Any] = [
            "id": "1", "phrase": "election", "context": ["home", "public"], "whole_word": true,
            "irreversible": false, "expires_at": NSNull(),
        ]
        try await server.addRoutes([
            "GET /api/v1/filters/1": ["json": filter], "PUT /api/v1/filters/1": ["json": filter],
        ])
        let result = await UserSide(fixture: server).run(["filters", "update", "1", "--action", "hide"])
        #expect(result.status == 0, "\(result)")
        let sent = try #require(try await server.received("PUT", "/api/v1/filters/1").first)
        #expect(sent["phrase"] as? String == "election")
        #expect(sent["context"] as? [String] == ["home", "public"])
        #expect(sent["irreversible"] as? Bool == true)
        #expect(sent["whole_word"] as? Bool == true)
    }

    // MARK: other servers

    @Test func goToSocialV2FiltersWithTheirPosts() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let user = UserSide(fixture: server)
        let listed = await user.run(["filters", "list", "-o", "json"])
        #expect(listed.status == 0, "\(listed)")
        let filters = try #require(try listed.json() as? [[String: Any]])
        #expect(filters.map { $0["title"] as? String } == ["Politics", "Spoilers"])
        #expect((filters[0]["keywords"] as? [[String: Any]])?.count == 2)
        #expect(filters[0]["api"] as? String == "v2")
        // GoToSocial 0.20 sends a filtered post's id under `phrase`.
        let posts = (filters[1]["statuses"] as? [[String: Any]])?.map { $0["status_id"] as? String }
        #expect(posts == ["01JH5R7T9V1X3Z5B7D9F1H3K5M"])
    }

    /// Blur filters came with Mastodon 4.4's API; GoToSocial keeps them from 0.20 (0.17 had none).
    @Test func goToSocial017HasNoBlur() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial-0.17")
        let blur = await UserSide(fixture: server).run([
            "filters", "create", "gore", "--context", "home",
            "--action", "blur",
        ])
        #expect(blur.status == 65, "\(blur)")
        #expect(blur.stderr.contains("GoToSocial 0.17.3 (no Mastodon API version)"))
    }

    @Test func misskeyHasNoFilters() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let result = await UserSide(fixture: server).run(["filters", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("filters are not available on Misskey 2024.11.0"))
    }
}
