import FoundationEssentials

/// What `domain-blocks sync` appends to the private comment of a block it writes, where the software
/// keeps one: `[fedictl-sync sources=a.csv,b.txt at=2026-11-26T03:00:00Z set=1a2b3c4d]`. It is read
/// back from the server on every run, so any machine with a login knows which blocks sync made, from
/// which sources, and whether someone changed one since (issue 26); the local record is a cache.
public struct SyncStamp: Sendable, Equatable {
    /// The sources that listed the domain when sync last wrote it (empty in the old `[fedictl sync]` stamp).
    public var sources: [String]
    public var at: Date?
    /// A short digest of the values sync wrote (`fingerprint(of:)`); nil in the old stamp.
    public var fingerprint: String?
    /// A block made by hand that `--adopt` took over: sync changes it, but never lifts it.
    public var adopted: Bool

    public init(sources: [String], at: Date?, fingerprint: String?, adopted: Bool = false) {
        self.sources = sources
        self.at = at
        self.fingerprint = fingerprint
        self.adopted = adopted
    }

    static let opening = "[fedictl-sync"
    /// The stamp of fedictl before issue 26: says "sync made this", nothing more.
    public static let legacy = "[fedictl sync]"

    public var text: String {
        var words = [Self.opening, "sources=" + sources.map(Self.escaped).joined(separator: ",")]
        if let at {
            let minute = (at.timeIntervalSince1970 / 60).rounded(.down) * 60
            words.append("at=" + FlexibleDate.format(Date(timeIntervalSince1970: minute)))
        }
        if let fingerprint { words.append("set=" + fingerprint) }
        if adopted { words.append("adopted") }
        return words.joined(separator: " ") + "]"
    }

    /// The last stamp in `comment`, or nil when it has none (a block sync did not make).
    public static func parse(_ comment: String?) -> SyncStamp? {
        guard let comment else { return nil }
        guard let start = comment.ranges(of: opening).last?.lowerBound,
            let end = comment[start...].firstIndex(of: "]")
        else {
            return comment.contains(legacy) ? SyncStamp(sources: [], at: nil, fingerprint: nil) : nil
        }
        var stamp = SyncStamp(sources: [], at: nil, fingerprint: nil)
        for word in comment[comment.index(start, offsetBy: opening.count)..<end].split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count) {
            case ("sources", 2): stamp.sources = parts[1].split(separator: ",").map { unescaped(String($0)) }
            case ("at", 2): stamp.at = FlexibleDate.parse(parts[1])
            case ("set", 2): stamp.fingerprint = parts[1]
            case ("adopted", 1): stamp.adopted = true
            default: continue  // a later fedictl's word: ignored, not fatal
            }
        }
        return stamp
    }

    /// `comment` without any stamp, old or new.
    public static func stripped(_ comment: String?) -> String {
        var text = (comment ?? "").replacing(legacy, with: "")
        while let start = text.ranges(of: opening).last?.lowerBound {
            let end = text[start...].firstIndex(of: "]").map { text.index(after: $0) } ?? text.endIndex
            text.removeSubrange(start..<end)
        }
        return text.trimmed()
    }

    /// `comment` (stamps removed) with this stamp at its end.
    public func appended(to comment: String?) -> String {
        let bare = Self.stripped(comment)
        return bare.isEmpty ? text : bare + " " + text
    }

    /// A digest of the values a block holds, stamps left out: what sync wrote, to tell later whether
    /// someone changed the block. Flags a suspension implies do not count (some software drops them).
    public static func fingerprint(of spec: DomainBlockSpec) -> String {
        let suspended = spec.severity == .suspend
        let values = [
            spec.severity.rawValue, "\(spec.rejectMedia && !suspended)",
            "\(spec.rejectReports && !suspended)", "\(spec.obfuscate)", (spec.publicComment ?? "").trimmed(),
            stripped(spec.privateComment),
        ]
        return String(DomainDigest.sha256Hex(values.joined(separator: "\u{1F}")).prefix(8))
    }

    /// `spec` with its stamp's fingerprint made again after a change to its values (a follow cap).
    public static func refreshed(_ spec: DomainBlockSpec) -> DomainBlockSpec {
        guard var stamp = parse(spec.privateComment), stamp.fingerprint != nil else { return spec }
        stamp.fingerprint = fingerprint(of: spec)
        var copy = spec
        copy.privateComment = stamp.appended(to: spec.privateComment)
        return copy
    }

    /// Source names are paths and URLs: the stamp's separators in them are percent-escaped.
    static func escaped(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar == "%" || scalar == "," || scalar == "]" || scalar == "[" || scalar.properties.isWhitespace
                || scalar.value < 0x20 || scalar.value == 0x7F
            {
                for byte in String(scalar).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unescaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
