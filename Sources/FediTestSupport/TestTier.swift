import FediCore
import Foundation

/// The two test tiers. The fast one (`make test-fast`, FEDICTL_TEST_TIER=fast) runs fakes only:
/// starting any external process (a server, a shell, the built binary) throws, so a test that
/// needs one fails loudly there instead of quietly making the fast tier slow.
public enum TestTier {
    public static var isFast: Bool { ProcessInfo.processInfo.environment["FEDICTL_TEST_TIER"] == "fast" }

    /// Throws in the fast tier, naming what a test tried to start.
    public static func requireIntegration(_ what: String) throws {
        guard isFast else { return }
        throw FediError(
            .failure, "\(what) started in the fast test tier",
            hint: "tests that start processes belong in FediIntegrationTests or FediKeyringTests")
    }
}
