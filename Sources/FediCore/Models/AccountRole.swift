import FoundationEssentials

/// What the server says an account may do: its role, as `auth login`/`add`/`status` read it from
/// verify_credentials. Mastodon 4.0+ (and GoToSocial) send `role {name, permissions}`, the
/// permissions a bitfield; Pleroma and Akkoma send `pleroma {is_admin, is_moderator}`; the Misskey
/// family `isAdmin`/`isModerator`.
public struct AccountRole: Codable, Sendable, Equatable {
    /// The role's name as the server shows it ("Admin", "moderator"), when it has one.
    public var name: String?
    /// Mastodon's permission bits, when sent.
    public var permissions: Int?
    public var isAdmin: Bool
    /// Admin, or a role with a moderation permission: reports, users, federation or blocks.
    public var canModerate: Bool

    public init(name: String?, permissions: Int?, isAdmin: Bool, canModerate: Bool) {
        self.name = name
        self.permissions = permissions
        self.isAdmin = isAdmin
        self.canModerate = canModerate || isAdmin
    }

    enum CodingKeys: String, CodingKey {
        case name, permissions
        case isAdmin = "admin", canModerate = "moderator"
    }

    /// Mastodon's `UserRole::FLAGS`: Administrator 0x1; ManageReports 0x10, ManageFederation 0x20,
    /// ManageBlocks 0x80, ManageUsers 0x400 are what fedictl's moderation verbs need.
    public static let administratorBit = 0x1
    public static let moderationBits = 0x10 | 0x20 | 0x80 | 0x400

    /// From verify_credentials' `role` (name, permissions) and Pleroma's `pleroma` flags; nil when
    /// the server says nothing about a role.
    static func decode(from container: KeyedDecodingContainer<AnyKey>) -> AccountRole? {
        if let pleroma = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: "pleroma"),
            let admin = pleroma.lenientBool("is_admin")
        {
            let moderator = pleroma.lenientBool("is_moderator") ?? false
            return AccountRole(
                name: admin ? "admin" : moderator ? "moderator" : nil, permissions: nil, isAdmin: admin,
                canModerate: moderator)
        }
        if let admin = container.lenientBool("isAdmin") {
            let moderator = container.lenientBool("isModerator") ?? false
            return AccountRole(
                name: admin ? "admin" : moderator ? "moderator" : nil, permissions: nil, isAdmin: admin,
                canModerate: moderator)
        }
        guard let role = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: "role") else { return nil }
        let name = role.optionalText("name")
        let permissions = role.lenientInt("permissions")
        // GoToSocial names the role (admin, moderator, user) and may send no permissions.
        let named = name?.lowercased()
        let admin = permissions.map { $0 & administratorBit != 0 } ?? false || named == "admin"
        let moderates = permissions.map { $0 & moderationBits != 0 } ?? false || named == "moderator"
        return AccountRole(name: name, permissions: permissions, isAdmin: admin, canModerate: moderates)
    }
}
