import FoundationEssentials

/// Removes secrets from anything that may be logged: tokens in query strings and headers.
public enum Redaction {
    static let secretNames: Set<String> = [
        "access_token", "token", "client_secret", "code", "code_verifier", "password", "fetch_password", "i",
        "refresh_token",
    ]
    public static let mask = "[REDACTED]"

    public static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
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

extension Redaction {
    /// Options whose value is a secret, in `--name value` and `--name=value` forms.
    static let secretOptions: Set<String> = [
        "--token", "--access-token", "--password", "--client-secret", "--secret", "--code",
    ]

    /// A command line for the record: the values of secret options, any argument equal to one of
    /// `secrets` (say the run's FEDICTL_TOKEN), and secrets in URLs' query strings are masked.
    public static func arguments(_ arguments: [String], secrets: [String] = []) -> [String] {
        let secrets = secrets.filter { !$0.isEmpty }
        var masked: [String] = []
        var maskNext = false
        for argument in arguments {
            if maskNext {
                masked.append(mask)
                maskNext = false
                continue
            }
            if secretOptions.contains(argument) {
                masked.append(argument)
                maskNext = true
            } else if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--"),
                secretOptions.contains(String(argument[..<equals]))
            {
                masked.append(argument[..<equals] + "=" + mask)
            } else if secrets.contains(where: { argument.contains($0) }) {
                masked.append(mask)
            } else if argument.contains("://"), argument.contains("?"), let url = URL(string: argument) {
                masked.append(self.url(url))
            } else {
                masked.append(argument)
            }
        }
        return masked
    }
}
