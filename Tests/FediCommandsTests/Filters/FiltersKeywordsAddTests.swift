import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters keywords add` in the fast tier (v2 filters only).
@Suite struct FiltersKeywordsAddTests {
    @Test func mastodonPostsTheKeywordToTheFilter() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v2/filters/12/keywords",
            json: #"{"id": "33", "keyword": "polling station", "whole_word": true}"#)
        let result = await server.run([
            "filters", "keywords", "add", "12", "polling station", "--whole-word", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "33" && result.jsonObject?["whole_word"] as? Bool == true,
            "\(result)")
        let body = try #require(server.transport.requests.first?.jsonBody)
        #expect(body["keyword"] as? String == "polling station")
        #expect(body["whole_word"] as? Bool == true)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialFrom016TakesKeywordsToo() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.stub(
            .post, "/api/v2/filters/01JB3D5F7H9K1M3P5R7T9V1X3Z/keywords",
            json: #"{"id": "01JD0000000000000000000000", "keyword": "ballot", "whole_word": false}"#)
        let result = await server.run([
            "filters", "keywords", "add", "01JB3D5F7H9K1M3P5R7T9V1X3Z", "ballot", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [String: Any])?["id"] as? String == "01JD0000000000000000000000", "\(result)")
        #expect(server.transport.requests.first?.jsonBody?["whole_word"] as? Bool == false)
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func aV1OnlyServerCannotHoldASecondKeyword() async throws {
        for (software, version, label) in [
            ("akkoma", "3.13.2", "Akkoma 3.13.2"), ("gotosocial", "0.15.2", "GoToSocial 0.15.2"),
        ] {
            let server = FakeServerAccount(software: software, version: version)
            let result = await server.run(["filters", "keywords", "add", "1", "ballot"])
            #expect(result.status == 65, "\(result)")
            #expect(
                result.stderr == """
                    fedictl: \(label) has only v1 filters, which cannot hold more than one keyword
                    hint: create another filter for the word: fedictl filters create 'ballot' --context …

                    """, "\(result)")
            #expect(server.transport.requests.isEmpty)
        }
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["filters", "keywords", "add", "1", "ballot"],
                startingWith: "fedictl: filters are not available on Misskey 2024.11.0")
    }

    @Test func aRejectedKeywordIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v2/filters/12/keywords", status: 422,
            json: #"{"error": "Validation failed: Keyword has already been taken"}"#)
        let result = await server.run(["filters", "keywords", "add", "12", "ballot"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains(
                "(HTTP 422): Validation failed: Keyword has already been taken\nhint: check the values given"),
            "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
