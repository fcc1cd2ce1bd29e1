/// Colour for the values a moderator scans for: how severe a block is, what state a report or an
/// account is in. Only on a terminal with colour allowed (`OutputSettings.color`).
enum Tone: Sendable {
    case alarm, warning, calm, quiet

    /// The SGR code that starts it.
    var code: String {
        switch self {
        case .alarm: "31"  // red
        case .warning: "33"  // yellow
        case .calm: "32"  // green
        case .quiet: "2"  // dim
        }
    }

    /// The tone of `value` in the column `key`, nil for columns and values without one.
    init?(key: String, value: String) {
        switch (key, value) {
        case ("severity", "suspend"), ("severity", "no_access"), ("status", "suspended"), ("state", "suspended"):
            self = .alarm
        case ("severity", "silence"), ("severity", "sign_up_requires_approval"), ("severity", "sign_up_block"),
            ("state", "open"), ("status", "silenced"), ("status", "disabled"), ("status", "pending"),
            ("state", "pending"):
            self = .warning
        case ("state", "resolved"):
            self = .calm
        case ("severity", "noop"), ("state", "closed"):
            self = .quiet
        default:
            return nil
        }
    }
}
