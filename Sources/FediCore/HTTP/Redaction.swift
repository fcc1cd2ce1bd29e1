import Foundation

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
}
