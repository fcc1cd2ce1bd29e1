import ArgumentParser
import FoundationEssentials
import FediOutput

extension OutputFormat: ExpressibleByArgument {}

/// Flags every command takes. Pulled into each leaf with `@OptionGroup`.
public struct GlobalOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .long, help: ArgumentHelp("Account to act as: user@host, a unique prefix of it, or an alias.", valueName: "account"),
            completion: .custom(AccountCompletion.candidates))
    public var account: String?

    @Option(name: [.short, .long], help: "Output format: table (default), json, ndjson or csv.")
    public var output: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("Comma-separated fields to show.", valueName: "a,b,c"),
            completion: .custom(FieldCompletion.candidates))
    public var fields: String?

    @Flag(name: .long, help: "Leave out the header row of tables and CSV.")
    public var noHeaders = false

    @Flag(name: .long, help: "No colour (also off with NO_COLOR or when not on a terminal).")
    public var noColor = false

    @Flag(name: .long, help: "Log each request (method, URL, status, time) to stderr, secrets redacted.")
    public var verbose = false

    @Flag(name: .long, help: "Print what a write would send, and send nothing.")
    public var dryRun = false

    @Flag(name: .long, help: "Record nothing in the journal of changes for this run (see fedictl log).")
    public var noJournal = false

    @Flag(name: [.short, .long], help: "Answer yes to confirmations (needed off a terminal for destructive verbs).")
    public var yes = false

    @Option(name: .long, help: ArgumentHelp("Seconds a request may take in all.", valueName: "seconds"))
    public var timeout: Double = 30

    @Flag(name: .long, help: "Print the server's own JSON instead of fedictl's normalised form.")
    public var raw = false

    @Option(name: .long, help: ArgumentHelp("PEM file of a private certificate authority to trust.", valueName: "file"),
            completion: .file())
    public var cacert: String?

    @Flag(name: .long, help: "Allow plain http:// to hosts that are not loopback.")
    public var insecureHttp = false

    @Flag(name: .long, help: "Keep secrets in a 0600 file instead of the keyring (not recommended).")
    public var insecureStorage = false

    public func validate() throws {
        guard timeout >= 0.001, timeout <= 86_400 else { throw ValidationError("--timeout must be between 0.001 and 86400 seconds") }
    }

    public var fieldList: [String]? {
        fields.map { $0.split(separator: ",").map { $0.trimmed() }.filter { !$0.isEmpty } }
    }
}
