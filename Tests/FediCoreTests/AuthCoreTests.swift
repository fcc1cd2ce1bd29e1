import FediHTTPCurl
import Foundation
import Testing

@testable import FediCore

@Suite("Account selection: ids, prefixes, aliases, the default")
struct AuthSelectionTests {
    let config = LoginConfig(
        defaultAccount: nil,
        accounts: [
            Login(id: "alice@one.example", username: "alice", baseURL: "https://one.example", aliases: ["work"]),
            Login(id: "admin@one.example", username: "admin", baseURL: "https://one.example"),
            Login(id: "alice@two.example", username: "alice", baseURL: "https://two.example"),
            Login(id: "bob@two.example", username: "bob", baseURL: "https://two.example", aliases: ["Home"]),
        ])

    @Test(arguments: [
        ("alice@one.example", "alice@one.example"),  // the id
        ("ALICE@One.Example", "alice@one.example"),  // ignoring case
        ("work", "alice@one.example"),  // an alias
        ("home", "bob@two.example"),  // an alias, ignoring case
        ("ad", "admin@one.example"),  // a unique prefix
        ("alice@t", "alice@two.example"),
        ("b", "bob@two.example"),
    ])
    func selectorsResolve(selector: String, id: String) throws {
        #expect(try config.login(matching: selector).id == id)
    }

    @Test func ambiguousPrefixIsExit66ListingTheCandidates() {
        #expect {
            try config.login(matching: "alice")
        } throws: { error in
            let error = error as? FediError
            return error?.status == .noInput
                && error?.message == "'alice' matches several accounts: alice@one.example, alice@two.example"
        }
    }

    @Test func unknownIsExit66ListingEveryAccountAndAlias() {
        #expect {
            try config.login(matching: "carol")
        } throws: { error in
            let error = error as? FediError
            return error?.status == .noInput && error?.message == "no account matches 'carol'"
                && error?.hint
                    == "known accounts: alice@one.example (work), admin@one.example, alice@two.example, bob@two.example (Home)"
        }
    }

    @Test func defaultThenTheOnlyOne() throws {
        var config = config
        #expect(throws: FediError.self) { try config.defaultLogin() }  // four, none chosen
        config.defaultAccount = "bob@two.example"
        #expect(try config.defaultLogin().id == "bob@two.example")
        config.defaultAccount = "gone@two.example"
        #expect { try config.defaultLogin() } throws: { ($0 as? FediError)?.status == .noInput }
        let single = LoginConfig(accounts: [config.accounts[0]])
        #expect(try single.defaultLogin().id == "alice@one.example")
        #expect { try LoginConfig().defaultLogin() } throws: {
            ($0 as? FediError)?.status == .noInput && ($0 as? FediError)?.hint?.contains("fedictl auth login") == true
        }
    }
}

@Suite("OAuth pieces: PKCE, the authorize URL, the loopback listener")
struct AuthOAuthCoreTests {
    @Test func sha256KnownVectors() {
        func hex(_ text: String) -> String { SHA256.hash(Data(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks: the padding spills over.
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        // Around the padding boundaries (expected values from Python's hashlib).
        #expect(
            hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
        )
        #expect(
            hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
        )
        #expect(
            hex(String(repeating: "a", count: 57)) == "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6"
        )
        #expect(
            hex(String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
        )
    }

    /// base64url(SHA-256(verifier)) without padding; expected value from Python's hashlib and base64.
    @Test func pkceChallengeIsUnpaddedBase64URLOfTheSHA256() {
        let request = AuthorizationRequest(
            clientID: "c", redirectURI: "r", scopes: ["read"], state: "s",
            codeVerifier: "dBjftJeZ4CVP-mJ92K9xhhb0QOr3mGRqvQzKcw4l0Bk")
        #expect(request.codeChallenge == "Vf0Rsn6F7_jG-kSOjkECFHa2dWwMoJIc4YXVI5O-65I")
    }

    @Test func randomTokensAreLongUnpaddedAndDistinct() {
        let tokens = (0..<50).map { _ in AuthorizationRequest.randomToken() }
        #expect(Set(tokens).count == 50)
        for token in tokens {
            #expect(token.count == 43)
            #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
    }

    @Test func authorizeURLCarriesStatePKCEAndForceLogin() throws {
        let client = APIClient(
            server: try ServerAddress("mastodon.example"), http: HTTPClient(transport: CurlTransport()))
        let request = AuthorizationRequest(
            clientID: "cid", redirectURI: "http://127.0.0.1:5555/callback", scopes: ["read", "admin:read"],
            state: "st", codeVerifier: "dBjftJeZ4CVP-mJ92K9xhhb0QOr3mGRqvQzKcw4l0Bk")
        let url = client.authorizeURL(request)
        let items = Dictionary(
            uniqueKeysWithValues: URLComponents(url: url, resolvingAgainstBaseURL: false)!.queryItems!.map {
                ($0.name, $0.value!)
            })
        #expect(url.absoluteString.hasPrefix("https://mastodon.example/oauth/authorize?"))
        #expect(
            items == [
                "response_type": "code", "client_id": "cid", "redirect_uri": "http://127.0.0.1:5555/callback",
                "scope": "read admin:read",
                "state": "st", "code_challenge": "Vf0Rsn6F7_jG-kSOjkECFHa2dWwMoJIc4YXVI5O-65I",
                "code_challenge_method": "S256",
                "force_login": "true",
            ])
        var plain = request
        plain.codeVerifier = nil
        #expect(!client.authorizeURL(plain).absoluteString.contains("code_challenge"))
    }

    @Test func scopesParseFromSpacesCommasAndPluses() {
        #expect(OAuthScopes.parse("read write,follow+admin:read  read") == ["read", "write", "follow", "admin:read"])
    }

    private func get(_ url: String) async throws -> HTTPResponse {
        try await CurlTransport().send(
            HTTPRequest(method: .get, url: URL(string: url)!),
            options: TransportOptions(connectTimeout: 10, totalTimeout: 30))
    }

    /// Runs a test's body at high priority. Hundreds of tests run in parallel in this process: on
    /// two busy cores a medium-priority task waits its turn behind all of them, so a test reading a
    /// deadline would measure the test runner's queue (it resumed 60 to 90 s late), not the listener.
    private func promptly(_ body: @escaping @Sendable () async throws -> Void) async throws {
        try await Task(priority: .high) { try await body() }.value
    }

    @Test func listenerAnswersTheCallbackOnceAndIgnoresOtherPaths() async throws {
        try await promptly { [self] in
            let listener = try LoopbackRedirectListener()
            #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
            // Serving before the first request, on its own thread: a task could start late on a loaded CI.
            let code = listener.startWaiting(state: "good", timeout: 60)
            let favicon = try await get("http://127.0.0.1:\(listener.port)/favicon.ico")
            #expect(favicon.status == 404)
            let page = try await get("\(listener.redirectURI)?code=the-code&state=good")
            #expect(page.status == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains("You can close this tab"))
            #expect(try await code.code() == "the-code")
            listener.close()
            // Answered once: nothing listens any more.
            await #expect(throws: TransportError.self) { _ = try await get(listener.redirectURI) }
        }
    }

    @Test func listenerRejectsAForeignState() async throws {
        let listener = try LoopbackRedirectListener()
        let code = listener.startWaiting(state: "good", timeout: 60)
        let page = try await get("\(listener.redirectURI)?code=stolen&state=evil")
        #expect(page.status == 400)
        do {
            _ = try await code.code()
            Issue.record("a foreign state was accepted")
        } catch let error as FediError {
            #expect(error.status == .permission)
            #expect(error.message.contains("state"))
        }
    }

    @Test func listenerReportsARefusal() async throws {
        let listener = try LoopbackRedirectListener()
        let code = listener.startWaiting(state: "s", timeout: 60)
        _ = try await get("\(listener.redirectURI)?error=access_denied&error_description=The+user+said+no&state=s")
        await #expect { _ = try await code.code() } throws: {
            ($0 as? FediError)?.status == .permission && ($0 as? FediError)?.message.contains("access_denied") == true
        }
    }

    @Test func listenerTimesOut() async throws {
        try await promptly {
            let listener = try LoopbackRedirectListener()
            let started = Date()
            await #expect { _ = try await listener.waitForCode(state: "s", timeout: 0.4) } throws: {
                ($0 as? FediError)?.status == .temporary && ($0 as? FediError)?.hint?.contains("--out-of-band") == true
            }
            #expect(Date().timeIntervalSince(started) < 60, "the listener gave up rather than waiting for ever")
        }
    }

    /// Asserts the order of events, not a time: with the cooperative threads kept busy by 200 tasks
    /// of 0.1 s CPU work each (no blocking), the listener's 0.4 s deadline is seen before that work
    /// is done (the work left is then cancelled).
    @Test func listenerTimesOutWhileThePoolIsBusyWithOtherWork() async throws {
        let finished = Finished()
        let busy = Task(priority: .medium) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        guard !Task.isCancelled else { return }
                        let end = ContinuousClock.now + .milliseconds(100)
                        while ContinuousClock.now < end {}
                        finished.add()
                    }
                }
            }
        }
        try await promptly {
            let listener = try LoopbackRedirectListener()
            await #expect { _ = try await listener.waitForCode(state: "s", timeout: 0.4) } throws: {
                ($0 as? FediError)?.status == .temporary
            }
            // 20 s of work on two threads; the deadline is 0.4 s in: seen with most of the work still queued.
            #expect(
                finished.count < 100, "the deadline was seen only after \(finished.count) of 200 tasks of other work")
            busy.cancel()  // from here: the work not yet started is skipped
        }
        await busy.value
    }

    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }
}
