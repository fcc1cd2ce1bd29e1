import FoundationEssentials

/// The Pleroma/Akkoma Admin API under `/api/v1/pleroma/admin` (the unversioned `/api/pleroma/admin`
/// was removed in Akkoma 3.6.0). Bodies are JSON; list parameters are JSON arrays (`nicknames`).
/// Areas extend this type in `PleromaAdmin+<Area>.swift`.
public struct PleromaAdmin: Sendable {
    public let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    /// `/api/v1/pleroma/admin/<path>`.
    public static func path(_ path: String) -> String {
        "/api/v1/pleroma/admin/" + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
    }
}

extension APIClient {
    /// This client speaking the Pleroma/Akkoma Admin API.
    public var pleromaAdmin: PleromaAdmin { PleromaAdmin(client: self) }
}
