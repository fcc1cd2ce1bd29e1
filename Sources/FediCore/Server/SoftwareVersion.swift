import FoundationEssentials

/// A version number as servers write it, read tolerantly: `4.3.0`, `4.0.0rc1`, `4.3.0-nightly.2024-10-01`,
/// `4.3.0+glitch`, `0.13.0 git-f4fcffc`, `3.13.2-7-gabc1234` (git describe), `2024.11.0`, `2023.12.0.beta3`,
/// `2024.08-dev`. Missing minor or patch numbers are 0. Build metadata never affects ordering.
public struct SoftwareVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// A pre-release tag (`rc1`, `beta.2`, `nightly.2024-10-01`): sorts before the release.
    public var prerelease: String?
    /// Build metadata (`glitch`, `pr-32577-ba659d5`, `git-f4fcffc`, `7-gabc1234`): a fork tag or build id.
    public var build: String?

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0, prerelease: String? = nil, build: String? = nil) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// nil when the text holds no version number at all.
    public init?(_ text: String) {
        let trimmed = text.trimmed()
        var rest = Substring(trimmed)
        if rest.first == "v" || rest.first == "V", rest.dropFirst().first?.isASCIIDigit == true {
            rest = rest.dropFirst()
        }
        if rest.first?.isASCIIDigit != true {
            // Some text before the number ("Iceshrimp.NET/2024.1"): start at the first dotted number.
            guard let start = trimmed.indices.first(where: { Self.startsDottedNumber(trimmed[$0...]) }) else {
                return nil
            }
            rest = trimmed[start...]
        }
        var numbers: [Int] = []
        while numbers.count < 3 {
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty, let value = Int(digits) else { break }
            numbers.append(value)
            rest = rest.dropFirst(digits.count)
            // Another number follows only after a dot and a digit; anything else ends the core.
            guard numbers.count < 3, rest.first == ".", rest.dropFirst().first?.isASCIIDigit == true else { break }
            rest = rest.dropFirst()
        }
        guard let major = numbers.first else { return nil }
        self.init(major, numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
        (prerelease, build) = Self.suffixes(rest)
    }

    /// Splits what follows the numbers into a pre-release tag and build metadata.
    private static func suffixes(_ text: Substring) -> (prerelease: String?, build: String?) {
        // A space ends the version proper; what follows is build information ("git-f4fcffc") or a
        // parenthesised remark, which is not ours to read.
        let word = text.prefix { !$0.isWhitespace }
        let trailing = text.dropFirst(word.count).trimmed()
        var builds: [String] = []
        var pre: Substring = word
        if let plus = word.firstIndex(of: "+") {
            builds.append(String(word[word.index(after: plus)...]))
            pre = word[..<plus]
        }
        if pre.first == "-" || pre.first == "." { pre = pre.dropFirst() }
        var prerelease: String? = pre.isEmpty ? nil : String(pre)
        if let tag = prerelease, isPostRelease(tag) {
            // git describe ("7-gabc1234") and Friendica's hotfix numbers ("2023.05-1") come after the release.
            builds.insert(tag, at: 0)
            prerelease = nil
        } else if let tag = prerelease, tag.first?.isASCIIDigit == true, !tag.contains(where: \.isLetter) {
            // A fourth number ("2024.11.0.1"): a build, not a pre-release.
            builds.insert(tag, at: 0)
            prerelease = nil
        }
        if !trailing.isEmpty, !trailing.hasPrefix("(") { builds.append(trailing) }
        let build = builds.filter { !$0.isEmpty }.joined(separator: "+")
        return (prerelease, build.isEmpty ? nil : build)
    }

    private static func isPostRelease(_ tag: String) -> Bool {
        startsGitDescribe(Substring(tag)) || tag.allSatisfy(\.isASCIIDigit)
    }

    /// `12.3…`: digits, a dot, a digit.
    static func startsDottedNumber(_ text: Substring) -> Bool {
        let digits = text.prefix(while: \.isASCIIDigit)
        let rest = text[digits.endIndex...]
        return !digits.isEmpty && rest.first == "." && rest.dropFirst().first?.isASCIIDigit == true
    }

    /// `3-g3f9d8ee…`, what `git describe` appends: commits since the tag, `-g`, six or more hex digits.
    static func startsGitDescribe(_ text: Substring) -> Bool {
        let digits = text.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, text[digits.endIndex...].hasPrefix("-g") else { return false }
        return text[digits.endIndex...].dropFirst(2).prefix(while: \.isHexDigit).count >= 6
    }

    /// Old Hometown wrote its own 1.x version, then the Mastodon one it is based on: `1.0.6+3.4.1`.
    /// Only that shape counts; any other build suffix (`06f906acac`, `260625+Xajh.ORG`) is not a version.
    public var oldHometownMastodonVersion: SoftwareVersion? {
        guard major < 2, let build, Self.startsDottedNumber(Substring(build)), let base = SoftwareVersion(build),
            base.major >= 2, base.build == nil
        else { return nil }
        return base
    }

    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if let prerelease { text += "-\(prerelease)" }
        if let build { text += "+\(build)" }
        return text
    }

    /// Whether this version's numbers are at least `minimum`'s. A pre-release counts as its release
    /// (`4.0.0rc1` has the 4.0 APIs): this is the test capability gates use.
    public func isAtLeast(_ minimum: SoftwareVersion) -> Bool {
        (major, minor, patch) >= (minimum.major, minimum.minor, minimum.patch)
    }

    public static func < (lhs: SoftwareVersion, rhs: SoftwareVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prerelease, rhs.prerelease) {
        case (nil, nil), (nil, _?): return false
        case (_?, nil): return true
        case (let left?, let right?): return precedes(left, right)
        }
    }

    public static func == (lhs: SoftwareVersion, rhs: SoftwareVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch, lhs.prerelease) == (rhs.major, rhs.minor, rhs.patch, rhs.prerelease)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    /// Semantic-versioning order of pre-release tags: numeric parts by value, others by text.
    private static func precedes(_ left: String, _ right: String) -> Bool {
        let a = left.split(whereSeparator: { $0 == "." || $0 == "-" })
        let b = right.split(whereSeparator: { $0 == "." || $0 == "-" })
        for (x, y) in zip(a, b) where x != y {
            switch (Int(x), Int(y)) {
            case (let i?, let j?): return i < j
            case (_?, nil): return true
            case (nil, _?): return false
            default: return x < y
            }
        }
        return a.count < b.count
    }
}

/// A server's `version` string taken apart. Non-Mastodon servers write
/// `2.7.2 (compatible; Pleroma 2.5.0)` or `4.2.1 (compatible; Iceshrimp.NET/2024.1-beta3)`: the first part is a
/// frozen claim about the Mastodon API (never gate features on it), the product and its version follow.
public struct VersionString: Sendable, Equatable {
    /// The text as the server sent it.
    public var text: String
    /// The Mastodon API level a compatible server claims, for display only.
    public var compatibleLevel: String?
    /// The product named after "compatible;", as written (`Pleroma`, `Iceshrimp.NET`).
    public var product: String?
    /// The product's version as written; for a plain string, the whole text.
    public var productVersion: String?

    /// `4.0.0 (compatible; Pleroma 2.7.0)`: the API level, then the product and its version.
    nonisolated(unsafe) static let compatible = /^\s*(\S+)?\s*\(compatible;\s*([^\s\/;)]+)[\s\/]+([^)]*?)\s*\)/

    public init(_ text: String) {
        self.text = text.trimmed()
        if self.text.contains("(compatible;"), let match = self.text.firstMatch(of: Self.compatible) {
            let inner = String(self.text[match.range])
            let open = inner.firstRange(of: "(compatible;")!
            let level = inner[..<open.lowerBound].trimmed()
            compatibleLevel = level.isEmpty ? nil : level
            let body = inner[open.upperBound...].dropLast().trimmed()
            let nameEnd = body.firstIndex { $0 == " " || $0 == "/" } ?? body.endIndex
            product = String(body[..<nameEnd])
            let version = body[nameEnd...].drop { $0 == " " || $0 == "/" }.trimmed()
            productVersion = version.isEmpty ? nil : version
        } else {
            productVersion = self.text.isEmpty ? nil : self.text
        }
    }

    /// The product's version, parsed.
    public var version: SoftwareVersion? { productVersion.flatMap(SoftwareVersion.init) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
