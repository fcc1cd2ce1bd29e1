import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// The fan-out runner over a fake transport: which account gets which request and token, the
/// merged output, the exit rule, the bound on accounts in flight. Fast; the real path is FleetTests.
struct FleetRunnerTests {
    static let hosts = ["a.test", "b.test", "c.test"]

    /// admin@a.test, admin@b.test, admin@c.test, detected as Mastodon 4.3 a moment ago.
    static func config() -> LoginConfig {
        let mastodon = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())
        return LoginConfig(
            accounts: hosts.reversed().map { host in
                Login(
                    id: "admin@\(host)", username: "admin", baseURL: "https://\(host)", tokenStorage: .keyring,
                    serverInfo: mastodon)
            })
    }

    static func keyring() -> InMemorySecretStore {
        InMemorySecretStore(
            secrets: Dictionary(
                uniqueKeysWithValues: hosts.map { host in
                    (SecretKey(account: "admin@\(host)", instance: host, kind: .accessToken), "token-\(host)")
                }))
    }

    static func block(_ domain: String) -> String {
        #"{"id": "\#(domain)-id", "domain": "\#(domain)", "severity": "suspend", "created_at": "2024-01-01T00:00:00Z"}"#
    }

    @Test func eachAccountGetsItsOwnRequestAndTokenAndOneFailureStopsNothing() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "a.test",
            json: "[\(Self.block("one.example")), \(Self.block("two.example"))]")
        transport.stub(
            .get, "/api/v1/admin/domain_blocks", host: "b.test", status: 401,
            json: #"{"error": "The access token is invalid"}"#)
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "c.test", json: "[\(Self.block("three.example"))]")
        let harness = CommandHarness(
            transport: transport, secrets: Self.keyring(), logins: InMemoryLoginStore(Self.config()))

        let result = await harness.run([
            "--all-accounts", "domain-blocks", "list", "-o", "ndjson", "--fields", "domain",
        ])
        // Two servers done, one token refused: the refusal's own status (77), for a monitor to read.
        #expect(result.status == 77, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            Set(lines) == [
                #"{"account":"admin@a.test","domain":"one.example"}"#,
                #"{"account":"admin@a.test","domain":"two.example"}"#,
                #"{"account":"admin@b.test","error":{"exit_status":77,"hint":"log in again: fedictl auth login b.test","kind":"permission","message":"b.test refused the credentials (HTTP 401): The access token is invalid"}}"#,
                #"{"account":"admin@c.test","domain":"three.example"}"#,
            ])
        // An account's rows keep their order.
        #expect(
            lines.firstIndex(of: #"{"account":"admin@a.test","domain":"one.example"}"#)! < lines.firstIndex(
                of: #"{"account":"admin@a.test","domain":"two.example"}"#)!)
        #expect(
            result.stderr == """
                fedictl: admin@b.test: b.test refused the credentials (HTTP 401): The access token is invalid
                hint: log in again: fedictl auth login b.test
                Outcome per server:
                  admin@a.test: done
                  admin@b.test: failed: b.test refused the credentials (HTTP 401): The access token is invalid
                  admin@c.test: done

                """)
        let sent = transport.requests.map { "\($0.url.host ?? "") \($0.header("Authorization") ?? "")" }
        #expect(
            sent.sorted() == ["a.test Bearer token-a.test", "b.test Bearer token-b.test", "c.test Bearer token-c.test"])
        #expect(transport.unusedStubs == 0)
    }

    @Test func tablesAndJSONComeInAccountOrderWhateverOrderTheServersAnswer() async throws {
        let transport = FakeTransport()
        for host in Self.hosts {
            transport.stub(.get, "/api/v1/admin/domain_blocks", host: host, json: "[\(Self.block("x.\(host)"))]")
        }
        let harness = CommandHarness(
            transport: transport, secrets: Self.keyring(), logins: InMemoryLoginStore(Self.config()))
        let tsv = await harness.run([
            "--account", "admin@c.test", "--account", "admin@a.test,admin@b", "domain-blocks", "list", "--fields",
            "domain",
        ])
        #expect(tsv.stdout == "admin@a.test\tx.a.test\nadmin@b.test\tx.b.test\nadmin@c.test\tx.c.test\n", "\(tsv)")

        for host in Self.hosts { transport.stub(.get, "/api/v1/admin/domain_blocks", host: host, json: "[]") }
        let empty = await harness.run(["--all-accounts", "domain-blocks", "list", "-o", "json"])
        #expect(empty.stdout == "[]\n", "\(empty)")
        for host in Self.hosts { transport.stub(.get, "/api/v1/admin/domain_blocks", host: host, json: "[]") }
        let emptyCSV = await harness.run(["--all-accounts", "domain-blocks", "list", "-o", "csv", "--fields", "domain"])
        #expect(emptyCSV.stdout == "account,domain\r\n", "\(emptyCSV)")
    }

    @Test func atMostConcurrencyAccountsAreInFlight() async throws {
        let transport = HoldingTransport()
        let harness = CommandHarness(
            transport: transport, secrets: Self.keyring(), logins: InMemoryLoginStore(Self.config()))
        let run = Task { await harness.run(["--all-accounts", "--concurrency", "2", "domain-blocks", "list"]) }
        // Two accounts' requests are held; the third account may start only once one of them is answered.
        await transport.waitForArrivals(2)
        // Give a third account every chance to start (scheduling, not time): it must not.
        for _ in 0..<2000 { await Task.yield() }
        transport.releaseOne()
        await transport.waitForArrivals(3)
        transport.releaseAll()
        let result = await run.value
        #expect(result.status == 0, "\(result)")
        #expect(transport.inFlightAtArrival == [1, 2, 2])
    }

    /// Without --concurrency, ten accounts are all in flight at once (not eight, then two): the
    /// wall time over ten slow servers is the slowest one's (bench/fleet).
    @Test func byDefaultTenAccountsAreAllInFlightAtOnce() async throws {
        let hosts = (0..<10).map { "s\($0).test" }
        let mastodon = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())
        let config = LoginConfig(
            accounts: hosts.map {
                Login(
                    id: "admin@\($0)", username: "admin", baseURL: "https://\($0)", tokenStorage: .keyring,
                    serverInfo: mastodon)
            })
        let keyring = InMemorySecretStore(
            secrets: Dictionary(
                uniqueKeysWithValues: hosts.map {
                    (SecretKey(account: "admin@\($0)", instance: $0, kind: .accessToken), "token-\($0)")
                }))
        let transport = HoldingTransport()
        let harness = CommandHarness(transport: transport, secrets: keyring, logins: InMemoryLoginStore(config))
        let run = Task { await harness.run(["--all-accounts", "domain-blocks", "list"]) }
        await transport.waitForArrivals(8)
        // Give the last two every chance to start while nothing is answered (scheduling, not time).
        for _ in 0..<2000 { await Task.yield() }
        let inFlight = transport.inFlightAtArrival.count
        transport.releaseAll()
        let result = await run.value
        #expect(result.status == 0, "\(result)")
        #expect(inFlight == 10)
        #expect(transport.inFlightAtArrival == Array(1...10))
    }

    /// `log` over several accounts reads the one local journal once per account: each shows its own entries, once.
    @Test func logOverSeveralAccountsShowsEachAccountsEntriesOnce() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let journal = FileJournal(directory: state)
        for host in Self.hosts {
            try await journal.append(
                JournalEntry(
                    time: Date(), account: "admin@\(host)", server: host, command: "fedictl x",
                    verb: "domain-blocks add", target: "x.\(host)", outcome: .ok))
        }
        var harness = CommandHarness(
            transport: FakeTransport(), secrets: Self.keyring(), logins: InMemoryLoginStore(Self.config()))
        harness.journal = journal
        let result = await harness.run(["--all-accounts", "log", "--fields", "account,target"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "admin@a.test\tx.a.test\nadmin@b.test\tx.b.test\nadmin@c.test\tx.c.test\n", "\(result)")
    }

    @Test func verboseLinesNameTheirAccount() async throws {
        let transport = FakeTransport()
        for host in Self.hosts { transport.stub(.get, "/api/v1/admin/domain_blocks", host: host, json: "[]") }
        let harness = CommandHarness(
            transport: transport, secrets: Self.keyring(), logins: InMemoryLoginStore(Self.config()))
        let result = await harness.run(["--all-accounts", "--verbose", "domain-blocks", "list"])
        let lines = result.stderr.split(separator: "\n")
        for host in Self.hosts {
            #expect(
                lines.contains {
                    $0.hasPrefix("fedictl: admin@\(host): ")
                        && $0.contains("https://\(host)/api/v1/admin/domain_blocks")
                }, "\(result)")
        }
        #expect(lines.allSatisfy { $0.hasPrefix("fedictl: admin@") }, "\(result)")
    }

    /// One account's machine output names it beside each row, as the fleet's does, so an id piped
    /// on keeps its server; the table on a terminal does not.
    @Test func oneSelectedAccountIsNamedInMachineOutput() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[\(Self.block("one.example"))]")
        var config = Self.config()
        config.groups = ["solo": ["admin@a.test"]]
        let harness = CommandHarness(transport: transport, secrets: Self.keyring(), logins: InMemoryLoginStore(config))
        let result = await harness.run([
            "--account", "solo", "domain-blocks", "list", "-o", "json", "--fields", "domain",
        ])
        #expect(
            result.stdout == "[\n  {\n    \"account\" : \"admin@a.test\",\n    \"domain\" : \"one.example\"\n  }\n]\n",
            "\(result)")
        // One account the usual way (no group): a stub answers once, so a transport for each run.
        func plain() -> CommandHarness {
            let transport = FakeTransport()
            transport.stub(
                .get, "/api/v1/admin/domain_blocks?limit=40", host: "a.test", json: "[\(Self.block("one.example"))]")
            return CommandHarness(transport: transport, secrets: Self.keyring(), logins: InMemoryLoginStore(config))
        }
        for (format, expected) in [
            ("ndjson", "{\"account\":\"admin@a.test\",\"domain\":\"one.example\"}\n"),
            ("csv", "account,domain\r\nadmin@a.test,one.example\r\n"),
            ("table", "admin@a.test\tone.example\n"),
        ] {
            let piped = await plain().run([
                "--account", "admin@a.test", "domain-blocks", "list", "-o", format, "--fields", "domain",
            ])
            #expect(piped.stdout == expected, "\(format): \(piped)")
        }
        let terminal = await plain().run(
            ["--account", "admin@a.test", "domain-blocks", "list", "--fields", "domain"], tty: true)
        #expect(!terminal.stdout.contains("admin@a.test"), "\(terminal)")
    }

    @Test func verbsThatNameTheirOwnTargetDoNotFanOut() async throws {
        let harness = CommandHarness(
            transport: FakeTransport(), secrets: Self.keyring(), logins: InMemoryLoginStore(Self.config()))
        let list = await harness.run(["--all-accounts", "auth", "list", "--fields", "account"])
        #expect(list.stdout == "admin@c.test\nadmin@b.test\nadmin@a.test\n", "\(list)")
        let timeline = await harness.run(["--account", "admin@a.test,admin@b.test", "timelines", "pins"])
        #expect(timeline.status == 0, "\(timeline)")
    }
}

/// Holds every request until the test releases it, recording how many were in flight as each arrived.
final class HoldingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var held: [CheckedContinuation<Void, Never>] = []
    private var arrivalWaiters: [(Int, CheckedContinuation<Void, Never>)] = []
    private var inFlight = 0
    private var arrivals: [Int] = []
    private var releasing = false

    var inFlightAtArrival: [Int] { lock.withLock { arrivals } }

    func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
                inFlight += 1
                arrivals.append(inFlight)
                if releasing { return [continuation] + wake() }
                held.append(continuation)
                return wake()
            }
            ready.forEach { $0.resume() }
        }
        lock.withLock { inFlight -= 1 }
        return HTTPResponse(
            status: 200, headers: ["content-type": "application/json"], body: Data("[]".utf8), url: request.url)
    }

    /// The arrival waiters whose count is reached (called under the lock).
    private func wake() -> [CheckedContinuation<Void, Never>] {
        let due = arrivalWaiters.filter { $0.0 <= arrivals.count }.map(\.1)
        arrivalWaiters.removeAll { $0.0 <= arrivals.count }
        return due
    }

    func waitForArrivals(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if arrivals.count >= count { return true }
                arrivalWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    func releaseOne() {
        let first: CheckedContinuation<Void, Never>? = lock.withLock { held.isEmpty ? nil : held.removeFirst() }
        first?.resume()
    }

    func releaseAll() {
        let all: [CheckedContinuation<Void, Never>] = lock.withLock {
            releasing = true
            defer { held = [] }
            return held
        }
        all.forEach { $0.resume() }
    }
}
