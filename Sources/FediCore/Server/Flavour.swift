import FoundationEssentials

/// Which server software a server runs, as far as fedictl needs to know: it decides which API
/// family serves each command. Unknown software keeps its own name in `ServerInfo.softwareName`.
public struct Flavour: OpenEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let mastodon: Self = "mastodon"
    public static let pleroma: Self = "pleroma"
    public static let akkoma: Self = "akkoma"
    public static let gotosocial: Self = "gotosocial"
    public static let misskey: Self = "misskey"
    public static let sharkey: Self = "sharkey"
    public static let firefish: Self = "firefish"
    public static let iceshrimp: Self = "iceshrimp"
    public static let iceshrimpNet: Self = "iceshrimp.net"
    public static let catodon: Self = "catodon"
    public static let pixelfed: Self = "pixelfed"
    public static let friendica: Self = "friendica"
    public static let takahe: Self = "takahe"
    public static let unknown: Self = "unknown"

    public static let knownValues: [Self] = [
        .mastodon, .pleroma, .akkoma, .gotosocial, .misskey, .sharkey, .firefish, .iceshrimp, .iceshrimpNet,
        .catodon, .pixelfed, .friendica, .takahe, .unknown,
    ]

    /// The Pleroma code base: the Pleroma admin API and MRF.
    public static let pleromaFamily: [Self] = [.pleroma, .akkoma]
    /// The Misskey code base (JavaScript): the Misskey RPC API, `POST /api/<endpoint>`.
    public static let misskeyFamily: [Self] = [.misskey, .sharkey, .firefish, .iceshrimp, .catodon]

    /// The product's own spelling.
    public var displayName: String {
        switch self {
        case .mastodon: "Mastodon"
        case .pleroma: "Pleroma"
        case .akkoma: "Akkoma"
        case .gotosocial: "GoToSocial"
        case .misskey: "Misskey"
        case .sharkey: "Sharkey"
        case .firefish: "Firefish"
        case .iceshrimp: "Iceshrimp"
        case .iceshrimpNet: "Iceshrimp.NET"
        case .catodon: "Catodon"
        case .pixelfed: "Pixelfed"
        case .friendica: "Friendica"
        case .takahe: "Takahē"
        default: "unknown software"
        }
    }

    public var isMisskeyFamily: Bool { Self.misskeyFamily.contains(self) }

    /// The flavour (and variant) a nodeinfo `software.name` or a "(compatible; NAME …)" product names.
    /// Names fedictl does not know give `.unknown`; the caller keeps the name.
    public static func named(_ name: String) -> (flavour: Flavour, variant: String?) {
        let key = name.trimmed().lowercased()
        if let known = knownValues.first(where: { $0.rawValue == key && $0 != .unknown }) { return (known, nil) }
        switch key {
        case "iceshrimp-net", "iceshrimpnet": return (.iceshrimpNet, nil)
        case "takahē": return (.takahe, nil)
        // Renamed or closely forked code bases that keep the same APIs.
        case "calckey": return (.firefish, "calckey")
        case "glitch-soc", "glitchsoc", "glitch": return (.mastodon, "glitch-soc")
        case "hometown", "fedibird", "kmyblue": return (.mastodon, key)
        case "rebased": return (.pleroma, "rebased")
        case "foundkey", "cherrypick", "meisskey": return (.misskey, key)
        default: return (.unknown, nil)
        }
    }
}
