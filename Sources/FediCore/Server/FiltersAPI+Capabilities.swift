import FoundationEssentials

extension FiltersAPI {
    /// The filters API `server` speaks: v2 where the capability table has it, else v1; neither: exit 69
    /// naming the server's software (`host` names it in the hint).
    public static func serving(_ server: ServerInfo, host: String) throws -> FiltersAPI {
        if CapabilityTable.availability(of: .filtersV2, on: server).family != nil { return .v2 }
        if case .unavailable(let reason) = CapabilityTable.availability(of: .filtersV1, on: server) {
            throw FediError(
                .unavailable, "filters are not available on \(server.label)",
                hint: "\(reason); `fedictl instance features \(host)` lists what this server can do")
        }
        return .v1
    }
}
