import FoundationEssentials

/// `/.well-known/nodeinfo`: where a server's nodeinfo documents are, one link per schema version.
public struct NodeInfoIndex: Decodable, Sendable {
    public struct Link: Decodable, Sendable {
        public var rel: String
        public var href: String
    }
    public var links: [Link]

    /// The schema versions fedictl reads, best first.
    public static let schemas = ["2.1", "2.0", "1.1", "1.0"]

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        links = c.lenientArray(Link.self, "links")
    }

    /// The links to schemas fedictl reads, highest schema first, with their schema version.
    public var candidates: [(schema: String, href: String)] {
        Self.schemas.flatMap { schema in
            links.filter { link in
                let rel = link.rel.trimmed("/ ")
                return rel.contains("nodeinfo.diaspora.software/ns/schema/") && rel.hasSuffix("/" + schema)
            }.map { (schema, $0.href) }
        }
    }
}

/// A nodeinfo document (schemas 1.0–2.1): the software's name and version, registrations and usage.
/// Everything but the software name is optional: servers send nulls and leave fields out.
public struct NodeInfo: Decodable, Sendable, Equatable {
    public var schema: String?
    public var softwareName: String
    public var softwareVersion: String?
    public var openRegistrations: Bool?
    public var userCount: Int?
    public var activeMonth: Int?
    public var localPosts: Int?
    /// `metadata.nodeName`, where given.
    public var nodeName: String?

    /// Whether `name` can be a nodeinfo `software.name`: the schema's `[a-z0-9-]+`, widened to what
    /// servers really send (capitals, `iceshrimp.net`, `takahē`, `_`), at most 64 characters.
    public static func isSoftwareName(_ name: String) -> Bool {
        let name = name.trimmed()
        guard let first = name.first, first.isLetter || first.isNumber, name.count <= 64 else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || "-._ ".contains($0) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let software = try c.nestedContainer(keyedBy: AnyKey.self, forKey: "software")
        guard let name = software.optionalText("name") else {
            throw DecodingError.keyNotFound(
                AnyKey("name"), .init(codingPath: [AnyKey("software")], debugDescription: "no software name"))
        }
        schema = c.optionalText("version")
        softwareName = name
        softwareVersion = software.optionalText("version")
        openRegistrations = c.lenientBool("openRegistrations")
        let usage = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "usage")
        let users = try? usage?.nestedContainer(keyedBy: AnyKey.self, forKey: "users")
        userCount = users?.lenientInt("total")
        activeMonth = users?.lenientInt("activeMonth")
        localPosts = usage?.lenientInt("localPosts")
        let metadata = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "metadata")
        nodeName = metadata?.optionalText("nodeName")
    }
}

/// `POST /api/meta` on Misskey and its forks: the parts fedictl shows.
public struct MisskeyMeta: Decodable, Sendable, Equatable {
    public var version: String?
    public var name: String?
    public var uri: String?
    public var description: String?
    public var disableRegistration: Bool?
    public var emailRequiredForSignup: Bool?
    /// Sharkey and some other forks: sign-ups wait for a moderator.
    public var approvalRequiredForSignup: Bool?
    public var maxNoteTextLength: Int?
    public var maintainerName: String?
    public var maintainerEmail: String?
    public var languages: [String]
    /// Misskey 13+: the server's rules as plain strings.
    public var serverRules: [String]?

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        // A Misskey meta always carries at least one of these; anything else is some other JSON.
        guard c.contains("version") || c.contains("disableRegistration") || c.contains("maxNoteTextLength") else {
            throw DecodingError.keyNotFound(
                AnyKey("version"), .init(codingPath: [], debugDescription: "not a Misskey meta"))
        }
        version = c.optionalText("version")
        name = c.optionalText("name")
        uri = c.optionalText("uri")
        description = c.optionalText("description")
        disableRegistration = c.lenientBool("disableRegistration")
        emailRequiredForSignup = c.lenientBool("emailRequiredForSignup")
        approvalRequiredForSignup = c.lenientBool("approvalRequiredForSignup")
        maxNoteTextLength = c.lenientInt("maxNoteTextLength")
        maintainerName = c.optionalText("maintainerName")
        maintainerEmail = c.optionalText("maintainerEmail")
        languages = c.lenientArray(String.self, "langs")
        serverRules = c.contains("serverRules") ? c.lenientArray(String.self, "serverRules") : nil
    }
}
