import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// The account a context is pinned to by the runner, and the fleet it belongs to, if any.
/// Cheap to copy: a login and two references.
public struct AccountPin: Sendable {
    public var login: Login
    /// `FEDICTL_TOKEN` is this account's token (it is on `FEDICTL_INSTANCE`'s server).
    public var usesEnvironmentToken: Bool
    /// False for an account made up from a full `user@host` for a `FEDICTL_TOKEN` run (not in the config).
    public var isStored: Bool
    /// Set when the account is one of several.
    public var fleet: Fleet?
    /// Narration held back while the runner finds out whether the account needs a confirmation
    /// (its run is then repeated, and the held lines would be said twice).
    var heldStatus: HeldLines?
    /// Set on the runner's first pass over several accounts when a confirmation may be needed:
    /// writes are kept here instead of sent (see `WritePreview`).
    var preview: WritePreview?

    public init(login: Login, usesEnvironmentToken: Bool = false, isStored: Bool = true, fleet: Fleet? = nil) {
        self.login = login
        self.usesEnvironmentToken = usesEnvironmentToken
        self.isStored = isStored
        self.fleet = fleet
    }

    public init(_ selected: SelectedAccount) {
        self.init(
            login: selected.login, usesEnvironmentToken: selected.usesEnvironmentToken, isStored: selected.isStored)
    }

    /// The account as the resolver takes it.
    var selected: SelectedAccount {
        SelectedAccount(login: login, usesEnvironmentToken: usesEnvironmentToken, isStored: isStored)
    }

    /// `user@host: ` before narration and dry-run lines when this account is one of several.
    var linePrefix: String { fleet == nil ? "" : login.id + ": " }
}

/// What the accounts of one fan-out share.
public final class Fleet: Sendable {
    public let logins: [Login]
    public let output: FleetOutput
    /// What each account's run did, for the summary per server at the end.
    let notes = OutcomeNotes()
    /// What the accounts found (`Finding`), for the exit status.
    let findings = Findings()

    init(logins: [Login], output: FleetOutput) {
        self.logins = logins
        self.output = output
    }
}

/// What one account of several would do, found on the runner's first pass: reads go through,
/// each write (HTTP or config) is kept here instead of sent, and `confirm` questions are noted and
/// answered yes (nothing is sent either way). The runner then lists every account's writes in one
/// confirmation and runs the accounts that would write again, for real.
final class WritePreview: Sendable {
    private struct Gathered {
        var writes: [String] = []
        var questions: [String] = []
    }
    private let gathered = Mutex(Gathered())
    /// Called at the first write kept: the account's output from here on is not its real result.
    private let onFirstWrite: @Sendable () -> Void

    init(onFirstWrite: @escaping @Sendable () -> Void) {
        self.onFirstWrite = onFirstWrite
    }

    /// Thrown where the write would have been sent.
    struct Stop: Error {}

    var writes: [String] { gathered.withLock { $0.writes } }
    var questions: [String] { gathered.withLock { $0.questions } }

    func keep(_ write: String) {
        let first = gathered.withLock {
            $0.writes.append(write)
            return $0.writes.count == 1
        }
        if first { onFirstWrite() }
    }

    func ask(_ question: String) { gathered.withLock { $0.questions.append(question) } }

    /// `POST /api/v1/admin/domain_blocks {"domain":"x.example"}`: the path (the account names the
    /// server), a redacted query and body, on one inert line, cut after `limit` characters.
    static func describe(_ request: HTTPRequest, limit: Int = 300) -> String {
        var components = URLComponents(string: Redaction.url(request.url))
        components?.scheme = nil
        components?.host = nil
        components?.port = nil
        var text = "\(request.method.rawValue) \(components?.string ?? request.url.path)"
        if let body = request.body, !body.isEmpty { text += " " + Redaction.body(body) }
        text = InertText.line(text)
        return text.count > limit ? String(text.prefix(limit)) + "..." : text
    }
}

/// Lines written later, or never.
final class HeldLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }
}
