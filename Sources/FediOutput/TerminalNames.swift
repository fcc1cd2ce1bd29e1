import FediCore
import FoundationEssentials

/// How a terminal table names accounts and servers: as short as it can without losing what tells
/// them apart. Piped output, CSV and JSON keep the full names.
public enum TerminalNames {
    /// `@user@host` as `@user` in the identifier columns of each row whose server is `host(row)`:
    /// the server's own accounts, as it names them itself.
    static func shortenLocalHandles(_ cells: inout [[String]], columns: [TableColumn], host: (Int) -> String?) {
        let handles = columns.indices.filter { columns[$0].kind == .identifier }
        guard !handles.isEmpty else { return }
        // A row's own server column (the queue's) names its server; otherwise `host` does.
        let origin = columns.firstIndex { $0.kind == .origin }
        for row in cells.indices {
            guard let server = origin.map({ serverName(cells[row][$0]) }) ?? host(row), !server.isEmpty else {
                continue
            }
            for index in handles { cells[row][index] = local(cells[row][index], on: server) }
        }
    }

    /// `@user` for `@user@host` on `host`; anything else as it is.
    public static func local(_ handle: String, on host: String) -> String {
        guard handle.hasPrefix("@"), handle.hasSuffix(host),
            handle.utf8.count > host.utf8.count + 2
        else { return handle }
        let user = handle.dropFirst().dropLast(host.count)
        guard user.last == "@" else { return handle }
        let name = user.dropLast()
        return name.contains("@") || name.isEmpty ? handle : "@" + name
    }

    /// The server an origin value names: `host` of `user@host`, or the value itself.
    static func serverName(_ value: String) -> String {
        value.lastIndex(of: "@").map { String(value[value.index(after: $0)...]) } ?? value
    }

    /// For each value, the shortest name telling it apart from every other one of `universe` (the
    /// fleet's accounts or servers, `values` among them): the first label of its server's name
    /// (`mastodon` for `admin@mastodon.example`) when no other server starts so, else the server's
    /// name, else the whole value (two accounts on one server). `servers`: whether the names are
    /// servers' (not the whole values).
    public static func shortest(_ values: Set<String>, among universe: Set<String>) -> (
        names: [String: String], servers: Bool
    ) {
        let all = universe.union(values)
        let levels: [(String) -> String] = [
            { value in
                let server = serverName(value)
                return server.split(separator: ".", maxSplits: 1).first.map(String.init) ?? server
            },
            serverName,
            { $0 },
        ]
        for (level, name) in levels.enumerated() {
            var seen: [String: String] = [:]
            let distinct = all.allSatisfy { value in
                let short = name(value)
                if let other = seen[short], other != value { return false }
                seen[short] = value
                return true
            }
            if distinct { return (Dictionary(uniqueKeysWithValues: values.map { ($0, name($0)) }), level < 2) }
        }
        return (Dictionary(uniqueKeysWithValues: values.map { ($0, $0) }), false)
    }
}
