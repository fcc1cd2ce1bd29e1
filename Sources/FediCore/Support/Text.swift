import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

// Text helpers that Foundation's NSString bridge used to provide. fedictl links FoundationEssentials
// only: full Foundation brings ICU and CoreFoundation, which cost every run start-up time
// (relocations, page faults, a larger conformance table) for nothing fedictl needs.

extension String {
    /// Without leading and trailing white space, as `StringProtocol.trimmed()`; visible ASCII at both
    /// ends is known to need nothing without Unicode's character properties (a list trims a date
    /// or a number per row).
    public func trimmed() -> String {
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        return trimmed(where: isWhiteSpace)
    }
}

/// `Character.isWhitespace`, answered for ASCII without Unicode's property tables (set up on a
/// run's first look-up).
@inline(__always) func isWhiteSpace(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return character.isWhitespace }
    return ascii.isASCIIWhiteSpace
}

extension UInt8 {
    /// Space, tab, line feed, vertical tab, form feed or carriage return: ASCII's white space.
    public var isASCIIWhiteSpace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
}

extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs, line breaks).
    public func trimmed() -> String { trimmed(where: isWhiteSpace) }

    /// Without the leading and trailing characters found in `characters`.
    public func trimmed(_ characters: String) -> String { trimmed { characters.contains($0) } }

    public func trimmed(where isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// Equal ignoring case, as header names and handles compare.
    public func equalsIgnoringCase(_ other: some StringProtocol) -> Bool { lowercased() == other.lowercased() }

    /// Padded with spaces after the text to `width` characters (never cut).
    public func padded(to width: Int) -> String {
        let text = String(self)
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// Percent-encoded, keeping ASCII letters and digits and the bytes in `unreserved` as they are.
    public func percentEncoded(keeping unreserved: String = "-._~") -> String {
        var out = ""
        for byte in utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || unreserved.utf8.contains(byte)
            {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `%XX` sequences decoded; nil when one is malformed or the bytes are not UTF-8.
    public var percentDecoded: String? {
        var bytes: [UInt8] = []
        var input = Array(utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let escape = input.prefix(2)
            guard escape.count == 2, escape.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: escape, as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            input = input.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// A number as `%g` shows it: no trailing zeros, no fraction for whole values (`2`, `0.5`).
public func shortNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}

/// What a failed file operation says, as one line: the system's own words for the errno
/// (`Permission denied`) when there is one, since FoundationEssentials has no localized texts.
public func systemMessage(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError {
        if let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        default: return "file error \(cocoa.code.rawValue)"
        }
    }
    return String(describing: error)
}
