import FoundationEssentials

/// One of the servers a server knows (`GET /api/v1/instance/peers`, with `--all`).
public struct InstancePeer: Codable, Sendable, Equatable {
    public var domain: String
    public init(domain: String) { self.domain = domain }
}

/// How many peers a server knows: what `instance peers` shows by default.
public struct InstancePeerCount: Codable, Sendable, Equatable {
    public var host: String
    public var peers: Int
    public init(host: String, peers: Int) {
        self.host = host
        self.peers = peers
    }
}
