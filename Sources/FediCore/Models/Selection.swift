import FoundationEssentials

/// Which accounts, sign-ups or reports a moderation verb acts on: by domain, a pattern on a name or
/// e-mail, a time window, a list of ids or handles. Every verb filters through `matches`, so a
/// selector means the same thing on `accounts list`, `reports list`, `queue` and the bulk writes.
public struct Selection: Sendable {
    /// Which text `--match` looks at.
    public enum Field: String, Sendable, CaseIterable {
        case username
        case displayName = "display-name"
        case email
    }

    /// Canonical (lower-cased); accounts of exactly that domain match, as servers filter by domain.
    public var domain: String?
    public var pattern: String? {
        didSet { compiled = pattern.flatMap { try? CompiledPattern($0) } }
    }
    /// `pattern`, compiled once: a wave's list can hold 100,000 accounts.
    private var compiled: CompiledPattern?
    public var field: Field = .username
    public var since: Date?
    public var until: Date?
    /// `--ip`: the account's address (as the server shows it, Mastodon and GoToSocial) in this range.
    public var addresses: AddressRange?
    /// Ids and `user@host` handles (lower-cased, without the leading `@`); nil: no list given.
    public var targets: Set<String>?

    public init() {}

    /// Whether anything narrows the selection (without it a verb lists or acts as before).
    public var isActive: Bool {
        domain != nil || pattern != nil || since != nil || until != nil || targets != nil || addresses != nil
    }

    /// The selection from what was typed: a usage error (64) for a pattern or time that does not parse.
    public init(
        domain: String?, match: String?, field: Field, since: String?, until: String?, ip: String? = nil,
        targets: [String]?, now: Date
    ) throws {
        if let ip {
            guard let range = AddressRange(ip) else {
                throw FediError(
                    .usage, "--ip '\(ip)' is neither an IP address nor a range",
                    hint: "an address (203.0.113.7, 2001:db8::7) or a CIDR range "
                        + "(203.0.113.0/24, 2001:db8::/32)")
            }
            addresses = range
        }
        self.domain = domain.map { DomainName.normalise($0) }
        if let match {
            do { compiled = try CompiledPattern(match) } catch let problem as LinearRegex.Problem
                where problem.unsupported
            {
                throw FediError(
                    .usage, "--match '\(match)' cannot be used: \(problem)",
                    hint: "fedictl matches in time linear in the text (names are chosen by the people moderated), "
                        + "so it takes no backreference, lookaround or possessive quantifier; rewrite the pattern without"
                )
            } catch {
                throw FediError(
                    .usage, "--match '\(match)' is not a regular expression: \(error)",
                    hint: "e.g. --match '^[a-z]{8}[0-9]{2}$' (quote it for the shell)")
            }
            pattern = match
        }
        self.field = field
        self.since = try since.map { try Self.moment($0, flag: "--since", now: now) }
        self.until = try until.map { try Self.moment($0, flag: "--until", now: now) }
        self.targets = targets.map { Set($0.map(Self.handle)) }
    }

    /// `1h` (that long ago) or a date (`2026-02-14`, `2026-02-14T09:00:00Z`).
    public static func moment(_ text: String, flag: String, now: Date) throws -> Date {
        if let duration = DurationText(text) { return now.addingTimeInterval(-duration.timeInterval) }
        if let date = FlexibleDate.parse(text) { return date }
        throw FediError(
            .usage, "\(flag) '\(text)' is neither a length of time nor a date",
            hint: "a duration back from now (30m, 12h, 2d) or a date (2026-02-14, 2026-02-14T09:00:00Z)")
    }

    /// `@User@Host` → `user@host`, `@user` (this server's) → `user@`; an id stays as it is.
    static func handle(_ text: String) -> String {
        var value = text.trimmed()
        guard value.hasPrefix("@") || value.contains("@") else { return value }
        if value.hasPrefix("@") { value.removeFirst() }
        return value.contains("@") ? value.lowercased() : value.lowercased() + "@"
    }

    /// An account (a sign-up too) on the server `host`: every part of the selection must hold.
    public func matches(_ account: AdminAccount, on host: String) -> Bool {
        let text: String? =
            switch field {
            case .username: account.username
            case .displayName: account.displayName
            case .email: account.email
            }
        return matches(
            id: account.id, username: account.username, domain: account.domain, text: text,
            at: account.createdAt, on: host)
            && (addresses.map { range in account.ip.map(range.contains) ?? false } ?? true)
    }

    /// A report, by its target (the reported account) and the time it was filed. Reports carry only
    /// the target's handle, so a pattern looks at its username whatever the field.
    public func matches(_ report: Report, on host: String) -> Bool {
        let target = report.target.map(Self.handle) ?? ""
        let parts = target.split(separator: "@", maxSplits: 1).map(String.init)
        let username = parts.first ?? ""
        let domain = parts.count > 1 && parts[1] != host.lowercased() ? parts[1] : nil
        let byID = targets?.contains(report.id) == true || report.targetID.map { targets?.contains($0) == true } == true
        // A report shows no address: a range selects none.
        guard addresses == nil else { return false }
        var selection = self
        if byID { selection.targets = nil }
        return selection.matches(
            id: report.targetID ?? "", username: username, domain: domain, text: username,
            at: report.createdAt, on: host)
    }

    private func matches(
        id: String, username: String, domain: String?, text: String?, at date: Date?,
        on host: String
    ) -> Bool {
        if let wanted = self.domain {
            guard let domain, DomainName.normalise(domain) == wanted else { return false }
        }
        if let pattern {
            guard let text, let regex = compiled?.regex ?? (try? LinearRegex(pattern)), regex.matches(in: text) else {
                return false
            }
        }
        if since != nil || until != nil {
            guard let date else { return false }
            if let since, date < since { return false }
            if let until, date > until { return false }
        }
        if let targets {
            let handle = "\(username.lowercased())@\((domain ?? host).lowercased())"
            let local = domain == nil && targets.contains("\(username.lowercased())@")
            guard targets.contains(id) || targets.contains(handle) || local else { return false }
        }
        return true
    }
}

/// A compiled `--match`, matched in time linear in the text whatever the name (LinearRegex).
private final class CompiledPattern: Sendable {
    let regex: LinearRegex
    init(_ pattern: String) throws { regex = try LinearRegex(pattern) }
}
