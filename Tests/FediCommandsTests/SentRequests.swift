import FediCore
import FediTestSupport
import Foundation
import Testing

/// What a fast-tier test reads back from `transport.requests`: the route, the query and the body
/// as the server would have parsed them.
extension HTTPRequest {
    /// `POST /api/v1/accounts/9/block`, without the query.
    var route: String { "\(method.rawValue) \(url.path)" }

    /// The query's items by name (the last one wins).
    var queryItems: [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    /// The body as a JSON object (nil when there is none or it is not one).
    var jsonBody: [String: Any]? {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    /// The body's bytes as text, for pinning exactly what went out.
    var bodyText: String? {
        body.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The body as form fields (`a=1&b=2`), decoded.
    var formBody: [String: String] {
        let text = body.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let items =
            URLComponents(string: "http://x/?" + text.replacingOccurrences(of: "+", with: "%20"))?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}

extension CommandResult {
    /// stdout as the one JSON object an item verb prints with `-o json` (nil when it is not one).
    var jsonObject: [String: Any]? {
        (try? json()) as? [String: Any]
    }
}

extension FakeServerAccount {
    /// Runs `arguments` and checks a refusal made before anything is sent: exit `status` (69: the
    /// software or version cannot do it), stderr starting with `message`, a hint line, no request.
    func expectRefused(
        _ arguments: [String], status: Int32 = 69, startingWith message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let result = await run(arguments)
        #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix(message), "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("\nhint: "), "\(result)", sourceLocation: sourceLocation)
        #expect(transport.requests.isEmpty, "\(transport.requests.map(\.route))", sourceLocation: sourceLocation)
        #expect(transport.unusedRoutes.isEmpty, sourceLocation: sourceLocation)
    }
}
