import FediCore
import FoundationEssentials

/// Which of several selected logins acts for each server. Two logins on one server (an admin's
/// and a moderator's) are one member of the fleet for a server-scoped verb: a write is sent once,
/// a read shows the server once.
enum FleetMembers {
    /// A server as the login's stored base URL names it (the address the server gave at login):
    /// scheme, host and port, the scheme's default port left out, so `https://x` and
    /// `https://x:443` are one server and `http://127.0.0.1:3000` and `:3001` are two.
    static func identity(of login: Login) -> String {
        let url = login.server.baseURL
        let scheme = url.scheme?.lowercased() ?? "https"
        let host = (url.host ?? "").lowercased()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let port = url.port.flatMap { (scheme == "https" && $0 == 443) || (scheme == "http" && $0 == 80) ? nil : $0 }
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }

    /// The logins that act, in the order given, and for each one left out the login that acts
    /// for its server: the first (in the order given) whose role is known to moderate, else the
    /// first whose role is not known not to, else the first. The login `FEDICTL_TOKEN` is for acts
    /// for its server whatever its role, as that token is what the run was given.
    static func split(_ pins: [AccountPin]) -> (acting: [AccountPin], sameServer: [String: String]) {
        var byServer: [String: [AccountPin]] = [:]
        for pin in pins { byServer[identity(of: pin.login), default: []].append(pin) }
        var actor: [String: String] = [:]
        for (server, members) in byServer {
            let chosen =
                members.first(where: \.usesEnvironmentToken)
                ?? members.first(where: { $0.login.mayModerate == true })
                ?? members.first(where: { $0.login.mayModerate != false }) ?? members[0]
            actor[server] = chosen.login.id
        }
        var acting: [AccountPin] = []
        var sameServer: [String: String] = [:]
        for pin in pins {
            let chosen = actor[identity(of: pin.login)] ?? pin.login.id
            if chosen == pin.login.id { acting.append(pin) } else { sameServer[pin.login.id] = chosen }
        }
        return (acting, sameServer)
    }
}
