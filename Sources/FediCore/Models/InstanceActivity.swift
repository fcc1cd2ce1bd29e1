import FoundationEssentials

/// One week of `GET /api/v1/instance/activity`. The server sends every field as a string.
public struct InstanceActivity: Codable, Sendable, Equatable {
    public var week: Date?
    public var statuses: Int?
    public var logins: Int?
    public var registrations: Int?

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        week = c.lenientDate("week")
        statuses = c.lenientInt("statuses")
        logins = c.lenientInt("logins")
        registrations = c.lenientInt("registrations")
    }

    enum CodingKeys: String, CodingKey { case week, statuses, logins, registrations }
}
