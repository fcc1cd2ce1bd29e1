import FediCore
import Foundation

/// The account store in memory, for command tests that do not need the file.
public final class InMemoryLoginStore: LoginStore, @unchecked Sendable {
    private let lock = NSLock()
    private var config: LoginConfig

    public init(_ config: LoginConfig = LoginConfig()) {
        self.config = config
    }

    public func load() throws -> LoginConfig { lock.withLock { config } }

    public func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
        try lock.withLock {
            var copy = config
            let result = try change(&copy)
            config = copy
            return result
        }
    }
}
