import FoundationEssentials

/// One change fedictl made (or tried to make): who, where, what, with what result, and how to undo it.
/// Stored as one JSON line; never holds a token, secret, password or request body.
public struct JournalEntry: Codable, Sendable, Equatable {
    /// Random and short, for `fedictl log show ID` (a unique prefix is enough there).
    public var id: String
    public var time: Date
    public var fedictlVersion: String
    /// `user@host`, or nil for a change made without a login (a sign-up, an app registration).
    public var account: String?
    /// The server's host as `ServerAddress.authority`.
    public var server: String
    public var software: String?
    public var softwareVersion: String?
    /// The command as typed, secrets redacted.
    public var command: String?
    /// The command's path in the tree, e.g. `domain-blocks add`.
    public var verb: String
    public var target: String?
    public var before: String?
    public var after: String?
    /// The request that made the change (`POST /api/v1/admin/domain_blocks`); nil for config changes.
    public var request: String?
    public var outcome: Outcome
    /// The server's id of what was created.
    public var createdID: String?
    /// For a failure: the error's kind (an exit status name such as `permission`), HTTP status and message.
    public var errorKind: String?
    public var httpStatus: Int?
    public var message: String?
    /// The command that undoes the change, where one exists, as it would be typed (`jq -r .undo | sh`).
    public var undo: String?
    /// The same undo as words after `fedictl`, for `fedictl log undo` (no shell in between).
    public var undoArguments: [String]?
    /// Why there is no undo, where the software cannot do it (GoToSocial has no unsuspend).
    public var noUndo: String?
    /// What the target is (`domain-block`, `account`, `report`), so `log undo` can read its state now.
    public var subject: String?
    /// The server's id of the subject, where the target is a person's name for it (`@user@host`).
    public var subjectID: String?
    /// `--reason`: why the change was made, in the moderator's words.
    public var reason: String?
    /// For a `log undo`: the id of the entry it undid.
    public var undoes: String?
    /// The run (one fedictl invocation) the entry belongs to: `log --run` lists it, `log undo --run` undoes it.
    public var run: String?
    /// Where a row shown by `fedictl log --remote` came from; nil (local) in the journal file.
    public var source: String?

    public enum Outcome: String, Codable, Sendable {
        case ok, error
        /// Write-ahead: recorded before the request went out; replaced by the outcome under the same id.
        /// Left alone, the run was killed with the write in flight.
        case pending
    }

    public init(
        id: String = JournalEntry.newID(), time: Date, account: String?, server: String, software: String? = nil,
        softwareVersion: String? = nil, command: String?, verb: String, target: String? = nil, before: String? = nil,
        after: String? = nil, request: String? = nil, outcome: Outcome, createdID: String? = nil,
        errorKind: String? = nil,
        httpStatus: Int? = nil, message: String? = nil, undo: String? = nil, source: String? = nil
    ) {
        self.id = id
        self.time = time
        self.fedictlVersion = FedictlVersion.current
        self.account = account
        self.server = server
        self.software = software
        self.softwareVersion = softwareVersion
        self.command = command
        self.verb = verb
        self.target = target
        self.before = before
        self.after = after
        self.request = request
        self.outcome = outcome
        self.createdID = createdID
        self.errorKind = errorKind
        self.httpStatus = httpStatus
        self.message = message
        self.undo = undo
        self.source = source
    }

    enum CodingKeys: String, CodingKey {
        case id, time, account, server, software, command, verb, target, before, after, request, outcome, message, undo,
            source
        case fedictlVersion = "fedictl_version", softwareVersion = "software_version", createdID = "created_id"
        case errorKind = "error_kind", httpStatus = "http_status", undoArguments = "undo_arguments", noUndo = "no_undo"
        case subject, reason, undoes, run, subjectID = "subject_id"
    }

    /// 12 lower-case hex digits: 48 random bits, so concurrent processes do not collide in practice.
    public static func newID() -> String {
        let value = UInt64.random(in: 0..<(1 << 48))
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// The entry as one line of JSON, newline included.
    public func line() throws -> Data {
        var data = try Self.encoder.encode(self)
        data.append(0x0A)
        return data
    }

    public static func parse(line: some Collection<UInt8>) -> JournalEntry? {
        try? JSONCoding.decoder().decode(JournalEntry.self, from: Data(line))
    }

    private static let encoder = JSONCoding.encoder(pretty: false)
}
