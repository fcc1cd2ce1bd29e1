/// GoToSocial answers 409 for two different things: "another admin action is running" (temporary: the
/// server did nothing, so the request may go again) and "that already exists" (a draft accepted over a
/// block, a subscription URL or title taken, an exclude twice). Its API description names the first
/// only on the routes that start admin actions; a 409 anywhere else is a conflict with what is there.
public enum BusyConflict {
    /// Whether a 409 from `path` means a running admin action.
    public static func possible(on path: String) -> Bool {
        let admin = "/api/v1/admin/"
        guard path.hasPrefix(admin) else { return false }
        let rest = path.dropFirst(admin.count)
        if rest.hasPrefix("domain_blocks") || rest.hasPrefix("domain_allows") || rest.hasPrefix("domain_keys_expire") {
            return true
        }
        return rest.hasPrefix("accounts/") && rest.hasSuffix("/action")
    }
}
