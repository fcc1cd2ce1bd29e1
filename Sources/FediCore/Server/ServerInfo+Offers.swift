import FoundationEssentials

extension ServerInfo {
    /// Whether this server's software serves `capability` at all (no request is sent): for a hint
    /// naming what else can be done here, not for choosing an API (a door does that).
    public func offers(_ capability: Capability) -> Bool {
        CapabilityTable.availability(of: capability, on: self).family != nil
    }
}
