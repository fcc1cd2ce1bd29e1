import FediCore
import FediTestSupport
import Foundation
import Testing

/// The list and show verbs of GoToSocial's domain permission tools and header filters on the real
/// server: what fedictl shows is what the server holds, and what it removes is gone from there.
@Suite(.realGoToSocial) struct RealGoToSocialListsTests {
    func domains(_ gts: GoToSocialServer, _ path: String) async throws -> [String] {
        let list = try #require(try await gts.get(path) as? [[String: Any]])
        return list.compactMap { $0["domain"] as? String }
    }

    @Test func allowsExcludesAndDraftsListWhatTheServerHolds() async throws {
        let gts = try await GoToSocialServer.shared()
        let admin = gts.adminSide
        let allowed = "\(GoToSocialServer.uniqueName("listallow")).example"
        let excluded = "\(GoToSocialServer.uniqueName("listexclude")).example"
        let drafted = "\(GoToSocialServer.uniqueName("listdraft")).example"
        #expect(await admin.run(["domain-allows", "add", allowed, "--comment", "partner"]).status == 0)
        #expect(await admin.run(["domain-excludes", "add", excluded]).status == 0)
        let draft = await admin.run(["domain-drafts", "add", drafted, "--type", "block", "-o", "json"])
        #expect(draft.status == 0, "\(draft)")
        let draftID = try #require((try? draft.json() as? [String: Any])?["id"] as? String, "\(draft)")

        // The server is shared with suites running beside this one, which add and remove allows of
        // their own: what fedictl shows holds every allow the server had both before and after it
        // read, and none it had at neither time.
        let before = Set(try await domains(gts, "/api/v1/admin/domain_allows"))
        let allows = await admin.run(["domain-allows", "list", "--fields", "domain"])
        let after = Set(try await domains(gts, "/api/v1/admin/domain_allows"))
        #expect(allows.status == 0, "\(allows)")
        let shown = Set(admin.rows(allows.stdout).map { $0.joined(separator: "\t") })
        #expect(shown.contains(allowed), "\(allows)")
        #expect(before.intersection(after).isSubset(of: shown), "\(allows)")
        #expect(shown.isSubset(of: before.union(after)), "\(allows)")
        let excludes = await admin.run(["domain-excludes", "list", "--fields", "domain"])
        #expect(excludes.status == 0 && excludes.stdout.contains("\(excluded)\n"), "\(excludes)")
        #expect(try await domains(gts, "/api/v1/admin/domain_permission_excludes").contains(excluded))
        let drafts = await admin.run(["domain-drafts", "list", "--fields", "id,domain"])
        #expect(drafts.stdout.contains("\(draftID)\t\(drafted)\n"), "\(drafts)")
        let show = await admin.run(["domain-drafts", "show", draftID, "--fields", "domain"])
        #expect(show.status == 0 && show.stdout == "domain\t\(drafted)\n", "\(show)")

        #expect(await admin.run(["domain-drafts", "reject", draftID, "--yes"]).status == 0)
        #expect(try await domains(gts, "/api/v1/admin/domain_permission_drafts").contains(drafted) == false)
        #expect(await admin.run(["domain-excludes", "remove", excluded, "--yes"]).status == 0)
        #expect(try await domains(gts, "/api/v1/admin/domain_permission_excludes").contains(excluded) == false)
        #expect(await admin.run(["domain-allows", "remove", allowed, "--yes"]).status == 0)
        #expect(try await domains(gts, "/api/v1/admin/domain_allows").contains(allowed) == false)
    }

    @Test func subscriptionsAndHeaderFiltersListWhatTheServerHolds() async throws {
        let gts = try await GoToSocialServer.shared()
        let admin = gts.adminSide
        let title = GoToSocialServer.uniqueName("sub")
        let url = "http://127.0.0.1:9/\(title).txt"
        let added = await admin.run([
            "domain-subscriptions", "add", url, "--type", "block", "--title", title,
            "-o", "json",
        ])
        #expect(added.status == 0, "\(added)")
        let id = try #require((try? added.json() as? [String: Any])?["id"] as? String, "\(added)")
        let list = await admin.run(["domain-subscriptions", "list", "--fields", "id,uri"])
        #expect(list.status == 0 && list.stdout.contains("\(id)\t\(url)\n"), "\(list)")
        let show = await admin.run(["domain-subscriptions", "show", id, "-o", "json"])
        #expect((try? show.json() as? [String: Any])?["title"] as? String == title, "\(show)")
        let onServer = try #require(
            try await gts.get("/api/v1/admin/domain_permission_subscriptions/\(id)")
                as? [String: Any])
        #expect(onServer["title"] as? String == title && onServer["uri"] as? String == url, "\(onServer)")
        #expect(await admin.run(["domain-subscriptions", "remove", id, "--yes"]).status == 0)
        let subscriptions = try #require(
            try await gts.get("/api/v1/admin/domain_permission_subscriptions")
                as? [[String: Any]])
        #expect(subscriptions.contains { $0["id"] as? String == id } == false)

        let agent = ".*\(title).*"
        #expect(await admin.run(["header-filters", "add", "--allow", "User-Agent", agent]).status == 0)
        let filters = await admin.run(["header-filters", "list", "--allow", "--fields", "header,regex"])
        #expect(filters.status == 0 && filters.stdout.contains("User-Agent\t\(agent)\n"), "\(filters)")
        var allows = try #require(try await gts.get("/api/v1/admin/header_allows") as? [[String: Any]])
        #expect(allows.contains { $0["regex"] as? String == agent })
        #expect(await admin.run(["header-filters", "remove", "--allow", "User-Agent", agent, "--yes"]).status == 0)
        allows = try #require(try await gts.get("/api/v1/admin/header_allows") as? [[String: Any]])
        #expect(allows.contains { $0["regex"] as? String == agent } == false)
    }
}
