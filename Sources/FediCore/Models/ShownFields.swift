/// The output keys a list will show (`--fields`, or a format's default columns), so its models can
/// decode only what is needed: on a long list most of the decoding time is strings nobody sees.
/// Commands set it around a list's fetch; the pages fetched ahead inherit it. Only the rows of the
/// list named are affected: a model nested in another list's rows is decoded whole.
public struct ShownFields: Sendable {
    @TaskLocal public static var current = ShownFields()

    /// What an admin account (Mastodon, GoToSocial) decodes.
    let adminAccount: MastodonAdminAccount.Parts

    /// Every key.
    public init() {
        adminAccount = .all
    }

    /// `keys` of `row`'s output (nil: every key).
    public init<Row>(_ row: Row.Type, keys: [String]?) {
        adminAccount = row == AdminAccount.self ? keys.map(MastodonAdminAccount.Parts.init(keys:)) ?? .all : .all
    }
}
