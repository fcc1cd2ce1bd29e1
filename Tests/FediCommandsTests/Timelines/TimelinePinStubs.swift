import FediCore
import FediTestSupport
import Foundation

/// A fake account whose config also holds pins, for the timelines verb tests.
enum TimelinePinStubs {
    static let mastodon = ServerInfo(
        flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date(timeIntervalSinceNow: -60))

    /// The fake account with `art` pinned on fake.test (its software known from the pin).
    static func accountWithPins() throws -> FakeServerAccount {
        let server = FakeServerAccount()
        try server.logins.update {
            $0.pins = [PinnedTimeline(name: "art", baseURL: "https://fake.test", server: mastodon, lastSeenID: "100")]
        }
        return server
    }

    /// What detecting fake.test's software reads (a pin or a host is detected, not taken from the login).
    static func stubDetection(_ server: FakeServerAccount) throws {
        server.transport.stub(
            .get, "/.well-known/nodeinfo",
            json:
                #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "href": "https://fake.test/nodeinfo/2.0"}]}"#
        )
        try server.transport.stub(.get, "/nodeinfo/2.0", fixture: "mastodon/nodeinfo-2.0.json")
        try server.transport.stub(.get, "/api/v2/instance", fixture: "mastodon/instance-v2.json")
    }

    static let posts = """
        [{"id": "102", "created_at": "2026-11-23T10:00:00.000Z", "content": "<p>second post</p>", "spoiler_text": "", "url": "https://fake.test/@ann/102",
          "account": {"id": "1", "username": "ann", "acct": "ann"}, "media_attachments": []},
         {"id": "101", "created_at": "2026-11-23T09:00:00.000Z", "content": "<p>first post</p>", "spoiler_text": "", "url": "https://fake.test/@ann/101",
          "account": {"id": "1", "username": "ann", "acct": "ann"}, "media_attachments": []}]
        """
}
