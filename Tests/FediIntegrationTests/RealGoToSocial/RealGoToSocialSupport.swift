import FediCore
import FediTestSupport
import Foundation
import Testing

/// The real-server tier: skipped without a GoToSocial binary, except in CI (FEDICTL_REQUIRE_GOTOSOCIAL),
/// where a missing server fails every test with the launcher's message.
extension Trait where Self == ConditionTrait {
    static var realGoToSocial: Self {
        .enabled(
            if: GoToSocialServer.isAvailable,
            "no GoToSocial server (FEDICTL_GOTOSOCIAL, or ../shared/gotosocial/gotosocial beside the checkout)")
    }
}

extension UserSide {
    /// A user of the shared real GoToSocial, running fedictl with their token as a script would.
    init(_ gts: GoToSocialServer, _ account: SeedAccount) {
        self.init(gts.http, account)
    }
}

extension GoToSocialServer {
    /// The shared server's admin, alice and bob as fedictl users.
    var adminSide: UserSide { UserSide(self, admin) }
    var aliceSide: UserSide { UserSide(self, alice) }
    var bobSide: UserSide { UserSide(self, bob) }

    /// The value of a one-field item fedictl printed (`id\tVALUE`).
    static func value(_ output: String) -> String {
        String(output.split(separator: "\t").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A browser at this server.
    func browser() -> Browser { Browser(base: "http://\(base)") }
}

extension GoToSocialServer {
    /// Polls the server until `check` holds: for what GoToSocial does in the background (suspensions).
    func eventually(_ what: String, seconds: Double = 120, _ check: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await check() { return }
            try await Task.sleep(nanoseconds: 250_000_000)
        }
        throw FediError(.temporary, "waited \(Int(seconds)) s for \(what)")
    }
}
