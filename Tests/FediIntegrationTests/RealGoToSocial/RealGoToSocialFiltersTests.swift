import FediCore
import FediTestSupport
import Foundation
import Testing

/// Filters on the real GoToSocial 0.20 (v2 filters, blur kept, statuses under `phrase`).
@Suite(.realGoToSocial) struct RealGoToSocialFiltersTests {
    func filter(_ gts: GoToSocialServer, _ id: String) async throws -> [String: Any] {
        try #require(try await gts.get("/api/v2/filters/\(id)", token: gts.alice.token) as? [String: Any])
    }

    @Test func blurFiltersAreKept() async throws {
        let gts = try await GoToSocialServer.shared()
        let title = GoToSocialServer.uniqueName("blur")
        let create = await gts.aliceSide.run([
            "filters", "create", title, "--action", "blur", "--context", "home",
            "--fields", "id",
        ])
        #expect(create.status == 0, "\(create)")
        let id = GoToSocialServer.value(create.stdout)
        #expect(try await filter(gts, id)["filter_action"] as? String == "blur")
    }

    /// `--never-expires` sends JSON null: GoToSocial answers 422 to `"expires_in": ""`.
    @Test func updateNeverExpiresClearsTheExpiry() async throws {
        let gts = try await GoToSocialServer.shared()
        let title = GoToSocialServer.uniqueName("expiring")
        let create = await gts.aliceSide.run([
            "filters", "create", title, "--expires-in", "1d", "--context", "home",
            "--fields", "id",
        ])
        #expect(create.status == 0, "\(create)")
        let id = GoToSocialServer.value(create.stdout)
        #expect(try await filter(gts, id)["expires_at"] is String)
        let update = await gts.aliceSide.run(["filters", "update", id, "--never-expires"])
        #expect(update.status == 0, "\(update)")
        #expect(try await filter(gts, id)["expires_at"] is NSNull)

        let delete = await gts.aliceSide.run(["filters", "delete", id, "--yes"])
        #expect(delete.status == 0, "\(delete)")
        #expect(try await gts.http.request(.get, "/api/v2/filters/\(id)", token: gts.alice.token).status == 404)
    }

    /// GoToSocial sends a filtered post's id under `phrase`: fedictl shows it.
    @Test func filteredPostsShowTheirIDs() async throws {
        let gts = try await GoToSocialServer.shared()
        let posted = try await gts.http.json(
            .post, "/api/v1/statuses", token: gts.alice.token,
            body: ["status": "a post to filter \(UUID().uuidString)"])
        let post = try #require(posted as? [String: Any])
        let postID = try #require(post["id"] as? String)
        let title = GoToSocialServer.uniqueName("posts")
        let create = await gts.aliceSide.run(["filters", "create", title, "--context", "home", "--fields", "id"])
        let id = GoToSocialServer.value(create.stdout)
        let add = await gts.aliceSide.run(["filters", "statuses", "add", id, postID])
        #expect(add.status == 0, "\(add)")
        let show = await gts.aliceSide.run(["filters", "show", id, "-o", "json"])
        #expect(show.status == 0, "\(show)")
        let shown = try #require(try show.json() as? [String: Any])
        #expect((shown["statuses"] as? [[String: Any]])?.map { $0["status_id"] as? String } == [postID], "\(show)")
        let onServer = try #require(try await filter(gts, id)["statuses"] as? [[String: Any]])
        #expect(onServer.map { $0["phrase"] as? String } == [postID])
    }

    /// `filters list`, keywords added and removed, a post removed: each change is on the server.
    @Test func keywordsAndPostsComeAndGo() async throws {
        let gts = try await GoToSocialServer.shared()
        let alice = gts.aliceSide
        let title = GoToSocialServer.uniqueName("words")
        let create = await alice.run(["filters", "create", title, "--context", "home", "--fields", "id"])
        #expect(create.status == 0, "\(create)")
        let id = GoToSocialServer.value(create.stdout)
        let list = await alice.run(["filters", "list", "--fields", "id,title"])
        #expect(list.status == 0 && list.stdout.contains("\(id)\t\(title)\n"), "\(list)")

        let before = try #require(try await filter(gts, id)["keywords"] as? [[String: Any]])
        let added = await alice.run(["filters", "keywords", "add", id, "finale", "--whole-word", "-o", "json"])
        #expect(added.status == 0, "\(added)")
        let keywordID = try #require((try? added.json() as? [String: Any])?["id"] as? String, "\(added)")
        var keywords = try #require(try await filter(gts, id)["keywords"] as? [[String: Any]])
        let finale = keywords.first { $0["id"] as? String == keywordID }
        #expect(finale?["keyword"] as? String == "finale" && finale?["whole_word"] as? Bool == true, "\(keywords)")
        #expect(keywords.count == before.count + 1)
        #expect(await alice.run(["filters", "keywords", "remove", keywordID]).status == 0)
        keywords = try #require(try await filter(gts, id)["keywords"] as? [[String: Any]])
        #expect(keywords.map { $0["id"] as? String } == before.map { $0["id"] as? String }, "\(keywords)")

        let posted = try await gts.http.json(
            .post, "/api/v1/statuses", token: gts.alice.token,
            body: ["status": "a post to unfilter \(UUID().uuidString)"])
        let postID = try #require((posted as? [String: Any])?["id"] as? String)
        #expect(await alice.run(["filters", "statuses", "add", id, postID]).status == 0)
        let entry = try #require((try await filter(gts, id)["statuses"] as? [[String: Any]])?.first)
        let entryID = try #require(entry["id"] as? String)
        let removed = await alice.run(["filters", "statuses", "remove", entryID])
        #expect(removed.status == 0, "\(removed)")
        #expect((try await filter(gts, id)["statuses"] as? [[String: Any]])?.isEmpty == true)
    }
}
