import FoundationEssentials

/// A user of the server as its moderators see it, in one shape whatever the software: Mastodon's and
/// GoToSocial's `Admin::Account`, a Pleroma/Akkoma admin user, a Misskey user with its admin details.
public struct AdminAccount: FieldEncodable, Sendable, Equatable {
    public var id: String
    public var username: String
    /// nil for the server's own (local) accounts.
    public var domain: String?
    /// `user` for local accounts, `user@host` for remote ones.
    public var acct: String
    public var displayName: String?
    public var email: String?
    /// The last address the account signed in from.
    public var ip: String?
    public var createdAt: Date?
    public var locale: String?
    /// The role's name (`Admin`, `moderator`); nil for ordinary users.
    public var role: String?
    /// Admin or moderator (Pleroma roles, Misskey flags, a Mastodon role that can moderate).
    public var staff: Bool?
    public var confirmed: Bool?
    /// false while a sign-up waits for approval.
    public var approved: Bool?
    public var disabled: Bool?
    public var silenced: Bool?
    public var suspended: Bool?
    public var sensitized: Bool?
    /// What the applicant wrote when signing up (Mastodon's `invite_request`, Pleroma's `registration_reason`).
    public var reason: String?
    /// Pleroma/Akkoma tags (`mrf_tag:sandbox`, …).
    public var tags: [String]?
    public var url: String?
    /// Posts and followers as the account's server counts them (the account Mastodon and GoToSocial
    /// embed, Misskey's user); nil where the server does not say (Pleroma's admin API).
    public var posts: Int?
    public var followers: Int?

    public init(id: String, username: String, domain: String? = nil, displayName: String? = nil) {
        self.id = id
        self.username = username
        self.domain = domain
        self.acct = domain.map { "\(username)@\($0)" } ?? username
        self.displayName = displayName
    }

    /// A count as a server sent it: a negative one says nothing.
    static func count(_ value: Int?) -> Int? { value.flatMap { $0 >= 0 ? $0 : nil } }

    /// The one word a moderator sorts by: `suspended`, `pending`, `disabled`, `silenced` or `active`.
    public var status: String {
        if suspended == true { return "suspended" }
        if approved == false { return "pending" }
        if disabled == true { return "disabled" }
        if silenced == true { return "silenced" }
        return "active"
    }

    /// Its JSON fields, in the order output sorts them (so a list writes each row as it comes);
    /// `tags` only where the server has them (Pleroma, Akkoma).
    public func writeFields<Fields: FieldWriting>(into fields: inout Fields) {
        fields.write("acct", acct)
        fields.write("approved", approved)
        fields.write("confirmed", confirmed)
        fields.write("created_at", createdAt)
        fields.write("disabled", disabled)
        fields.write("display_name", displayName)
        fields.write("domain", domain)
        fields.write("email", email)
        fields.write("followers", followers)
        fields.write("id", id)
        fields.write("ip", ip)
        fields.write("locale", locale)
        fields.write("posts", posts)
        fields.write("reason", reason)
        fields.write("role", role)
        fields.write("sensitized", sensitized)
        fields.write("silenced", silenced)
        fields.write("staff", staff)
        fields.write("status", status)
        fields.write("suspended", suspended)
        if let tags { fields.write("tags", tags) }
        fields.write("url", url)
        fields.write("username", username)
    }
}

/// `Admin::Account` as Mastodon and GoToSocial send it. Drift handled: `role` a Role object (4.0+), a
/// string (before) or null (GoToSocial, remote accounts); `ip` a string or an object (3.5); `""` for none.
public struct MastodonAdminAccount: FieldDecodable, Sendable {
    public var account: AdminAccount

    public init(from decoder: Decoder) throws { try self.init(readingFieldsOf: decoder) }

    /// Read field by field: on a long list `JSONTapeDecoder` reads it straight from its tape.
    init<Fields: FieldReading>(fields c: Fields) throws {
        let id = try c.requiredID(of: "admin account")
        // The state flags are always read: lists filter on them (and they cost no string).
        let parts = ShownFields.current.adminAccount
        let profile = parts.contains(.profile) ? c.nested(Profile.self, forKey: "account") : nil
        let username = parts.contains(.username) ? c.text("username") ?? profile?.username ?? "" : ""
        let domain = parts.contains(.domain) ? c.text("domain") : nil
        // Filled in place: a local copy made and dropped was a retain and a release per field.
        account = AdminAccount(id: id, username: username, domain: domain, displayName: profile?.displayName)
        if let acct = profile?.acct, account.domain == nil || acct.contains("@") { account.acct = acct }
        if parts.contains(.email) { account.email = c.text("email") }
        if parts.contains(.ip) {
            account.ip = c.text("ip") ?? (try? c.decodeIfPresent(IPObject.self, forKey: "ip"))?.ip
        }
        if parts.contains(.createdAt) { account.createdAt = c.lenientDate("created_at") }
        if parts.contains(.locale) { account.locale = c.text("locale") }
        if parts.contains(.role) {
            let role =
                c.nested(RoleObject.self, forKey: "role")
                ?? c.text("role").map { RoleObject(name: $0) }
            account.role = role?.name.flatMap { $0.isEmpty || $0.lowercased() == "user" ? nil : $0 }
            account.staff = role.map { $0.canModerate }  // a key path here was a runtime key path call per account
        }
        account.confirmed = c.lenientBool("confirmed")
        // Approval is a local sign-up's: GoToSocial sends `approved: false` for every remote account
        // and for its instance actor (a local account named after its own host), which are not
        // sign-ups waiting for anyone. Only such an answer needs the domain and profile, whatever
        // fields are shown (lists filter on it).
        account.approved = c.lenientBool("approved")
        if account.approved == false {
            let domain = parts.contains(.domain) ? account.domain : c.text("domain")
            let profile = parts.contains(.profile) ? profile : c.nested(Profile.self, forKey: "account")
            let name = c.text("username") ?? profile?.username ?? ""
            let actor =
                profile?.url.map { $0.hasPrefix("http://\(name)/") || $0.hasPrefix("https://\(name)/") } ?? false
            if domain != nil || actor { account.approved = nil }
        }
        account.disabled = c.lenientBool("disabled")
        account.silenced = c.lenientBool("silenced")
        account.suspended = c.lenientBool("suspended")
        account.sensitized = c.lenientBool("sensitized")
        if parts.contains(.reason) { account.reason = c.text("invite_request") }
        account.url = profile?.url
        account.posts = profile?.posts
        account.followers = profile?.followers
    }

    /// The parts of an admin account that cost strings to decode, and the output keys that show them.
    struct Parts: OptionSet, Sendable {
        let rawValue: Int
        static let profile = Parts(rawValue: 1), username = Parts(rawValue: 2), domain = Parts(rawValue: 4)
        static let email = Parts(rawValue: 8), ip = Parts(rawValue: 16), createdAt = Parts(rawValue: 32)
        static let locale = Parts(rawValue: 64), role = Parts(rawValue: 128), reason = Parts(rawValue: 256)
        static let all = Parts(rawValue: 511)

        init(rawValue: Int) { self.rawValue = rawValue }

        /// What `keys` of `AdminAccount`'s output need; an unknown key needs everything.
        init(keys: [String]) {
            var parts: Parts = []
            for key in keys {
                switch key {
                case "id", "status", "confirmed", "approved", "disabled", "silenced", "suspended", "sensitized", "tags",
                    "account":
                    break
                case "username": parts.formUnion([.username, .profile])
                case "domain": parts.insert(.domain)
                case "acct": parts.formUnion([.username, .domain, .profile])
                case "display_name", "url", "posts", "followers": parts.insert(.profile)
                case "email": parts.insert(.email)
                case "ip": parts.insert(.ip)
                case "created_at": parts.insert(.createdAt)
                case "locale": parts.insert(.locale)
                case "role", "staff": parts.insert(.role)
                case "reason": parts.insert(.reason)
                default: parts = .all
                }
            }
            self = parts
        }
    }

    struct IPObject: Decodable { var ip: String? }

    /// The parts of the embedded `Account` an admin account shows, read as `Account` reads them
    /// (an id is required); its note's HTML and dates are not needed here.
    struct Profile: FieldDecodable {
        var username: String
        var acct: String
        var displayName: String?
        var url: String?
        var posts: Int?
        var followers: Int?

        init(from decoder: Decoder) throws { try self.init(readingFieldsOf: decoder) }

        init<Fields: FieldReading>(fields c: Fields) throws {
            _ = try c.requiredID(of: "account")
            username = c.text("username") ?? ""
            acct = c.text("acct") ?? username
            displayName = c.text("display_name")
            url = c.text("url")
            posts = AdminAccount.count(c.lenientInt("statuses_count"))
            followers = AdminAccount.count(c.lenientInt("followers_count"))
        }
    }

    /// A Role (`{name, permissions, highlighted}`) or the pre-4.0 role string.
    struct RoleObject: FieldDecodable {
        var name: String?
        var permissions: Int?
        init(name: String) { self.name = name }
        init(from decoder: Decoder) throws { try self.init(readingFieldsOf: decoder) }
        init<Fields: FieldReading>(fields c: Fields) throws {
            name = c.text("name")
            // Mastodon sends the bits as a string ("1048575"): read that first, as a failed
            // numeric try costs two thrown errors per account on a long list.
            permissions =
                (try? c.decodeIfPresent(String.self, forKey: "permissions")).flatMap { Int($0.trimmed()) }
                ?? c.lenientInt("permissions")
        }

        /// Mastodon's permission bits administrator (0x1) or manage reports (0x10), else the usual staff role names.
        var canModerate: Bool {
            if let permissions, permissions & 0x1 != 0 || permissions & 0x10 != 0 { return true }
            return ["admin", "moderator", "owner"].contains(name?.lowercased() ?? "")
        }
    }
}

/// A user as the Pleroma/Akkoma Admin API sends it: `nickname` is `user` or `user@host`. Both the
/// post-2.3 names (`is_active`, `is_approved`, `is_confirmed`) and the older ones are read.
public struct PleromaAdminUser: Decodable, Sendable {
    public var account: AdminAccount
    public var nickname: String

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id"), let nickname = c.optionalText("nickname") ?? c.optionalText("acct") else {
            throw DecodingError.keyNotFound(
                AnyKey("nickname"),
                .init(codingPath: decoder.codingPath, debugDescription: "user without id or nickname"))
        }
        self.nickname = nickname
        let parts = nickname.split(separator: "@", maxSplits: 1).map(String.init)
        var account = AdminAccount(
            id: id, username: parts[0], domain: parts.count > 1 ? parts[1] : nil,
            displayName: c.optionalText("display_name"))
        let active = c.lenientBool("is_active") ?? c.lenientBool("deactivated").map { !$0 }
        account.email = c.optionalText("email")
        account.createdAt = c.lenientDate("created_at")
        account.confirmed = c.lenientBool("is_confirmed") ?? c.lenientBool("confirmation_pending").map { !$0 }
        account.approved = c.lenientBool("is_approved") ?? c.lenientBool("approval_pending").map { !$0 }
        // Pleroma has one switch for both: deactivation hides the account and stops its logins.
        account.suspended = active.map { !$0 }
        account.disabled = active.map { !$0 }
        let tags = (try? c.decodeIfPresent([String].self, forKey: "tags")) ?? []
        account.tags = tags
        account.silenced = PleromaTags.silence.contains { tags.contains($0) }
        account.sensitized = tags.contains(PleromaTags.sensitive)
        let roles = try? c.decodeIfPresent([String: Bool].self, forKey: "roles")
        account.role = roles.flatMap { $0["admin"] == true ? "admin" : $0["moderator"] == true ? "moderator" : nil }
        account.staff = roles.map { $0["admin"] == true || $0["moderator"] == true }
        account.reason = c.optionalText("registration_reason")
        account.url = c.optionalText("url")
        account.posts = AdminAccount.count(c.lenientInt("notesCount"))
        account.followers = AdminAccount.count(c.lenientInt("followersCount"))
        self.account = account
    }
}

/// The MRF tags Pleroma/Akkoma's TagPolicy acts on, standing in for Mastodon's silence and sensitive.
public enum PleromaTags {
    /// Public posts become unlisted: the nearest thing to Mastodon's silence (limit).
    public static let silenceTag = "mrf_tag:force-unlisted"
    /// Either tag counts as silenced when read; `unsilence` removes both.
    public static let silence = ["mrf_tag:force-unlisted", "mrf_tag:sandbox"]
    public static let sensitive = "mrf_tag:media-force-nsfw"
}

/// A Misskey-family user (`UserDetailed`, or the lighter `UserLite` inside reports).
public struct MisskeyUser: Decodable, Sendable {
    public var account: AdminAccount

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id"), let username = c.optionalText("username") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"), .init(codingPath: decoder.codingPath, debugDescription: "user without id or username"))
        }
        var account = AdminAccount(
            id: id, username: username, domain: c.optionalText("host"), displayName: c.optionalText("name"))
        account.createdAt = c.lenientDate("createdAt")
        account.silenced = c.lenientBool("isSilenced")
        account.suspended = c.lenientBool("isSuspended")
        let admin = c.lenientBool("isAdmin")
        let moderator = c.lenientBool("isModerator")
        if admin == true || moderator == true {
            account.role = admin == true ? "admin" : "moderator"
            account.staff = true
        }
        account.url = c.optionalText("url")
        account.posts = AdminAccount.count(c.lenientInt("notesCount"))
        account.followers = AdminAccount.count(c.lenientInt("followersCount"))
        self.account = account
    }
}

/// What Misskey's `admin/show-user` adds: the admin-only fields, without the profile.
public struct MisskeyAdminDetails: Decodable, Sendable {
    public var email: String?
    public var ip: String?
    public var moderator: Bool?
    public var silenced: Bool?
    public var suspended: Bool?
    public var confirmed: Bool?
    /// Sharkey's sign-up approval.
    public var approved: Bool?
    public var reason: String?

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        email = c.optionalText("email")
        struct Signin: Decodable { var ip: String? }
        ip = ((try? c.decodeIfPresent([Signin].self, forKey: "signins")) ?? nil)?.first?.ip
        moderator = c.lenientBool("isModerator")
        silenced = c.lenientBool("isSilenced")
        suspended = c.lenientBool("isSuspended")
        confirmed = c.lenientBool("emailVerified")
        approved = c.lenientBool("approved")
        reason = c.optionalText("signupReason")
    }

    /// The user with these details filled in.
    public func merged(into user: AdminAccount) -> AdminAccount {
        var account = user
        account.email = email ?? account.email
        account.ip = ip ?? account.ip
        account.silenced = silenced ?? account.silenced
        account.suspended = suspended ?? account.suspended
        account.confirmed = confirmed ?? account.confirmed
        account.approved = approved ?? account.approved
        account.reason = reason ?? account.reason
        if moderator == true, account.role == nil {
            account.role = "moderator"
            account.staff = true
        }
        return account
    }
}
