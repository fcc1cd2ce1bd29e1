import FediTestSupport
import Foundation
import Testing

/// Sign-up triage over two mastodon_mock servers (the real binary): the queue and `accounts list
/// --pending` show each applicant's e-mail domain and IP, and `--group-by` counts a wave that
/// spans both servers as one row, checked against what the servers themselves list.
struct SignUpTriageTests {
    /// (username, e-mail, IP) per server; the wave's three come from one provider.
    static let applicants: [[(String, String, String)]] = [
        [
            ("xq81", "xq81@wave-mail.example", "203.0.113.7"), ("xq82", "xq82@wave-mail.example", "203.0.113.7"),
            ("ann", "ann@home.example", "198.51.100.4"),
        ],
        [("xq83", "xq83@Wave-Mail.example", "203.0.113.9")],
    ]

    static func server(_ applicants: [(String, String, String)]) async throws -> ServerProcess {
        let server = try await MockServer.start(
            accounts: [MockServer.admin] + applicants.map { SeedAccount($0.0, token: "\($0.0)-token") })
        for (name, email, ip) in applicants {
            try await server.makePending(name, reason: "hello from \(name)")
            try await server.setSignUp(name, email: email, ip: ip)
        }
        return server
    }

    @Test func theQueueGroupsAWaveAcrossServersAsTheServersListIt() async throws {
        async let first = Self.server(Self.applicants[0])
        async let second = Self.server(Self.applicants[1])
        let servers = try await [first, second]
        defer { servers.forEach { $0.stop() } }
        let home = try TerminalWidthTests.Home(servers: servers)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let both = home.accounts.joined(separator: ",")

        // What the servers say waits: their own pending lists.
        var expected: [String: (count: Int, servers: Set<String>)] = [:]
        var pendingIPs: [String: String] = [:]
        for server in servers {
            let pending = try #require(
                try await server.json(.get, "/api/v1/admin/accounts?pending=true", token: MockServer.admin.token)
                    as? [[String: Any]])
            #expect(pending.count == (server.port == servers[0].port ? 3 : 1))
            for account in pending {
                let email = try #require(account["email"] as? String)
                let domain = String(email.split(separator: "@").last ?? "").lowercased()
                expected[domain, default: (0, [])].count += 1
                expected[domain, default: (0, [])].servers.insert(server.base)
                pendingIPs[account["id"] as? String ?? ""] = account["ip"] as? String
            }
        }

        let grouped = try await home.run(["--account", both, "queue", "--group-by", "email-domain", "-o", "json"])
        #expect(grouped.status == 0, "\(grouped)")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(grouped.stdout.utf8)) as? [[String: Any]])
        #expect(groups.count == expected.count, "\(grouped.stdout)")
        for group in groups {
            let name = try #require(group["group"] as? String)
            #expect(group["count"] as? Int == expected[name]?.count, "\(name)")
            #expect(Set(group["servers"] as? [String] ?? []) == expected[name]?.servers, "\(name)")
        }
        #expect(groups.first?["group"] as? String == "wave-mail.example")
        #expect(groups.first?["count"] as? Int == 3)

        // By IP: the two from one address are one row; one row a group in CSV too.
        let byIP = try await home.run(["--account", both, "queue", "--group-by", "ip", "-o", "csv"])
        #expect(byIP.status == 0, "\(byIP)")
        let rows = byIP.stdout.split(whereSeparator: \.isNewline).dropFirst()
        #expect(rows.count == 3, "\(byIP.stdout)")
        #expect(rows.first?.hasPrefix("203.0.113.7,2,") == true, "\(byIP.stdout)")

        // Each sign-up's e-mail domain and IP, in the queue and in accounts list --pending.
        let queue = try await home.run(["--account", both, "queue", "--kind", "sign-up", "-o", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(queue.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 4, "\(queue)")
        for item in items {
            #expect(item["ip"] as? String == pendingIPs[item["id"] as? String ?? ""], "\(item)")
            #expect(["wave-mail.example", "home.example"].contains(item["email_domain"] as? String ?? ""), "\(item)")
        }
        let accounts = try await home.run([
            "--account", home.accounts[0], "accounts", "list", "--pending", "-o", "json",
        ])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(accounts.stdout.utf8)) as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["ip"] as? String }) == ["203.0.113.7", "198.51.100.4"], "\(accounts)")

        let accountGroups = try await home.run([
            "--account", both, "accounts", "list", "--pending", "--group-by", "email-domain", "-o", "ndjson",
        ])
        #expect(accountGroups.status == 0, "\(accountGroups)")
        #expect(accountGroups.stdout.split(separator: "\n").count == 2, "\(accountGroups)")
    }
}

extension ServerProcess {
    /// Sets an account's e-mail address and sign-up IP in mastodon_mock's database.
    func setSignUp(_ username: String, email: String, ip: String) async throws {
        let path = try mockDatabase()
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10)
            changed = db.execute("UPDATE accounts SET email = ?, ip = ? WHERE username = ? AND domain IS NULL",
                                 (sys.argv[3], sys.argv[4], sys.argv[2])).rowcount
            db.commit()
            sys.exit(0 if changed == 1 else 3)
            """
        let result = try await ProcessRunner.run(
            "/usr/bin/env", ["python3", "-c", script, path, username, email, ip])
        try #require(result.status == 0, "could not set \(username)'s sign-up: \(result)")
    }
}
