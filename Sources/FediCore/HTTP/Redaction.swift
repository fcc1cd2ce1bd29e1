import FoundationEssentials

/// Removes secrets from anything that may be logged: tokens in query strings and headers.
public enum Redaction {
    static let secretNames: Set<String> = [
        "access_token", "token", "client_secret", "code", "code_verifier", "password", "i", "refresh_token",
    ]
    public static let mask = "[REDACTED]"

    public static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        if components.password != nil { components.password = mask }
        components.queryItems = components.queryItems?.map {
            secretNames.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: mask) : $0
        }
        return components.string ?? url.absoluteString
    }

    public static func header(_ name: String, _ value: String) -> String {
        switch name.lowercased() {
        case "authorization": value.split(separator: " ").first.map { "\($0) \(mask)" } ?? mask
        case "cookie", "set-cookie", "proxy-authorization": mask
        default: value
        }
    }

    /// A request body for display: secret fields of a JSON object or a form masked.
    public static func body(_ data: Data) -> String {
        if var object = (try? JSONText.object(from: data)) as? [String: Any] {
            for key in object.keys where secretNames.contains(key.lowercased()) { object[key] = mask }
            if let masked = try? JSONText.data(from: object) {
                return String(decoding: masked, as: UTF8.self)
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("="), !text.contains("{") else { return text }
        return text.split(separator: "&").map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return secretNames.contains((name.percentDecoded ?? name).lowercased()) ? "\(name)=\(mask)" : String(pair)
        }.joined(separator: "&")
    }
}
