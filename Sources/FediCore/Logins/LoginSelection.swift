import FoundationEssentials

/// Which stored login a command acts as: what `--account` / `FEDICTL_ACCOUNT` / the default mean.
extension LoginConfig {
    /// A login by what the user typed: its id (`user@host`), an alias, or a unique prefix of an id.
    /// Matching ignores case. Unknown or ambiguous: exit 66, naming the candidates.
    public func login(matching selector: String) throws -> Login {
        let wanted = selector.lowercased()
        guard !accounts.isEmpty else { throw Self.noAccounts }
        if let exact = accounts.first(where: { $0.id.lowercased() == wanted }) { return exact }
        if let aliased = accounts.first(where: { $0.aliases.contains { $0.lowercased() == wanted } }) { return aliased }
        let prefixed = accounts.filter { $0.id.lowercased().hasPrefix(wanted) }
        switch prefixed.count {
        case 1:
            return prefixed[0]
        case 0:
            throw FediError(.noInput, "no account matches '\(selector)'", hint: "known accounts: \(candidateList)")
        default:
            throw FediError(
                .noInput, "'\(selector)' matches several accounts: \(prefixed.map(\.id).joined(separator: ", "))",
                hint: "give more of the id, or name one: fedictl auth alias ACCOUNT NAME")
        }
    }

    /// The login to use when none was named: the default, else the only one.
    public func defaultLogin() throws -> Login {
        if let name = defaultAccount {
            if accounts.first(where: { $0.id == name }) == nil, let group = group(named: name) {
                throw FediError(
                    .usage,
                    "the default is the group \(group.name) (\(group.members.joined(separator: ", "))), and this command acts on one account",
                    hint: "name one with --account ACCOUNT")
            }
            guard let login = accounts.first(where: { $0.id == name }) else {
                throw FediError(
                    .noInput, "the default account \(name) is no longer set up",
                    hint: "choose another: fedictl auth use ACCOUNT (known accounts: \(candidateList))")
            }
            return login
        }
        switch accounts.count {
        case 0: throw Self.noAccounts
        case 1: return accounts[0]
        default:
            throw FediError(
                .noInput,
                "several accounts are set up and none is the default: \(accounts.map(\.id).joined(separator: ", "))",
                hint: "pass --account ACCOUNT, set FEDICTL_ACCOUNT, or choose a default: fedictl auth use ACCOUNT")
        }
    }

    /// The position of the login with this exact id.
    public func index(of id: String) -> Int? {
        accounts.firstIndex { $0.id == id }
    }

    /// Ids with their aliases, for error hints: `alice@a.example (work), bob@b.example`.
    var candidateList: String {
        if accounts.isEmpty { return "none" }
        return accounts.map { login in
            login.aliases.isEmpty ? login.id : "\(login.id) (\(login.aliases.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    static let noAccounts = FediError(
        .noInput, "no account is set up",
        hint: "log in first: fedictl auth login INSTANCE (or, for one run, set FEDICTL_TOKEN and FEDICTL_INSTANCE)")
}
