/// An IP address or a CIDR range (`203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`), for `--ip`:
/// whether an account's address, as the server shows it, lies in it.
public struct AddressRange: Sendable, Equatable {
    /// The network's bytes (4 or 16) and how many leading bits must match.
    let bytes: [UInt8]
    let prefix: Int

    /// Nil when `text` is neither an address nor a range.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.bytes(of: String(parts[0])) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...bits).contains(prefix) else { return nil }
            self.prefix = prefix
        } else {
            prefix = bits
        }
        self.bytes = bytes
    }

    /// Whether `address` (an address as a server shows it) lies in the range; an address of the
    /// other family, or one that does not parse, does not.
    public func contains(_ address: String) -> Bool {
        guard let other = Self.bytes(of: address), other.count == bytes.count else { return false }
        for bit in 0..<prefix {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[bit / 8] & mask != other[bit / 8] & mask { return false }
        }
        return true
    }

    /// The bytes of an IPv4 (dotted quad) or IPv6 address (with `::`, an IPv4 tail, or a `%zone`).
    static func bytes(of text: String) -> [UInt8]? {
        let text = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        if !text.contains(":") { return v4(text) }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var out: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard let tail = v4(String(piece)) else { return nil }
                    out += tail
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    out += [UInt8(value >> 8), UInt8(value & 0xff)]
                }
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        guard halves.count == 2 else { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 16 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }

    private static func v4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { $0.count <= 3 && $0.allSatisfy(\.isASCII) ? UInt8($0) : nil }
        return bytes.count == 4 ? bytes : nil
    }
}
