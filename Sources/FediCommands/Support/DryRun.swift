import FediCore
import FediOutput
import FoundationEssentials

/// `--dry-run` for every write at once: reads (GETs, and POSTs marked `readsOnly`) go through, the first write is printed (method, URL,
/// body; secrets redacted) instead of sent, and the command stops there with exit 0.
/// Bulk commands (imports) check `globals.dryRun` themselves to print their whole plan.
struct DryRunTransport: HTTPTransport {
    let wrapped: any HTTPTransport
    let terminal: any Terminal
    /// `user@host: ` when the run acts as several accounts.
    var prefix = ""
    /// Set on a fleet's first pass: the write is kept for the confirmation instead of printed.
    var preview: WritePreview?

    func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        guard !request.readsOnly else { return try await wrapped.send(request, options: options) }
        if let preview {
            preview.keep(WritePreview.describe(request))
            throw WritePreview.Stop()
        }
        var text = "\(prefix)dry run: would send \(request.method.rawValue) \(Redaction.url(request.url))\n"
        if let body = request.body, !body.isEmpty {
            text += InertText.json(Redaction.body(body)) + "\n"  // a blocklist's text, escaped
        }
        terminal.write(text)
        throw DryRunStop()
    }

    /// A stream only reads (`queue --watch`).
    func stream(_ request: HTTPRequest, options: TransportOptions, idleTimeout: Double) async throws
        -> HTTPStreamResponse
    {
        try await wrapped.stream(request, options: options, idleTimeout: idleTimeout)
    }
}

/// Thrown after a dry run printed its request; the command ends successfully.
public struct DryRunStop: Error {}

/// `--dry-run` for the config: reads pass, and so does an update that changes nothing; the first
/// real change is described instead of written, and the command stops there with exit 0.
struct DryRunLoginStore: LoginStore {
    let wrapped: any LoginStore
    let terminal: any Terminal
    /// Set on a fleet's first pass: the change is kept for the confirmation instead of printed.
    var preview: WritePreview?

    func load() throws -> LoginConfig { try wrapped.load() }

    func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
        let before = try wrapped.load()
        var after = before
        let result = try change(&after)
        guard after != before else { return result }
        if let preview {
            preview.keep("change the config: \(Self.describe(from: before, to: after))")
            throw WritePreview.Stop()
        }
        terminal.write("dry run: would change the config: \(Self.describe(from: before, to: after))\n")
        throw DryRunStop()
    }

    /// Which accounts, pins and settings the change touches, e.g. "add account a@x.example; set the default account".
    static func describe(from before: LoginConfig, to after: LoginConfig) -> String {
        var parts: [String] = []
        let old = Dictionary(before.accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        parts += after.accounts.filter { old[$0.id] == nil }.map { "add account \($0.id)" }
        parts += before.accounts.filter { new[$0.id] == nil }.map { "remove account \($0.id)" }
        parts += after.accounts.filter { account in old[account.id].map { $0 != account } ?? false }.map {
            "update account \($0.id)"
        }
        if before.defaultAccount != after.defaultAccount {
            parts.append("make \(after.defaultAccount ?? "no account") the default")
        }
        if before.clients != after.clients { parts.append("update the registered apps") }
        if before.pins != after.pins { parts.append("update the pinned timelines") }
        return parts.isEmpty ? "update it" : parts.joined(separator: "; ")
    }
}

/// `--dry-run` for the keyring (or the `--insecure-storage` file): lookups pass; storing or
/// removing a secret is described (never the secret itself) instead of done, and the command stops.
struct DryRunSecretStore: SecretStore {
    let wrapped: any SecretStore
    let terminal: any Terminal

    var storageName: String { wrapped.storageName }

    func lookup(_ key: SecretKey) async throws -> String? { try await wrapped.lookup(key) }

    func store(_ secret: String, for key: SecretKey) async throws {
        terminal.write("dry run: would store \(key.label) in the \(wrapped.storageName)\n")
        throw DryRunStop()
    }

    func remove(_ key: SecretKey) async throws {
        terminal.write("dry run: would remove \(key.label) from the \(wrapped.storageName)\n")
        throw DryRunStop()
    }
}
