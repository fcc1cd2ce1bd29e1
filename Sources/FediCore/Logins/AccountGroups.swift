import FoundationEssentials

/// Several accounts at once: groups (`fedictl auth group`) and selector lists (`--account a,b`).
extension LoginConfig {
    /// The group named `name` (case ignored), with its stored spelling.
    public func group(named name: String) -> (name: String, members: [String])? {
        let wanted = name.lowercased()
        return groups?.first { $0.key.lowercased() == wanted }.map { ($0.key, $0.value) }
    }

    /// Whether `name` is taken by an account id or alias (so it cannot name a group, and the reverse).
    public func namesAccount(_ name: String) -> Bool {
        let wanted = name.lowercased()
        return accounts.contains { $0.id.lowercased() == wanted || $0.aliases.contains { $0.lowercased() == wanted } }
    }

    /// The logins a list of selectors names, each an id, alias, group or unique prefix (an exact id or
    /// alias wins over a group of the same name, a group over a prefix). Duplicates are dropped; the
    /// result is ordered by id, which is the order a fleet's output follows.
    /// Unknown or ambiguous: exit 66 naming the candidates; a group member that is no longer
    /// stored: exit 66 naming the group.
    public func logins(selecting selectors: [String]) throws -> [Login] {
        var chosen: [String: Login] = [:]
        for selector in selectors {
            for login in try logins(selecting: selector) { chosen[login.id] = login }
        }
        return chosen.values.sorted { $0.id < $1.id }
    }

    func logins(selecting selector: String) throws -> [Login] {
        if !namesAccount(selector), let group = group(named: selector) {
            return try group.members.map { member in
                guard let login = accounts.first(where: { $0.id == member }) else {
                    throw FediError(
                        .noInput, "group \(group.name) names \(member), which is no longer set up",
                        hint: "update the group: fedictl auth group \(group.name) ACCOUNT...")
                }
                return login
            }
        }
        return [try login(matching: selector)]
    }

    /// Every login, for `--all-accounts`, ordered by id.
    public var allLogins: [Login] { accounts.sorted { $0.id < $1.id } }
}

/// `--account a,b --account c` and `FEDICTL_ACCOUNT=a,b`: the selectors, trimmed, empty ones dropped.
public enum AccountSelectors {
    public static func split(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmed() }.filter { !$0.isEmpty }
    }
}
