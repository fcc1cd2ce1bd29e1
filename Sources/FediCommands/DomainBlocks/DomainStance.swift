import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// How one server treats one domain, for `domain-blocks matrix` and `diff`: blocked (with its
/// severity, obfuscation and who made it), allowed, neither, or unknown (the server was not asked).
struct DomainStance: Encodable, Sendable, Equatable {
    enum State: String, Encodable, Sendable {
        case blocked, allowed, none, unknown
    }

    var server: String
    var state: State
    var severity: String?
    var obfuscate: Bool?
    /// Who made the block, where that is known: `sync` (stamped by `domain-blocks sync`), `adopted`
    /// (made by hand, then taken over by sync), `subscription` (GoToSocial's permission subscription).
    var provenance: String?
    /// The parent domain whose block covers this one.
    var parent: String?

    enum CodingKeys: String, CodingKey {
        case server, state, severity, obfuscate, provenance
        case parent = "via"
    }

    /// The cell: `suspend* S`, `silence via example.com`, `allowed`, `?`, or empty.
    var cell: String {
        switch state {
        case .blocked:
            var text = (severity ?? "blocked") + (obfuscate == true ? "*" : "")
            if let mark = provenance.flatMap({ Self.marks[$0] }) { text += " " + mark }
            if let parent { text += " via " + parent }
            return text
        case .allowed: return "allowed"
        case .unknown: return "?"
        case .none: return ""
        }
    }

    static let marks = ["sync": "S", "adopted": "A", "subscription": "U"]
    static let legend = "* obfuscated  S made by sync  A adopted by sync  U from a subscription  ? not asked"
}

/// One server's blocks and allows, as read for a matrix or a diff.
struct ServerDomains: Sendable {
    var server: String
    var blocks: [String: DomainBlock] = [:]
    var allows: Set<String> = []
    /// Set when the server could not be asked: every cell is unknown.
    var failed = false

    /// How this server treats `domain`: its own block, else its allow, else a parent's block.
    func stance(of domain: String) -> DomainStance {
        guard !failed else { return DomainStance(server: server, state: .unknown) }
        if let block = blocks[domain] { return Self.blocked(block, on: server, parent: nil) }
        if allows.contains(domain) { return DomainStance(server: server, state: .allowed) }
        var labels = domain.split(separator: ".").dropFirst()
        while labels.count >= 2 {
            let parent = labels.joined(separator: ".")
            if let block = blocks[parent] { return Self.blocked(block, on: server, parent: parent) }
            labels = labels.dropFirst()
        }
        return DomainStance(server: server, state: .none)
    }

    static func blocked(_ block: DomainBlock, on server: String, parent: String?) -> DomainStance {
        var provenance: String?
        if block.subscriptionID.map({ !$0.isEmpty }) == true {
            provenance = "subscription"
        } else if let stamp = SyncStamp.parse(block.privateComment) {
            provenance = stamp.adopted ? "adopted" : "sync"
        }
        return DomainStance(
            server: server, state: .blocked, severity: block.severity.rawValue, obfuscate: block.obfuscate,
            provenance: provenance, parent: parent)
    }

    /// `Trolls.Example.` → `trolls.example`.
    static func key(_ domain: String) -> String {
        var key = domain.trimmed().lowercased()
        while key.hasSuffix(".") { key.removeLast() }
        return key
    }

    /// The blocks and allows of `ctx`'s server.
    static func readOne(_ ctx: CommandContext) async throws -> ServerDomains {
        let server = try ctx.login().server.authority
        let blocks = try await ctx.with(.domainBlocks(.domainBlocksList)) { adapter in
            try await adapter.list(limit: nil, onPage: nil)
        }
        // Allows where the software keeps them; a server without them allows nothing by name.
        let allows = try? await ctx.with(.domainAllows(.domainAllowsList)) { adapter in
            try await adapter.list(limit: nil, onPage: nil)
        }
        var read = ServerDomains(server: server)
        for block in blocks { read.blocks[key(block.domain)] = block }
        read.allows = Set((allows ?? []).map { key($0.domain) })
        return read
    }

    /// Each member's blocks and allows, read side by side. A server that cannot be read is named on
    /// stderr and its cells are unknown; the exit status then says partial (80), or the failure's
    /// when no server could be read.
    static func read(_ members: [QueueWatch.Member], in ctx: CommandContext) async throws -> (
        servers: [ServerDomains], failed: Bool
    ) {
        let answers = await concurrently(members, limit: max(1, ctx.globals.accountsInFlight)) {
            member -> Result<ServerDomains, FediError> in
            do {
                return .success(try await readOne(member.ctx))
            } catch {
                return .failure(ErrorReport.fediError(from: error))
            }
        }
        var servers: [ServerDomains] = []
        var failures: [FediError] = []
        for (member, answer) in zip(members, answers) {
            switch answer {
            case .success(let read): servers.append(read)
            case .failure(let error):
                guard let account = member.account else { throw error }
                QueueWatch.report(error, account: account, output: ctx.output, in: ctx)
                failures.append(error)
                let server = (try? member.ctx.login().server.authority) ?? account
                servers.append(ServerDomains(server: server, failed: true))
            }
        }
        if let first = failures.first, failures.count == members.count {
            // Said above, server by server.
            throw ExitCode(first.status.rawValue)
        }
        return (servers, !failures.isEmpty)
    }
}
