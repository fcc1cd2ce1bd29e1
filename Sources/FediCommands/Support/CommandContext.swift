import ArgumentParser
import FoundationEssentials
import FediCore
import FediOutput

/// What a running command works with: the services, the global flags, and lazy helpers built
/// from them, so `--help` and usage errors never open a socket, the config or the keyring.
public struct CommandContext: Sendable {
    public let services: Services
    public let globals: GlobalOptions
    /// The run's journal facts; nil for contexts made outside a command run (nothing is recorded).
    public var journalSession: JournalSession?

    public init(services: Services, globals: GlobalOptions) {
        self.services = services
        self.globals = globals
    }

    public var terminal: any Terminal { services.terminal }
    public var environment: [String: String] { services.environment }

    /// Every command's results go through this.
    public var output: Renderer {
        let tty = terminal.stdoutIsTTY
        let settings = OutputSettings(
            format: globals.output ?? .table, fields: globals.fieldList, noHeaders: globals.noHeaders, isTTY: tty,
            width: tty ? terminal.width : nil,
            color: OutputSettings.colorAllowed(isTTY: tty, environment: environment, noColorFlag: globals.noColor),
            now: services.now())
        let terminal = self.terminal
        return Renderer(settings: settings) { terminal.write($0) }
    }

    /// Narration for people: stderr, so stdout stays data. It may quote a server (a filter's
    /// title, an error message), so control sequences are made inert, as in tables.
    public func status(_ text: String) {
        terminal.writeError(Renderer.inertLines(text) + "\n")
    }

    public var http: HTTPClient {
        let terminal = self.terminal
        var log: (@Sendable (String) -> Void)?
        if globals.verbose { log = { line in terminal.writeError("fedictl: " + line + "\n") } }
        let options = TransportOptions(connectTimeout: min(10, globals.timeout), totalTimeout: globals.timeout, caCertificateFile: globals.cacert)
        let transport: any HTTPTransport = globals.dryRun ? DryRunTransport(wrapped: services.transport, terminal: terminal) : services.transport
        var client = HTTPClient(transport: transport, options: options, log: log, sleep: services.sleep, now: services.now)
        client.writeObserver = journalObserver
        return client
    }

    /// The config. Under `--dry-run` the first change is described instead of written (`DryRunLoginStore`).
    /// Best-effort caches (detections, rules, read positions) write through `services.logins` directly.
    public var logins: any LoginStore {
        if globals.dryRun { return DryRunLoginStore(wrapped: services.logins, terminal: terminal) }
        return journalObserver != nil ? JournalingLoginStore(wrapped: services.logins, ctx: self) : services.logins
    }

    /// Parses a server the user named, applying the plain-http rule.
    public func server(_ text: String) throws -> ServerAddress {
        try ServerAddress(text, allowInsecureHTTP: globals.insecureHttp)
    }

    /// A client for a server without any login (public endpoints).
    public func anonymousClient(_ server: ServerAddress) -> APIClient {
        APIClient(server: server, token: nil, http: http)
    }

    /// Destructive verbs ask first: on a terminal a y/N prompt, elsewhere `--yes` is required.
    public func confirm(_ question: String) throws {
        if globals.yes || globals.dryRun { return }
        guard terminal.stdinIsTTY, terminal.stderrIsTTY else {
            throw FediError(.usage, "\(question.trimmed("?")): confirmation needed",
                            hint: "not on a terminal: pass --yes to confirm")
        }
        let answer = terminal.readLine(prompt: "\(question) [y/N] ", secret: false)?.lowercased()
        guard answer == "y" || answer == "yes" else { throw FediError(.failure, "cancelled") }
    }
}
