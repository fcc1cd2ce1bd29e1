import FoundationEssentials

/// Where fedictl records the changes it makes (`fedictl log` reads it back).
public protocol Journal: Sendable {
    /// False when recording is off (`--no-journal`, the config setting, or a test that does not care).
    var isRecording: Bool { get }
    /// Throws when an entry could not be recorded; called before a write is sent, so a change is
    /// never made without its record.
    func checkWritable() async throws
    func append(_ entry: JournalEntry) async throws
    func read() async throws -> JournalContents
    /// Calls `visit` with each entry in file order without holding them all (off Swift's pool; `visit`
    /// runs on the reading thread); returns the number of damaged lines skipped. `prefilter`: lower-case
    /// ASCII text every wanted entry's line contains (lines without it may be skipped unread).
    func scan(prefilter: String?, _ visit: @escaping @Sendable (JournalEntry) throws -> Void) async throws -> Int
}

extension Journal {
    public func scan(
        prefilter: String?,
        _ visit: @escaping @Sendable (JournalEntry) throws -> Void
    ) async throws -> Int {
        let contents = try await read()
        for entry in contents.entries { try visit(entry) }
        return contents.damagedLines
    }
}

/// What a read found: the entries in file order, and how many lines could not be read (a crash
/// during an append leaves at most one partial line).
public struct JournalContents: Sendable {
    public var entries: [JournalEntry]
    public var damagedLines: Int

    public init(entries: [JournalEntry], damagedLines: Int) {
        self.entries = entries
        self.damagedLines = damagedLines
    }
}

/// Records nothing and holds nothing.
public struct DisabledJournal: Journal {
    public init() {}
    public var isRecording: Bool { false }
    public func checkWritable() async throws {}
    public func append(_ entry: JournalEntry) async throws {}
    public func read() async throws -> JournalContents { JournalContents(entries: [], damagedLines: 0) }
}

/// `$XDG_STATE_HOME/fedictl/` (an absolute XDG_STATE_HOME only, as the XDG spec says), else
/// `~/.local/state/fedictl/`: state that is neither config nor cache.
public struct StatePaths: Sendable, Equatable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public init(environment: [String: String]) {
        let base = XDGDirectory.base("XDG_STATE_HOME", else: ".local/state", environment: environment)
        directory = base.appendingFile("fedictl", isDirectory: true)
    }

    /// The journal of changes: `journal.jsonl`, and rotated files `journal-<time>.jsonl` beside it.
    public var journalDirectory: URL { directory }
}
