import FoundationEssentials

/// What went wrong talking to a server, before it is turned into words and an exit status.
public enum APIError: Error, Sendable {
    /// The server answered with a non-2xx status.
    case http(status: Int, serverMessage: String?, url: URL, headers: [String: String], body: Data)
    /// A 2xx answer that is not JSON (servers that return their HTML front-end for unknown paths).
    case notJSON(url: URL, contentType: String?)
    /// JSON that does not have the shape we need.
    case malformed(url: URL, detail: String)
    case transport(TransportError, url: URL)

    public var status: Int? {
        if case .http(let status, _, _, _, _) = self { return status }
        return nil
    }

    /// The endpoint does not exist on this server (404, 405, 501, or an HTML page).
    public var meansAbsent: Bool {
        switch self {
        case .http(let status, _, _, _, _): [404, 405, 410, 501].contains(status)
        case .notJSON: true
        default: false
        }
    }

    /// A 404 that says the endpoint itself is missing, not a record: Pleroma's and Akkoma's API fallback
    /// (`{"error": "Not implemented"}`) and Misskey's `UNKNOWN_API_ENDPOINT`. Fixed texts from code, not
    /// translations, so they can be matched.
    public var meansMissingEndpoint: Bool {
        guard case .http(404, let message, _, _, let body) = self else { return false }
        if message == "Not implemented" { return true }
        let object = (try? JSONText.object(from: body)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String == "UNKNOWN_API_ENDPOINT"
    }

    /// The message a server put in its error body, in the shapes servers use:
    /// `{"error": "..."}`, `{"error": {"message": "..."}}` (Misskey), `{"error_description"}`, a bare string.
    public static func serverMessage(in body: Data) -> String? {
        guard let object = try? JSONText.object(from: body) else { return nil }
        if let text = object as? String { return text.isEmpty ? nil : text }
        guard let dict = object as? [String: Any] else { return nil }
        if let description = dict["error_description"] as? String, !description.isEmpty { return description }
        if let text = dict["error"] as? String, !text.isEmpty { return text }
        if let nested = dict["error"] as? [String: Any], let text = nested["message"] as? String { return text }
        if let text = dict["message"] as? String, !text.isEmpty { return text }
        return nil
    }
}
