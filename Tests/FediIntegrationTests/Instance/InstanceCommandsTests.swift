import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance rules | peers | activity | blocks | nodeinfo` over libcurl against fixture servers and
/// mastodon_mock: what a user sees, in the shapes each server sends.
struct InstanceCommandsTests {
    let harness = CommandHarness()

    /// What a user without libcurl installed sees (the binary loads it on the first request).
    @Test func aMissingHTTPLibraryIsExit69WithTheInstallHint() async throws {
        let transport = FakeTransport()
        transport.stubFailure(
            .get, "/.well-known/nodeinfo", .libraryNotLoaded("libcurl: libcurl.so.4: cannot open shared object file"))
        let result = await CommandHarness(transport: transport).run(["instance", "info", "example.social"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: cannot load libcurl: libcurl.so.4: cannot open shared object file
                hint: install libcurl: sudo apt-get install libcurl4

                """)
    }

    /// A server's error text reaches the terminal without its control sequences.
    @Test func aServersErrorMessageCannotDriveTheTerminal() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "GET /api/v1/instance/rules": [
                    "status": 422, "json": ["error": "bad\u{1B}]0;pwned\u{07} \u{1B}[2Jrequest"],
                ]
            ])
        let result = await harness.run(["instance", "rules", server.base])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("bad\u{FFFD}]0;pwned\u{FFFD} \u{FFFD}[2Jrequest"), "\(result)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    // MARK: rules

    @Test func rulesFromMastodon() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let result = await harness.run(["instance", "rules", server.base])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                1\tBe kind. No harassment, hate speech or targeted abuse.
                2\tNo spam or undisclosed advertising.
                4\tPut content warnings on graphic or upsetting media.

                """)
        let json = await harness.run(["instance", "rules", server.base, "-o", "json", "--fields", "id,hint"])
        let rows = try #require(try json.json() as? [[String: Any]])
        #expect(rows.first?["hint"] as? String == "This includes dogpiling and deliberate misgendering.")
        #expect(rows.dropFirst().allSatisfy { $0["hint"] == nil })  // "" means none
    }

    @Test func rulesFromMisskeyMeta() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let result = await harness.run(["instance", "rules", server.base, "-o", "csv"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "id,text\r\n1,他者を尊重してください / Respect others\r\n2,スパム禁止 / No spam\r\n")
    }

    @Test func rulesWhereTheSoftwareHasNone() async throws {
        let server = try await FixtureServer.start(flavour: "akkoma")
        let result = await harness.run(["instance", "rules", server.base])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: instance rules is not available on Akkoma 3.13.2\nhint: Akkoma has no API for it;"))
    }

    // MARK: peers

    @Test func peersAreCountedOrListed() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let count = await harness.run(["instance", "peers", server.base, "-o", "json"])
        #expect(count.status == 0, "\(count)")
        let object = try #require(try count.json() as? [String: Any])
        #expect(object["host"] as? String == server.base)
        #expect(object["peers"] as? Int == 6)

        let all = await harness.run(["instance", "peers", server.base, "--all"])
        #expect(all.stdout.split(separator: "\n").prefix(2) == ["mastodon.social", "hachyderm.io"])
        #expect(all.stdout.split(separator: "\n").count == 6)
    }

    @Test func peersAgainstMastodonMock() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "peers", server.base])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "host\t\(server.base)\npeers\t0\n")
    }

    @Test func hiddenPeersAreExplained() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let result = await harness.run(["instance", "peers", server.base])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr == """
                fedictl: \(server.base) does not publish its peers
                hint: its admin shows them to logged-in users only: log in (fedictl auth login \(server.base)) and run this again

                """)
    }

    // MARK: activity

    @Test func activityCountersArriveAsStrings() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let result = await harness.run(["instance", "activity", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.first?["week"] as? String == "2025-01-13T00:00:00Z")
        #expect(rows.first?["statuses"] as? Int == 1204)
        #expect(rows.first?["logins"] as? Int == 388)
        #expect(rows.first?["registrations"] as? Int == 6)
        let piped = await harness.run(["instance", "activity", server.base])
        #expect(piped.stdout.hasPrefix("2025-01-13T00:00:00Z\t1204\t388\t6\n"))
    }

    @Test func activityFromMastodonMockHasTwelveWeeks() async throws {
        let server = try await MockServer.start()
        let result = await harness.run(["instance", "activity", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [[String: Any]])?.count == 12)
    }

    // MARK: blocks

    @Test func blocksKeepObfuscationAndDigests() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let result = await harness.run([
            "instance", "blocks", server.base, "--fields", "domain,severity,digest,comment", "-o", "csv",
        ])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "domain,severity,digest,comment")
        #expect(
            lines.contains(
                "bad*****.example,suspend,d2ae19ab983143b85fb378047018fd6707335d4f7e2c635843e774b22c87cc17,Hate speech")
        )
        #expect(
            lines.contains("noisy.example,silence,bc56d98eade06204cd498728ba21dcf4794b984abec857b884d8c2c064a9e7c5,"))
    }

    @Test func hiddenBlocksAreExplained() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: ["GET /api/v1/instance/domain_blocks": ["status": 404, "json": ["error": "Record not found"]]])
        let hidden = await harness.run(["instance", "blocks", server.base])
        #expect(hidden.status == 69, "\(hidden)")
        #expect(
            hidden.stderr
                == "fedictl: \(server.base) does not publish its domain blocks\nhint: its admin keeps them hidden\n")

        _ = try await server.json(
            .post, "/__fixture/routes",
            body: [
                "GET /api/v1/instance/domain_blocks": [
                    "status": 401, "json": ["error": "This API requires an authenticated user"],
                ]
            ])
        let usersOnly = await harness.run(["instance", "blocks", server.base])
        #expect(usersOnly.status == 77, "\(usersOnly)")
        #expect(
            usersOnly.stderr.hasPrefix(
                "fedictl: \(server.base) does not publish its domain blocks\nhint: its admin shows them to logged-in users only"
            ))
    }

    @Test func blocksSendTheSelectedAccountsToken() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        let config = CacheTests.config(for: server)
        let login = try #require(config.accounts.first)
        let secrets = InMemorySecretStore(secrets: [login.tokenKey: "admin-token"])
        let result = await CommandHarness(secrets: secrets, logins: InMemoryLoginStore(config)).run([
            "instance", "blocks",
        ])
        #expect(result.status == 0, "\(result)")
        let request = try #require(
            try await server.receivedRequests().first { $0["path"] as? String == "/api/v1/instance/domain_blocks" })
        #expect((request["headers"] as? [String: String])?["authorization"] == "Bearer admin-token")
        // Detection stays anonymous.
        let nodeinfo = try #require(
            try await server.receivedRequests().first { $0["path"] as? String == "/.well-known/nodeinfo" })
        #expect((nodeinfo["headers"] as? [String: String])?["authorization"] == nil)
    }

    @Test func blocksFromMastodonMock() async throws {
        let server = try await MockServer.start()
        _ = try await server.json(
            .post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token,
            body: ["domain": "spam.example", "severity": "suspend", "public_comment": "spam"])
        let result = await harness.run(["instance", "blocks", server.base, "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["domain"] as? String } == ["spam.example"])
        #expect(rows.first?["severity"] as? String == "suspend")
    }

    // MARK: nodeinfo

    @Test func nodeinfoIsTheServersOwnDocument() async throws {
        let server = try await FixtureServer.start(flavour: "friendica")
        let result = await harness.run(["instance", "nodeinfo", server.base])
        #expect(result.status == 0, "\(result)")
        let served = try await server.request(.get, "/nodeinfo/2.0")
        let text = String(decoding: served.body, as: UTF8.self)
        #expect(text.contains("\"friendica\""))
        #expect(result.stdout == (text.hasSuffix("\n") ? text : text + "\n"))
    }

    @Test func noNodeinfoExits69() async throws {
        let server = try await FixtureServer.start(flavour: "mastodon")
        _ = try await server.json(
            .post, "/__fixture/routes",
            body: ["GET /.well-known/nodeinfo": ["status": 404, "json": ["error": "Not Found"]]])
        let result = await harness.run(["instance", "nodeinfo", server.base])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: \(server.base) publishes no nodeinfo\n"))
    }

    // MARK: HOST defaults to the selected account's instance

    @Test func withoutHostTheSelectedAccountsInstanceIsAsked() async throws {
        let server = try await FixtureServer.start(flavour: "hometown")
        let harness = CommandHarness(logins: InMemoryLoginStore(CacheTests.config(for: server)))
        let result = await harness.run(["instance", "info", "-o", "json", "--fields", "domain,variant"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["domain"] as? String == server.base)
        #expect(object["variant"] as? String == "hometown")
    }

    @Test(arguments: ["info", "features", "rules", "peers", "activity", "blocks", "nodeinfo"])
    func withoutHostOrAccountIsAUsageError(_ verb: String) async throws {
        let result = await harness.run(["instance", verb])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: no HOST given and no account selected: no account is set up\nhint: name a server"))
    }
}
