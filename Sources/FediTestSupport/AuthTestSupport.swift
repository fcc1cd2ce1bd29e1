import FediCommands
import FediCore
import FediHTTPCurl
import Foundation

/// A command running in-process whose stderr a test can watch while it runs (the OAuth login
/// prints the authorize URL, then waits for the browser).
public final class InProcessRun: Sendable {
    public let terminal: CapturingTerminal
    private let task: Task<Int32, Never>

    /// Starts `arguments` on the real command tree with these services (the terminal is made here).
    public init(
        _ arguments: [String], transport: any HTTPTransport = CommandHarness.sharedTransport, secrets: any SecretStore,
        insecureSecrets: (any SecretStore)? = nil, logins: any LoginStore, environment: [String: String] = [:],
        openURL: @escaping @Sendable (URL) -> Bool = { _ in false }, tty: Bool = false, input: String = ""
    ) {
        let terminal = CapturingTerminal(tty: tty, width: 100, input: input)
        let file = insecureSecrets ?? secrets
        let services = Services(
            transport: transport, secrets: secrets, insecureSecrets: { file }, logins: logins, terminal: terminal,
            environment: environment, openURL: openURL)
        self.terminal = terminal
        task = Task {
            await Services.$current.withValue(services) { await FedictlMain.run(arguments) }
        }
    }

    /// Waits until stderr contains `text`, and returns stderr so far.
    public func waitForStderr(containing text: String, seconds: Double = 20) async throws -> String {
        try await Waiting.until(seconds: seconds, what: "'\(text)' on stderr (stderr so far: \(terminal.stderr))") {
            terminal.stderr.contains(text) ? terminal.stderr : nil
        }
    }

    public func finish() async -> CommandResult {
        let status = await task.value
        return CommandResult(stdout: terminal.stdout, stderr: terminal.stderr, status: status)
    }
}

/// The built fedictl binary, running, with stdin to write to and stdout/stderr to watch.
public final class BinaryRun: @unchecked Sendable {
    private let process = Process()
    private let stdinPipe = Pipe()
    private let output = Output()
    private let readers = DispatchGroup()
    /// Under strace (`WriteTrace`): signals go to fedictl, strace's child, not to strace.
    private let traced: Bool

    /// What the process wrote; the reader threads hold this, not the run, so a test that fails
    /// before `finish` still frees the run and its `deinit` ends the process.
    private final class Output: @unchecked Sendable {
        let lock = NSLock()
        var out = Data()
        var err = Data()
    }

    /// `traceWritesTo`: run under strace, which records each write to that file (`WriteTrace`).
    public init(_ arguments: [String], environment: [String: String], traceWritesTo trace: URL? = nil) throws {
        try TestTier.requireIntegration("the fedictl binary")
        traced = trace != nil
        if let trace {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
            process.arguments = WriteTrace.arguments(to: trace) + [RepoPaths.fedictlBinary.path] + arguments
        } else {
            process.executableURL = RepoPaths.fedictlBinary
            process.arguments = arguments
        }
        process.environment = BinaryRunner.userEnvironment(environment)
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = stdinPipe
        try process.run()
        for (pipe, isError) in [(outPipe, false), (errPipe, true)] {
            readers.enter()
            Thread.detachNewThread { [output, readers] in
                while true {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    output.lock.withLock { if isError { output.err += chunk } else { output.out += chunk } }
                }
                readers.leave()
            }
        }
    }

    /// A test that failed half-way (a wait that gave up) leaves no fedictl running, e.g. a watch.
    deinit {
        if process.isRunning { process.terminate() }
    }

    public var stderr: String { output.lock.withLock { String(decoding: output.err, as: UTF8.self) } }
    public var stdout: String { output.lock.withLock { String(decoding: output.out, as: UTF8.self) } }

    public func waitForStderr(containing text: String, seconds: Double = 20) async throws -> String {
        try await Waiting.until(seconds: seconds, what: "'\(text)' on stderr (stderr so far: \(stderr))") {
            stderr.contains(text) ? stderr : nil
        }
    }

    public func waitForStdout(containing text: String, seconds: Double = 20) async throws -> String {
        try await Waiting.until(
            seconds: seconds, what: "'\(text)' on stdout (stdout so far: \(stdout); stderr: \(stderr))"
        ) {
            stdout.contains(text) ? stdout : nil
        }
    }

    /// Sends a signal, as `kill` would (SIGTERM, SIGINT).
    public func signal(_ number: Int32) {
        let pid = process.processIdentifier
        guard traced else {
            kill(pid, number)
            return
        }
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        if let child = children.split(separator: " ").first.flatMap({ Int32($0) }) { kill(child, number) }
    }

    /// Writes to stdin and closes it.
    public func send(_ input: String) {
        stdinPipe.fileHandleForWriting.write(Data(input.utf8))
        try? stdinPipe.fileHandleForWriting.close()
    }

    /// Waits for the process to exit (killing it after `seconds`).
    public func finish(seconds: Double = 30) async throws -> CommandResult {
        try? stdinPipe.fileHandleForWriting.close()
        let status = try await exitStatus(seconds: seconds)
        // The readers end at the child's exit, or later if a grandchild keeps a pipe open (or a child
        // another test spawned at that moment holds a copy): wait off the pool, for a minute at most,
        // then take what was read.
        let readers = readers
        _ = try await ProcessRunner.onOwnThread { readers.wait(timeout: .now() + 60) }
        return CommandResult(stdout: stdout, stderr: stderr, status: status)
    }

    /// Waits until the process has exited, as the kernel says (a zombie counts), not as Foundation
    /// says: Foundation learns of an exit when a socket the child holds closes, and a child another
    /// thread spawned at the same moment can hold a copy of it (Foundation closes in a new child only
    /// the descriptors open when it prepared the spawn), so `isRunning` stayed true for seconds after
    /// fedictl had ended (a SIGTERM test measured 6 s for an exit that took a fraction of one).
    public func waitForExit(seconds: Double = 30) async throws {
        let pid = process.processIdentifier
        do {
            _ = try await Waiting.until(seconds: seconds, what: "fedictl to exit") {
                ServerProcess.isAlive(pid) ? nil : true
            }
        } catch {
            process.terminate()
            throw error
        }
    }

    /// The exit code (or the signal that ended it, as Foundation gives it), read from the zombie
    /// without reaping it where Foundation has not yet.
    private func exitStatus(seconds: Double) async throws -> Int32 {
        try await waitForExit(seconds: seconds)
        let process = process
        guard let ended = try await ProcessRunner.onOwnThread({ ProcessRunner.ending(of: process, within: seconds) })
        else { throw FediError(.failure, "fedictl's exit status could not be read") }
        return ended.status
    }
}

/// What a person does in the browser on mastodon_mock's authorize page.
public enum OAuthBrowser {
    /// The authorize URL fedictl printed.
    public static func authorizeURL(in text: String) -> URL? {
        text.split(whereSeparator: \.isWhitespace).first { $0.contains("/oauth/authorize?") }.flatMap {
            URL(string: String($0))
        }
    }

    /// Opens the page, picks `username` and submits the form as the page says (a POST of its hidden
    /// fields plus the button's `username`). Redirects are followed, so with a loopback redirect
    /// the answer is fedictl's own "you can close this tab" page; out of band it is the code page.
    public static func approve(_ url: URL, as username: String) async throws -> HTTPResponse {
        let transport = CommandHarness.sharedTransport
        let options = TransportOptions(connectTimeout: 5, totalTimeout: 20)
        let page = try await transport.send(HTTPRequest(method: .get, url: url), options: options)
        let html = String(decoding: page.body, as: UTF8.self)
        guard page.status == 200, html.contains("<form method=\"post\" action=\"/oauth/authorize\">") else {
            throw FediError(.failure, "the authorize page answered \(page.status): \(html)")
        }
        var fields = hiddenFields(in: html)
        fields.append(("username", username))
        var post = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        (post.path, post.query) = ("/oauth/authorize", nil)
        var encoded = URLComponents()
        encoded.queryItems = fields.map { URLQueryItem(name: $0.0, value: $0.1) }
        let body = (encoded.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var request = HTTPRequest(method: .post, url: post.url!, body: Data(body.utf8))
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        let answer = try await transport.send(request, options: options)
        // fedictl's transport does not follow redirects of a POST; a browser follows this one with a GET.
        guard (300..<400).contains(answer.status), let location = answer.header("location"),
            let next = URL(string: location, relativeTo: answer.url)?.absoluteURL
        else { return answer }
        return try await transport.send(HTTPRequest(method: .get, url: next), options: options)
    }

    /// The code on mastodon_mock's out-of-band page.
    public static func outOfBandCode(in response: HTTPResponse) -> String? {
        let html = String(decoding: response.body, as: UTF8.self)
        guard let range = html.range(of: "Authorization code: ") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "<" && !$0.isWhitespace })
    }

    static func hiddenFields(in html: String) -> [(String, String)] {
        let pattern = #"<input type="hidden" name="([^"]+)" value="([^"]*)">"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).map { match in
            (String(html[Range(match.range(at: 1), in: html)!]), String(html[Range(match.range(at: 2), in: html)!]))
        }
    }
}

/// Whether a real Secret Service answers (as under scripts/with-keyring): `secret-tool` can search.
public enum KeyringProbe {
    public static var skipRequested: Bool { ProcessInfo.processInfo.environment["FEDICTL_SKIP_KEYRING_TESTS"] == "1" }

    /// Throws, with how to run these tests, unless a Secret Service is reachable.
    public static func require() async throws {
        let result = try await secretTool(["search", "service", "fedictl-probe"])
        guard result.status == 0 else {
            throw FediError(
                .unavailable,
                "No Secret Service is reachable (\(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))). "
                    + "Run these tests through scripts/with-keyring, e.g. `scripts/with-keyring swift test --filter Auth`, "
                    + "or set FEDICTL_SKIP_KEYRING_TESTS=1 to skip them.")
        }
    }

    /// Runs secret-tool with this process's D-Bus environment.
    public static func secretTool(_ arguments: [String]) async throws -> CommandResult {
        try await ProcessRunner.run("/usr/bin/secret-tool", arguments)
    }

    /// The environment a fedictl binary needs to reach the same Secret Service as this process.
    public static var sessionEnvironment: [String: String] {
        let names = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_DATA_HOME", "GNOME_KEYRING_CONTROL"]
        let environment = ProcessInfo.processInfo.environment
        return Dictionary(uniqueKeysWithValues: names.compactMap { name in environment[name].map { (name, $0) } })
    }
}

public enum Waiting {
    /// `what` is read when the wait gives up, so "so far" in it means at the end of the wait.
    public static func until<T>(seconds: Double, what: @autoclosure () -> String, _ check: () -> T?) async throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = check() { return value }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        if let value = check() { return value }
        throw FediError(.temporary, "waited \(Int(seconds)) s for \(what())")
    }
}
