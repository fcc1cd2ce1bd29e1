import FediCore
import FediTestSupport
import Foundation
import Testing

/// A server's published description of some requests (Tests/Fixtures/contracts/*.json, each file
/// naming the documentation it was recorded from): per operation its method, path template,
/// parameters with where they go (path, query, body), the answer's fields and an example answer.
/// A contract test sends fedictl's request through the fakes, answered with the example, and
/// checks the request against the description.
struct APIContract {
    struct Operation {
        var name: String
        var method: String
        var path: String
        var parameters: [(name: String, place: String)]
        /// The parameters the description marks required.
        var required: [String]
        /// The values the description allows in `keys` (measures, dimensions), where it lists them.
        var allowedKeys: Set<String>
        var fields: [String]
        var answer: Any?

        /// Whether `path` is this template (`{id}` matches one segment).
        func matches(path sent: String) -> Bool {
            let want = path.split(separator: "/")
            let got = sent.split(separator: "/")
            guard want.count == got.count else { return false }
            return zip(want, got).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }

        func names(in place: String) -> Set<String> { Set(parameters.filter { $0.place == place }.map(\.name)) }

        var answerJSON: String {
            String(decoding: try! JSONSerialization.data(withJSONObject: answer ?? [:]), as: UTF8.self)
        }
    }

    let operations: [String: Operation]

    init(_ file: String) throws {
        let url = RepoPaths.fixtures.appendingPathComponent("contracts/\(file)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let list = try #require(root["operations"] as? [[String: Any]])
        var operations: [String: Operation] = [:]
        for item in list {
            let name = try #require(item["name"] as? String)
            let described = item["parameters"] as? [[String: Any]] ?? []
            let parameters = described.map { (name: $0["name"] as? String ?? "", place: $0["in"] as? String ?? "") }
            let required = described.filter { $0["required"] as? Bool == true }.compactMap { $0["name"] as? String }
            operations[name] = Operation(
                name: name, method: try #require(item["method"] as? String),
                path: try #require(item["path"] as? String),
                parameters: parameters, required: required, allowedKeys: Set(item["keys"] as? [String] ?? []),
                fields: item["fields"] as? [String] ?? [], answer: item["answer"])
        }
        self.operations = operations
    }

    subscript(name: String) -> Operation { operations[name]! }

    /// Checks one request fedictl sent against `operation`: method, path, and that every query
    /// parameter and body field it sent is one the description names, in the place it names.
    /// A body's `key[sub]` form names count by their key (`instance_follows[domain]`).
    static func check(
        _ request: HTTPRequest, against operation: Operation, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(request.method.rawValue == operation.method, "\(operation.name)", sourceLocation: sourceLocation)
        #expect(
            operation.matches(path: request.url.path),
            "\(operation.name): \(request.url.path) is not \(operation.path)",
            sourceLocation: sourceLocation)
        let query = Set((URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name))
        let unknownQuery = query.subtracting(operation.names(in: "query"))
        #expect(
            unknownQuery.isEmpty, "\(operation.name): query \(unknownQuery.sorted())", sourceLocation: sourceLocation)
        var bodyKeys: Set<String> = []
        if let body = request.body, !body.isEmpty {
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            #expect(
                object != nil, "\(operation.name): a body that is not a JSON object", sourceLocation: sourceLocation)
            bodyKeys = Set(object?.keys.map { $0 } ?? [])
        }
        let unknownBody = bodyKeys.subtracting(operation.names(in: "body"))
        #expect(unknownBody.isEmpty, "\(operation.name): body \(unknownBody.sorted())", sourceLocation: sourceLocation)
    }

    /// The body fields the description requires that `request` did not send.
    static func missingRequired(_ request: HTTPRequest, _ required: [String]) -> [String] {
        let object = request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
        return required.filter { object[$0] == nil }
    }
}
