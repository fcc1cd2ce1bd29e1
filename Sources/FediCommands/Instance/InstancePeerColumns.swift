import FediCore
import FediOutput

extension InstancePeer: Tabular {
    public static let columns: [Column<InstancePeer>] = [
        Column("domain") { .text($0.domain) }
    ]
}

extension InstancePeerCount: Tabular {
    public static let columns: [Column<InstancePeerCount>] = [
        Column("host") { .text($0.host) },
        Column("peers") { .number($0.peers) },
    ]
}
