import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// What a running command works with: the services, the global flags, and lazy helpers built
/// from them, so `--help` and usage errors never open a socket, the config or the keyring.
public struct CommandContext: Sendable {
    public let services: Services
    public let globals: GlobalOptions
    /// Set for bulk work (`forBulkWork`): where the waits for rate limits are reported.
    public private(set) var bulkWaits: BulkWaits?
    /// The account this context acts as when the runner chose it (one of several, or a group of
    /// one); nil for the usual `--account` / default selection. Everything built from the context
    /// (login, client, output, status, dry run) follows it.
    public var fleetMember: AccountPin?
    /// The run's journal facts; nil for contexts made outside a command run (nothing is recorded).
    public var journalSession: JournalSession?
    /// The verb lists as an account (it fans out and reads): its machine output names that account.
    var readsAsAccount = false

    public init(services: Services, globals: GlobalOptions) {
        self.services = services
        self.globals = globals
    }

    /// Bulk work (imports, commands over several accounts) never fails just because of a rate
    /// limit: its requests wait as the server asks, up to `--max-wait` each, and each new wait is
    /// reported to `onWait` (progress on a terminal). Elsewhere a request waits only within `--timeout`.
    public struct BulkWaits: Sendable {
        public var onWait: @Sendable (PacerWait) -> Void
        public init(onWait: @escaping @Sendable (PacerWait) -> Void) { self.onWait = onWait }
    }

    /// A copy whose HTTP clients do bulk work.
    public func forBulkWork(onWait: @escaping @Sendable (PacerWait) -> Void) -> CommandContext {
        var copy = self
        copy.bulkWaits = BulkWaits(onWait: onWait)
        return copy
    }

    public var terminal: any Terminal { services.terminal }
    public var environment: [String: String] { services.environment }

    /// Every command's results go through this.
    public var output: Renderer {
        let tty = terminal.stdoutIsTTY
        let settings = OutputSettings(
            format: globals.output ?? .table, fields: globals.fieldList, noHeaders: globals.noHeaders, isTTY: tty,
            width: tty && !globals.wide ? terminal.width : nil,
            color: OutputSettings.colorAllowed(isTTY: tty, environment: environment, noColorFlag: globals.noColor),
            now: services.now(), keepEmptyColumns: globals.fieldList != nil)
        let terminal = self.terminal
        var renderer = Renderer(
            settings: settings, write: { terminal.write($0) }, writeUTF8: { terminal.write(utf8: $0) },
            note: { terminal.writeError($0) })
        renderer.settings.raw = globals.raw
        // Only a terminal's table shortens the server's own accounts; nothing else needs the login.
        if tty, settings.format == .table, fleetMember == nil {
            renderer.settings.localHost = (try? login())?.server.authority
        }
        if let pin = fleetMember, let fleet = pin.fleet {
            renderer.fleet = FleetMemberOutput(account: pin.login.id, sink: fleet.output)
        } else if readsAsAccount, settings.format != .table || !tty {
            // The login is read only for output a script may pipe on (`Renderer.account`).
            renderer.account = fleetMember?.login.id ?? (try? login().id)
        }
        return renderer
    }

    /// Narration for people: stderr, so stdout stays data. It may quote a server (a filter's
    /// title, an error message), so control sequences are made inert, as in tables.
    public func status(_ text: String) {
        let prefix = fleetMember?.linePrefix ?? ""
        let lines =
            prefix.isEmpty
            ? text
            : text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
        if let held = fleetMember?.heldStatus { return held.append(Renderer.inertLines(lines) + "\n") }
        terminal.writeError(Renderer.inertLines(lines) + "\n")
    }

    public var http: HTTPClient {
        let terminal = self.terminal
        var log: (@Sendable (String) -> Void)?
        let prefix = fleetMember?.linePrefix ?? ""
        if globals.verbose { log = { line in terminal.writeError("fedictl: " + prefix + line + "\n") } }
        let options = TransportOptions(
            connectTimeout: min(10, globals.timeout), totalTimeout: globals.timeout,
            writeDeadline: globals.deadline, caCertificateFile: globals.cacert,
            maxResponseBytes: globals.maxResponseSize << 20, maxPages: globals.maxPages)
        let preview = fleetMember?.preview
        let transport: any HTTPTransport =
            globals.dryRun
            ? DryRunTransport(wrapped: services.transport, terminal: terminal, prefix: prefix)
            : preview != nil
                ? DryRunTransport(wrapped: services.transport, terminal: terminal, preview: preview)
                : services.transport
        var client = HTTPClient(
            transport: transport, options: options, log: log, sleep: services.sleep, now: services.now,
            pacers: services.pacers)
        if let bulkWaits {
            client.waitBudget = .bulk(maxWait: globals.maxWaitSeconds)
            client.onWait = bulkWaits.onWait
        }
        client.writeObserver = preview == nil ? JournalRecorder.observer(for: self) : nil  // a preview sends no write
        return client
    }

    /// The config. Under `--dry-run` the first change is described instead of written (`DryRunLoginStore`).
    /// Best-effort caches (detections, rules, read positions) write through `services.logins` directly.
    public var logins: any LoginStore {
        if globals.dryRun { return DryRunLoginStore(wrapped: services.logins, terminal: terminal) }
        if let preview = fleetMember?.preview {
            return DryRunLoginStore(
                wrapped: services.logins, terminal: terminal,
                preview: preview)
        }
        return JournalRecorder.observer(for: self) != nil
            ? JournalingLoginStore(wrapped: services.logins, ctx: self) : services.logins
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
        // One of several accounts: noted, and the run goes on to find the write the question is
        // about (kept, not sent); the runner asks once for all of them (FleetRunner).
        if let preview = fleetMember?.preview { return preview.ask(question) }
        guard terminal.stdinIsTTY, terminal.stderrIsTTY else {
            // "Block @alan? Follows between you end.": the question names the act, the rest goes to the hint.
            let end = question.firstIndex(of: "?") ?? question.endIndex
            let remark = question[end...].dropFirst().trimmed().trimmed(".")
            throw FediError(
                .usage, "\(question[..<end]): confirmation needed",
                hint: (remark.isEmpty ? "" : "\(remark); ") + "not on a terminal: pass --yes to confirm")
        }
        // The question may name a server's block or account: made inert like any status line.
        let answer = terminal.readLine(prompt: "\(Renderer.inert(question)) [y/N] ", secret: false)?.lowercased()
        guard answer == "y" || answer == "yes" else { throw FediError(.failure, "cancelled") }
    }
}
