import FoundationEssentials

extension APIClient {
    /// The highest nodeinfo schema the server lists in `/.well-known/nodeinfo` that really answers
    /// (a listed document may 404: then the next one is tried). nil when the server has none.
    /// Only an unreachable server is an error.
    public func nodeinfo() async throws -> Fetched<NodeInfo>? {
        let index: NodeInfoIndex
        do {
            index = try await get(NodeInfoIndex.self, "/.well-known/nodeinfo")
        } catch let error as APIError where !error.isTransport {
            return nil
        }
        for candidate in index.candidates {
            guard let url = URL(string: candidate.href, relativeTo: server.baseURL)?.absoluteURL,
                ["http", "https"].contains(url.scheme?.lowercased() ?? "")
            else { continue }
            do {
                let response = try await send(.get, url: url)
                let document = try decode(NodeInfo.self, from: response)
                // A name that is no software's name (`https://`, a page title) is a broken document.
                guard NodeInfo.isSoftwareName(document.softwareName) else { continue }
                return Fetched(value: document, raw: response.body, response: response)
            } catch is APIError {
                continue  // listed but absent, broken or on an unreachable host: try the next schema
            }
        }
        return nil
    }

    /// `POST /api/meta` with `{}`: the Misskey family's description of itself.
    public func misskeyMeta() async throws -> Fetched<MisskeyMeta> {
        try await fetch(MisskeyMeta.self, .post, "/api/meta", body: .json(Data("{}".utf8)), readsOnly: true)
    }
}

extension APIError {
    /// Nothing came back at all (DNS, connection, TLS, timeout).
    public var isTransport: Bool {
        if case .transport = self { return true }
        return false
    }
}
