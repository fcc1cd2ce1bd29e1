import FediCore
import FoundationEssentials
import Synchronization

/// An exit status that tells what a verb found, not that it failed: `queue --exit-status` exits 1
/// when something waits. Nothing is printed for it, and over several accounts an account that
/// found something still succeeded (no error line, no `{"error"}` object); the run exits with the
/// finding once every account was asked.
public struct Finding: Error, Sendable {
    public var status: Int32
    public init(status: Int32) { self.status = status }

    /// Over several accounts failing for different reasons, a verb that finds things exits this,
    /// not 1 (which would read as a finding).
    static let mixedFailureStatus = ExitStatus.unavailable
}

/// A verb that may end in a `Finding` (when `reportsFindings`).
public protocol FindingVerb {
    var reportsFindings: Bool { get }
}

/// The highest finding of a run over several accounts (0: none).
final class Findings: Sendable {
    private let highest = Mutex<Int32>(0)
    func note(_ status: Int32) { highest.withLock { $0 = max($0, status) } }
    var status: Int32 { highest.withLock { $0 } }
}
