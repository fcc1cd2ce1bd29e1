import FoundationEssentials

/// Blocking a domain on one server, or bringing its block to the settings given: what `domain-blocks
/// add` does, callable without a command. Safe to repeat: the list is read first and nothing is sent
/// where the block already matches; a parent domain's block that covers it is an outcome, not an error.
public struct DomainBlockDecisions: Sendable {
    public var blocks: any DomainBlockAdapter
    /// The server as detected: an update needs what its software version can do.
    public var server: ServerInfo
    public var host: String

    public init(blocks: any DomainBlockAdapter, server: ServerInfo, host: String) {
        self.blocks = blocks
        self.server = server
        self.host = host
    }

    /// Ensures the block on `domain` has `changes` (settings left out stay as they are; a new block
    /// is a suspension unless they say otherwise). A setting the server cannot keep is refused (65),
    /// and an update where the server cannot update (69), before anything is sent.
    public func block(_ domain: String, _ changes: DomainBlockChanges) async throws -> DomainBlockOutcome {
        let current = try await blocks.list(limit: nil, onPage: nil)
        let spec = changes.applied(to: current.first(named: domain), domain: domain)
        try blocks.support.refuseUnsupported(spec)
        let step = DomainBlockPlan.ensuring(spec, current: current, support: blocks.support)
        if step.action == .update { _ = try CapabilityTable.require(.domainBlocksUpdate, on: server, host: host) }
        return try await blocks.carryOut(step)
    }
}

extension DomainBlockSupport {
    /// Refuses a block this server cannot keep as given (exit 65), naming the settings it cannot.
    public func refuseUnsupported(_ spec: DomainBlockSpec) throws {
        let missing = unsupported(spec)
        guard !missing.isEmpty else { return }
        throw FediError(
            .dataError, "\(software) cannot keep \(missing.joined(separator: ", ")) for \(spec.domain)",
            hint:
                "leave \(missing.count == 1 ? "it" : "those") out; `fedictl instance features` shows what this server can do"
        )
    }
}
