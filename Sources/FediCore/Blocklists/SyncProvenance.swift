import FoundationEssentials

/// What sync made on one server: the sources a block came from, and when.
public struct SyncRecord: Codable, Sendable, Equatable {
    public var domain: String
    public var server: String
    public var sources: [String]
    public var at: Date
    /// add, raise, lower, change or lift (a lift ends the record).
    public var action: String
    /// The server's id of the block sync wrote: a block a moderator removed and made again by hand has
    /// another id, so it is not sync's. nil in records written before fedictl kept it, and for
    /// software that keeps no ids (a whole-list write).
    public var blockID: String?
    /// `SyncStamp.fingerprint(of:)` of the values sync wrote, to tell a block changed by hand since
    /// where the software keeps no private comment to stamp. nil in older records.
    public var fingerprint: String?

    public init(
        domain: String, server: String, sources: [String], at: Date, action: String, blockID: String? = nil,
        fingerprint: String? = nil
    ) {
        self.domain = domain
        self.server = server
        self.sources = sources
        self.at = at
        self.action = action
        self.blockID = blockID
        self.fingerprint = fingerprint
    }

    enum CodingKeys: String, CodingKey {
        case domain, server, sources, at, action, fingerprint
        case blockID = "block_id"
    }

    /// Whether `block`, as the server holds it now, is the one this record says sync wrote.
    public func describes(_ block: DomainBlock) -> Bool {
        guard let blockID else { return true }  // an old record: the domain is all it names
        return blockID == block.id
    }
}

/// The blocks sync created or changed, per account, as JSON Lines under
/// `$XDG_STATE_HOME/fedictl/sync/ACCOUNT/` (the journal's file discipline: 0700/0600, one locked
/// `write(2)` per line, a line cut by a crash skipped). Each write is recorded as soon as the server
/// has it, so a killed run loses at most the record of the write in flight.
public struct SyncProvenance: Sendable {
    let file: FileJournal

    public init(paths: StatePaths, account: String) {
        let safe = String(account.map { $0.isLetter || $0.isNumber || "@.:-_".contains($0) ? $0 : "_" })
        file = FileJournal(
            directory: paths.directory.appendingFile("sync", isDirectory: true).appendingFile(
                safe, isDirectory: true))
    }

    public func record(_ record: SyncRecord) async throws {
        let line = try JSONCoding.encoder(pretty: false).encode(record) + Data([0x0A])
        try await FileJournal.offThread { [file] in try file.appendNow(line) }
    }

    /// The blocks sync created and has not lifted, by normalised domain, with their latest record.
    public func made() async throws -> [String: SyncRecord] {
        try await FileJournal.offThread { [file] in
            var made: [String: SyncRecord] = [:]
            let decoder = JSONCoding.decoder()
            for url in try file.journalFiles() {
                guard let data = try LockedFile(url: url, stateFile: true).read() else { continue }
                for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
                    guard let record = try? decoder.decode(SyncRecord.self, from: Data(line)) else { continue }
                    let key = BlocklistFile.normalise(record.domain)
                    switch record.action {
                    case "add": made[key] = record
                    case "lift": made[key] = nil
                    // A change to a block sync created keeps it sync's; a hand-made block sync changed stays the hand's.
                    default:
                        if let earlier = made[key] {
                            var record = record
                            if record.blockID == nil { record.blockID = earlier.blockID }
                            if record.fingerprint == nil { record.fingerprint = earlier.fingerprint }
                            made[key] = record
                        }
                    }
                }
            }
            return made
        }
    }
}
