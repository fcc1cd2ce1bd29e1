import Foundation
import FediCore
import FediTestSupport
import Testing

/// Filters on the real GoToSocial 0.20 (v2 filters, blur kept, statuses under `phrase`).
@Suite(.realGoToSocial) struct RealGoToSocialFiltersTests {
    func filter(_ gts: GoToSocialServer, _ id: String) async throws -> [String: Any] {
        try #require(try await gts.get("/api/v2/filters/\(id)", token: gts.alice.token) as? [String: Any])
    }

    @Test func blurFiltersAreKept() async throws {
        let gts = try await GoToSocialServer.shared()
        let title = GoToSocialServer.uniqueName("blur")
        let create = await gts.aliceSide.run(["filters", "create", title, "--action", "blur", "--context", "home",
                                              "--fields", "id"])
        #expect(create.status == 0, "\(create)")
        let id = GoToSocialServer.value(create.stdout)
        #expect(try await filter(gts, id)["filter_action"] as? String == "blur")
    }

    /// `--never-expires` sends JSON null: GoToSocial answers 422 to `"expires_in": ""`.
    @Test func updateNeverExpiresClearsTheExpiry() async throws {
        let gts = try await GoToSocialServer.shared()
        let title = GoToSocialServer.uniqueName("expiring")
        let create = await gts.aliceSide.run(["filters", "create", title, "--expires-in", "1d", "--context", "home",
                                              "--fields", "id"])
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
        let posted = try await gts.http.json(.post, "/api/v1/statuses", token: gts.alice.token,
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
}
