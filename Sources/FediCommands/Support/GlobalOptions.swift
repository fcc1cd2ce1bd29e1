import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// Its values spelled out as the defaults for a `CaseIterable` enum would give them: those go through
/// a key path and `String(describing:)` for each case, whose dynamic casts cost every run (`-o` is in
/// every command's options) about a tenth of a millisecond of start-up.
extension OutputFormat: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    public var defaultValueDescription: String { rawValue }
}

/// Flags every command takes. Pulled into each leaf with `@OptionGroup`.
public struct GlobalOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(
        name: .customLong("account"),
        help: ArgumentHelp(
            "Account to act as: user@host, a unique prefix of it, an alias or a group; repeat it or give a comma list for several.",
            valueName: "account"),
        completion: .custom(AccountCompletion.candidates))
    public var accounts: [String] = []

    @Flag(name: .long, help: "Act as every stored account (for admin verbs, every account whose role can moderate).")
    public var allAccounts = false

    @Option(
        name: .customLong("concurrency"),
        help: ArgumentHelp(
            "Accounts in flight at once (default 16), and for bulk verbs writes in flight per server (default 8); 1-16.",
            valueName: "n"))
    public var concurrencyGiven: Int?

    /// Writes in flight to one server in bulk verbs (imports): each one loads that server.
    public var concurrency: Int { concurrencyGiven ?? 8 }

    /// Accounts run at once over several accounts. Each mostly waits on its own server, so the
    /// default takes every account of a fleet of up to 16 at once: the wall time is the slowest
    /// server's, not a multiple of it (no server sees more than its own accounts' requests).
    public var accountsInFlight: Int { concurrencyGiven ?? 16 }

    @Flag(name: .long, help: "Over several accounts, stop at the first account that fails.")
    public var failFast = false

    @Flag(name: .long, help: "Over several accounts on one server, run as each of them, not once per server.")
    public var perAccount = false

    @Option(name: [.short, .long], help: "Output format: table (default), json, ndjson or csv.")
    public var output: OutputFormat?

    @Option(
        name: .long, help: ArgumentHelp("Comma-separated fields to show.", valueName: "a,b,c"),
        completion: .custom(FieldCompletion.candidates))
    public var fields: String?

    @Flag(name: .long, help: "Leave out the header row of tables and CSV.")
    public var noHeaders = false

    @Flag(name: .long, help: "No colour (also off with NO_COLOR or when not on a terminal).")
    public var noColor = false

    @Flag(
        name: .long,
        help: "Tables at their full width on a terminal: no cell cut, no column left out, no value wrapped.")
    public var wide = false

    @Flag(name: .long, help: "Log each request (method, URL, status, time) to stderr, secrets redacted.")
    public var verbose = false

    @Flag(name: .long, help: "Print what a write would send, and send nothing.")
    public var dryRun = false

    @Flag(name: .long, help: "Record nothing in the journal of changes for this run (see fedictl log).")
    public var noJournal = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Why this change is made: kept in the journal, and sent where the server keeps one.",
            valueName: "text"))
    public var reason: String?

    @Flag(
        name: [.short, .long],
        help:
            "Answer yes to confirmations (needed off a terminal for destructive verbs and for writes over several accounts)."
    )
    public var yes = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a request may take in all (for a write: each attempt).",
            valueName: "seconds"))
    public var timeout: Double = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds one write may take in all, resends after a lost answer included "
                + "(default 4 x --timeout).",
            valueName: "seconds"))
    public var deadline: Double?

    // Defaults said in the text, which the man page shows too (the parser's own "(default: 64)"
    // reaches --help only, and twice with the text's): so the options are optional.
    @Option(
        name: .customLong("max-response-size"),
        help: ArgumentHelp(
            "Largest answer to accept from a server, in MiB once decompressed (default 64).", valueName: "MiB"))
    public var maxResponseSizeGiven: Int?

    public var maxResponseSize: Int { maxResponseSizeGiven ?? TransportOptions.defaultMaxResponseBytes >> 20 }

    @Option(
        name: .customLong("max-pages"),
        help: ArgumentHelp(
            "Most pages of one list to follow before stopping with an error (default 5000).", valueName: "n"))
    public var maxPagesGiven: Int?

    public var maxPages: Int { maxPagesGiven ?? TransportOptions.defaultMaxPages }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Longest wait for a server's rate limit in bulk work (imports, several accounts), e.g. 15m (default).",
            valueName: "duration"))
    public var maxWait: String?

    @Flag(name: .long, help: "Print the server's own JSON instead of fedictl's normalised form.")
    public var raw = false

    @Option(
        name: .long, help: ArgumentHelp("PEM file of a private certificate authority to trust.", valueName: "file"),
        completion: .file())
    public var cacert: String?

    @Flag(name: .long, help: "Allow plain http:// to hosts that are not loopback.")
    public var insecureHttp = false

    @Flag(name: .long, help: "Keep secrets in a 0600 file instead of the keyring (not recommended).")
    public var insecureStorage = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read the access token from this 0600 file, or DIR/ACCOUNT (also FEDICTL_TOKEN_FILE).",
            valueName: "path"),
        completion: .file())
    public var tokenFile: String?

    public func validate() throws {
        guard timeout >= 0.001, timeout <= 86_400 else {
            throw ValidationError("--timeout must be between 0.001 and 86400 seconds")
        }
        if let deadline, !(deadline >= 0.001 && deadline <= 4 * 86_400) {
            throw ValidationError("--deadline must be between 0.001 and 345600 seconds")
        }
        guard (1...1_048_576).contains(maxResponseSize) else {
            throw ValidationError("--max-response-size must be between 1 and 1048576 MiB")
        }
        guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1") }
        if fieldList?.isEmpty == true {
            throw ValidationError("--fields needs at least one field name, e.g. --fields id,domain")
        }
        if let maxWait, DurationText(maxWait) == nil {
            throw ValidationError(
                "--max-wait '\(maxWait)' is not a length of time (use 30s, 15m, 2h, or plain seconds)")
        }
        if let cacert {
            // libcurl would only say "error setting certificate file" at the first request, or
            // (with '') silently trust the system's authorities instead.
            guard !cacert.isEmpty else { throw ValidationError("--cacert needs a PEM file; '' names none") }
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: cacert, isDirectory: &isDirectory), !isDirectory,
                FileManager.default.isReadableFile(atPath: cacert)
            else {
                throw ValidationError("--cacert \(cacert): no such readable file")
            }
        }
        guard (1...16).contains(concurrencyGiven ?? 8) else {
            throw ValidationError("--concurrency must be between 1 and 16")
        }
    }

    /// `--max-wait` in seconds: 15 minutes unless given (Mastodon's window is 5 minutes).
    public var maxWaitSeconds: Double {
        maxWait.flatMap(DurationText.init).map(\.timeInterval) ?? 900
    }

    /// What `--account` names, as one selector: the values joined by commas (nil when not given).
    /// Setting it replaces them.
    public var account: String? {
        get { accounts.isEmpty ? nil : accounts.joined(separator: ",") }
        set { accounts = newValue.map { [$0] } ?? [] }
    }

    public var fieldList: [String]? {
        fields.map { $0.split(separator: ",").map { $0.trimmed() }.filter { !$0.isEmpty } }
    }
}
