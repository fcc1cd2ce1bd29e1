import FoundationEssentials

/// An IP address or CIDR range as Mastodon's IP blocks take it (`192.0.2.0/24`, `2001:db8::/32`,
/// or one address), checked before anything is sent.
public struct IPRange: Sendable, Equatable, CustomStringConvertible {
    public enum Family: Sendable { case v4, v6 }

    public var address: String
    public var prefixLength: Int?
    public var family: Family

    /// Parses `text`; nil when it is not an IPv4/IPv6 address with an optional `/prefix` in range.
    public init?(_ text: String) {
        let value = text.trimmed()
        let parts = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let address = String(parts[0])
        if Self.isIPv4(address) {
            family = .v4
        } else if Self.isIPv6(address) {
            family = .v6
        } else {
            return nil
        }
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let length = Int(digits),
                length <= (family == .v4 ? 32 : 128)
            else { return nil }
            prefixLength = length
        }
        self.address = address.lowercased()
    }

    /// A range or a usage error (exit 64) saying what is wrong.
    public static func parse(_ text: String) throws -> IPRange {
        guard let range = IPRange(text) else {
            throw FediError(
                .usage, "'\(text)' is not an IP address or CIDR range",
                hint:
                    "write an IPv4 or IPv6 address with an optional prefix length: 192.0.2.0/24, 2001:db8::/32, 198.51.100.7"
            )
        }
        return range
    }

    public var description: String { prefixLength.map { "\(address)/\($0)" } ?? address }

    static func isIPv4(_ text: String) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                !octet.isEmpty && octet.count <= 3 && octet.allSatisfy { $0.isASCII && $0.isNumber }
                    && Int(octet)! <= 255
                    && !(octet.count > 1 && octet.hasPrefix("0"))
            }
    }

    /// Eight hex groups, `::` standing for one or more zero groups once, an IPv4 tail counting as two groups.
    static func isIPv6(_ text: String) -> Bool {
        guard text.contains(":"), !text.hasPrefix(":") || text.hasPrefix("::"),
            !text.hasSuffix(":") || text.hasSuffix("::")
        else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            var pieces = half.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if index == halves.count - 1, let last = pieces.last, last.contains(".") {
                guard isIPv4(last) else { return false }
                pieces.removeLast()
                groups += 2
            }
            for piece in pieces {
                guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}
