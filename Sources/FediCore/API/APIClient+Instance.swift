import Foundation

extension APIClient {
    /// The instance description: `/api/v2/instance`, falling back to `/api/v1/instance` where v2 is absent.
    public func instanceInfo() async throws -> Fetched<InstanceInfo> {
        do {
            let v2 = try await fetch(InstanceV2.self, .get, "/api/v2/instance")
            return Fetched(value: v2.value.info, raw: v2.raw, response: v2.response)
        } catch let error as APIError where error.meansAbsent || error.status == 400 {
            let v1 = try await fetch(InstanceV1.self, .get, "/api/v1/instance")
            return Fetched(value: v1.value.info, raw: v1.raw, response: v1.response)
        }
    }
}

