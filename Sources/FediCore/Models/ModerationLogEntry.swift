import FoundationEssentials

/// One entry of a server's own moderation log (Pleroma/Akkoma, the Misskey family), normalised.
public struct ModerationLogEntry: Sendable, Equatable {
    public var id: String
    public var time: Date?
    /// Who acted: a nickname or username as the server gives it.
    public var actor: String?
    /// What was done, in the server's words (`report_update`, `suspend`).
    public var action: String
    public var target: String?
    /// The server's sentence for it, where it writes one (Pleroma).
    public var message: String?

    public init(id: String, time: Date?, actor: String?, action: String, target: String?, message: String?) {
        self.id = id
        self.time = time
        self.actor = actor
        self.action = action
        self.target = target
        self.message = message
    }
}

/// Pleroma/Akkoma: `{"items": [{"id", "time" (epoch seconds), "message", "data": {"action", "actor", "subject"...}}], "total"}`.
struct PleromaModerationLogPage: Decodable, Sendable {
    var items: [ModerationLogEntry]

    private enum Keys: String, CodingKey { case items, id, time, message, data }
    private enum DataKeys: String, CodingKey { case action, actor, subject, target }
    private struct Named: Decodable {
        var nickname: String?
        var id: String?
        var domain: String?
        private enum Keys: String, CodingKey { case nickname, id, domain, ap_id }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            nickname = c.lenientString(.nickname)
            id = c.lenientString(.id)
            domain = c.lenientString(.domain)
        }
        var label: String? { nickname ?? domain ?? id }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        var list = try c.nestedUnkeyedContainer(forKey: .items)
        var items: [ModerationLogEntry] = []
        while !list.isAtEnd {
            let item = try list.nestedContainer(keyedBy: Keys.self)
            let data = try? item.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
            // `subject` is one object (a report) or a list (the users of a batch action); relay
            // and instance actions name a `target` instead.
            let subjects = (try? data?.decodeIfPresent([Named].self, forKey: .subject)) ?? nil
            let subject = (try? data?.decodeIfPresent(Named.self, forKey: .subject)) ?? nil
            let target =
                subject?.label ?? subjects.map { $0.compactMap(\.label).joined(separator: ", ") }
                ?? data?.lenientString(.target)
            items.append(
                ModerationLogEntry(
                    id: item.lenientString(.id) ?? "", time: item.lenientDate(.time),
                    actor: ((try? data?.decodeIfPresent(Named.self, forKey: .actor)) ?? nil)?.label,
                    action: data?.lenientString(.action) ?? "unknown", target: target?.isEmpty == true ? nil : target,
                    message: item.lenientString(.message)))
        }
        self.items = items
    }
}

/// The Misskey family: `[{"id", "createdAt", "type", "info": {...}, "userId", "user": {"username"}}]`.
struct MisskeyModerationLog: Decodable, Sendable {
    var entry: ModerationLogEntry

    private enum Keys: String, CodingKey { case id, createdAt, type, info, user }
    private enum UserKeys: String, CodingKey { case username }
    private enum InfoKeys: String, CodingKey { case userUsername, userHost, host, reportId, userId, noteId, roleId }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let info = try? c.nestedContainer(keyedBy: InfoKeys.self, forKey: .info)
        var target: String?
        if let name = info?.lenientString(.userUsername) {
            target = info?.lenientString(.userHost).map { "\(name)@\($0)" } ?? name
        } else {
            target =
                info?.lenientString(.host) ?? info?.lenientString(.reportId) ?? info?.lenientString(.userId)
                ?? info?.lenientString(.noteId) ?? info?.lenientString(.roleId)
        }
        let user = try? c.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
        entry = ModerationLogEntry(
            id: c.lenientString(.id) ?? "", time: c.lenientDate(.createdAt), actor: user?.lenientString(.username),
            action: c.lenientString(.type) ?? "unknown", target: target, message: nil)
    }
}
