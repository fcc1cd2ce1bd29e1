import FediCore
import Foundation

/// The real GoToSocial server (`../shared/gotosocial/gotosocial`, or the binary named by
/// `FEDICTL_GOTOSOCIAL`), started once per test process by scripts/gotosocial-start and shared by
/// every real-tier test: it takes from 10 s to minutes to start, so each test brings its own data
/// (domains, users) instead of its own server. Its data lives in a temporary folder, never beside the
/// binary (CI's copy of ../shared is read-only); a watchdog stops it when the test process ends.
public final class GoToSocialServer: Sendable {
    /// HTTP to the server for setting up and reading state back. The server is not a child of this
    /// process (the start script put it in the background), so this value's own `stop` does nothing.
    public let http: ServerProcess
    public let pid: Int32
    public let dataDirectory: URL
    public let admin: SeedAccount
    public let alice: SeedAccount
    public let bob: SeedAccount
    public var base: String { http.base }
    public var port: Int { http.port }

    /// A sign-up's reason: GoToSocial wants 40 to 500 characters.
    public static let defaultReason = "I would like to join this server to talk about birds and trains."

    /// Every user's password (set by the start script).
    public static let password = "Correct-Horse-Battery-9"

    init(http: ServerProcess, pid: Int32, dataDirectory: URL, tokens: [String: String]) {
        self.http = http
        self.pid = pid
        self.dataDirectory = dataDirectory
        admin = SeedAccount("admin", token: tokens["admin"] ?? "", admin: true)
        alice = SeedAccount("alice", token: tokens["alice"] ?? "")
        bob = SeedAccount("bob", token: tokens["bob"] ?? "")
    }

    /// The server binary: $FEDICTL_GOTOSOCIAL, else ../shared/gotosocial/gotosocial beside the checkout.
    public static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["FEDICTL_GOTOSOCIAL"], !explicit.isEmpty {
            return explicit
        }
        return RepoPaths.root.deletingLastPathComponent().appendingPathComponent("shared/gotosocial/gotosocial").path
    }

    /// CI sets FEDICTL_REQUIRE_GOTOSOCIAL=1: then a missing server fails the tier instead of skipping it.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["FEDICTL_REQUIRE_GOTOSOCIAL"] == "1" }

    /// Whether the real tier runs: the binary is there (or CI requires it, so its absence fails loudly),
    /// and this is not the fast tier.
    public static var isAvailable: Bool {
        !TestTier.isFast && (isRequired || FileManager.default.isExecutableFile(atPath: binary))
    }

    /// The one server of this test process, started by the first test that asks. A failed start is
    /// remembered: every test then fails with its message rather than each waiting for a start of its own.
    public static func shared() async throws -> GoToSocialServer { try await Launcher.shared.server() }

    private actor Launcher {
        static let shared = Launcher()
        private var starting: Task<GoToSocialServer, Error>?

        func server() async throws -> GoToSocialServer {
            if let starting { return try await starting.value }
            let task = Task { try await GoToSocialServer.launch() }
            starting = task
            return try await task.value
        }
    }

    /// Rate limits off (GoToSocial allows 300 requests per 5 minutes per IP, and every test shares
    /// 127.0.0.1), request throttling off (it answers 503 under a burst), and no cap on sign-ups
    /// (10 a day and 20 pending by default), since tests sign up users of their own.
    static let configExtra = """
        advanced-rate-limit-requests: 0
        advanced-throttling-multiplier: 0
        accounts-registration-daily-limit: 0
        accounts-registration-backlog-limit: 0
        """

    static func launch() async throws -> GoToSocialServer {
        try TestTier.requireIntegration("GoToSocial")
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FediError(
                .unavailable, "the real GoToSocial server is not at \(binary)",
                hint: "put GoToSocial v0.20.0-rc1 (with its web/ folder) there or set FEDICTL_GOTOSOCIAL; "
                    + "see README's Testing section")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["GTS_CONFIG_EXTRA"] = configExtra
        // The script checks that the server answering is the one it started; when another process
        // took the port first, it says so and a fresh start picks another port.
        var attempt = 0
        var (directory, stdout, stderr) = (URL(fileURLWithPath: "/"), "", "")
        repeat {
            attempt += 1
            directory = try TemporaryDirectory.make("gotosocial")
            (stdout, stderr) = try await runStartScript(
                [binary, directory.appendingPathComponent("data").path], environment: environment)
        } while stderr.contains("was taken by another process") && attempt < 3
        guard let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any],
            let port = object["port"] as? Int, let pid = object["pid"] as? Int,
            let tokens = object["tokens"] as? [String: String]
        else {
            // A server the script started before failing is stopped; its log stays for reading.
            let pidFile = directory.appendingPathComponent("data/pid")
            if let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = Int32(text.trimmed()) {
                kill(pid, SIGTERM)
            }
            throw FediError(
                .unavailable, "GoToSocial did not start: \(stderr)\(stdout)",
                hint: "its log is in \(directory.path)/data/server.log")
        }
        try watch(pid: Int32(pid), directory: directory)
        return GoToSocialServer(
            http: ServerProcess(child: nil, port: port), pid: Int32(pid),
            dataDirectory: directory, tokens: tokens)
    }

    /// Runs scripts/gotosocial-start to the end of its output (one JSON line, or errors). Not through
    /// ProcessRunner: the script leaves the server running in the background, and Foundation's
    /// waitUntilExit then never saw the script end (it stayed a zombie, the test run hung).
    static func runStartScript(_ arguments: [String], environment: [String: String]) async throws -> (String, String) {
        let process = Process()
        process.executableURL = RepoPaths.root.appendingPathComponent("scripts/gotosocial-start")
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Its stderr is a line or two: reading it after stdout's end cannot fill the pipe.
        return try await ProcessRunner.onOwnThread {
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Stops the server and removes its data when this test process ends, however it ends: a small
    /// shell polls this process and then kills the server (an atexit handler would miss a crash).
    static func watch(pid: Int32, directory: URL) throws {
        // Not through Foundation's Process: it would wait on its one reaping thread for this
        // shell's whole life, and no other child would be reaped meanwhile (`LongLivedChild`).
        _ = try LongLivedChild(
            "/bin/bash",
            [
                "-c",
                ProcessRunner.closingInheritedDescriptors
                    + "while kill -0 \"$1\" 2>/dev/null; do sleep 1; done; kill \"$2\" 2>/dev/null; "
                    + "while kill -0 \"$2\" 2>/dev/null; do sleep 0.2; done; rm -rf \"$3\"",
                "gotosocial-watchdog", String(getpid()), String(pid), directory.path,
            ])
    }

    // MARK: - State and people

    /// The server's own JSON for a GET with `token` (the admin's by default).
    public func get(_ path: String, token: String? = nil) async throws -> Any {
        try await http.json(.get, path, token: token ?? admin.token)
    }

    /// The admin API's view of a local account, by username.
    public func adminAccount(_ username: String) async throws -> [String: Any] {
        let path = "/api/v1/admin/accounts?local=true&username=\(username)&limit=200"
        let list = try await get(path) as? [[String: Any]] ?? []
        guard let account = list.first(where: { ($0["username"] as? String) == username }) else {
            throw FediError(.failure, "no local account \(username) on GoToSocial")
        }
        return account
    }

    /// A name no other test uses, for the users and domains a test makes (letters and digits only:
    /// GoToSocial usernames allow no more).
    public static func uniqueName(_ prefix: String) -> String {
        prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(10).lowercased()
    }

    /// Signs `username` up through the web form at /signup, as GoToSocial 0.19+ wants applicants to:
    /// the account is then pending approval. Returns its id.
    @discardableResult
    public func signUpThroughWebForm(_ username: String, reason: String = defaultReason) async throws -> String {
        let form = [
            "username": username, "email": "\(username)@example.org", "password": Self.password,
            "reason": reason, "agreement": "true", "locale": "en",
        ]
        let result = try await Browser(base: "http://\(base)").post("/signup", form: form)
        guard (200..<400).contains(result.status) else {
            throw FediError(.failure, "the sign-up form answered \(result.status): \(result.body.prefix(400))")
        }
        do {
            return try await adminAccount(username)["id"] as? String ?? ""
        } catch {
            // The form answered 2xx/3xx yet made no account (seen once in a full run): say what it answered.
            throw FediError(
                .failure,
                "no local account \(username) after the sign-up form answered \(result.status) "
                    + "\(result.location): \(result.body.prefix(300))")
        }
    }

    /// Approves a pending account through the admin API (its e-mail stays unconfirmed, so it cannot
    /// sign in: enough for a moderation target).
    public func approve(_ id: String) async throws {
        _ = try await http.json(.post, "/api/v1/admin/accounts/\(id)/approve", token: admin.token)
    }

    /// A fresh local user for a test that changes a user's state (suspends, silences): signed up
    /// through the web form and approved by the admin. Returns its id.
    public func makeUser(_ prefix: String = "user") async throws -> (username: String, id: String) {
        let username = Self.uniqueName(prefix)
        let id = try await signUpThroughWebForm(username)
        try await approve(id)
        return (username, id)
    }
}

/// A browser for GoToSocial's HTML pages (the sign-up form, the sign-in form, the authorize page):
/// curl with a cookie jar of its own, since those forms keep a session cookie between pages.
public struct Browser: Sendable {
    public let base: String
    let jar: String

    public init(base: String) {
        self.base = base
        jar = FileManager.default.temporaryDirectory.appendingPathComponent("fedictl-jar-\(UUID().uuidString)").path
    }

    public struct Page: Sendable {
        public let status: Int
        /// Where the server redirected to (a 3xx's Location), not followed.
        public let location: String
        public let body: String
    }

    public func get(_ pathOrURL: String) async throws -> Page {
        try await curl(["-G", url(pathOrURL)])
    }

    public func post(_ pathOrURL: String, form: [String: String] = [:]) async throws -> Page {
        let fields = form.sorted { $0.key < $1.key }.flatMap { ["--data-urlencode", "\($0.key)=\($0.value)"] }
        return try await curl(["-X", "POST", url(pathOrURL)] + fields)
    }

    func url(_ pathOrURL: String) -> String { pathOrURL.hasPrefix("http") ? pathOrURL : base + pathOrURL }

    func curl(_ arguments: [String]) async throws -> Page {
        let marker = "\n--fedictl-status--"
        let result = try await ProcessRunner.run(
            "curl",
            [
                "-s", "-c", jar, "-b", jar, "--max-time", "60",
                "-w", "\(marker)%{http_code} %{redirect_url}",
            ] + arguments)
        guard result.status == 0, let range = result.stdout.range(of: marker, options: .backwards) else {
            let command = arguments.joined(separator: " ")
            throw FediError(.failure, "curl \(command) failed (\(result.status)): \(result.stderr)")
        }
        let tail = result.stdout[range.upperBound...].split(separator: " ", maxSplits: 1).map(String.init)
        return Page(
            status: Int(tail.first ?? "") ?? 0, location: tail.count > 1 ? tail[1] : "",
            body: String(result.stdout[..<range.lowerBound]))
    }

    /// A person signing in on the authorize page fedictl printed and approving it, as the start
    /// script does: GET the authorize URL (GoToSocial keeps it in the session and sends the browser
    /// to /auth/sign_in), POST the sign-in form, GET the authorize page, POST it. Returns where the
    /// server redirected: fedictl's loopback listener, or its out-of-band page with the code.
    public func signInAndAuthorize(
        _ authorizeURL: URL, email: String,
        password: String = GoToSocialServer.password
    ) async throws -> String {
        _ = try await curl(["-G", authorizeURL.absoluteString])
        let signIn = try await post("/auth/sign_in", form: ["username": email, "password": password])
        guard (300..<400).contains(signIn.status) else {
            throw FediError(.failure, "the sign-in form answered \(signIn.status): \(signIn.body.prefix(400))")
        }
        _ = try await get("/oauth/authorize")
        let approval = try await post("/oauth/authorize")
        guard (300..<400).contains(approval.status), !approval.location.isEmpty else {
            throw FediError(.failure, "POST /oauth/authorize answered \(approval.status): \(approval.body.prefix(400))")
        }
        return approval.location
    }

    public func removeCookies() { try? FileManager.default.removeItem(atPath: jar) }
}
