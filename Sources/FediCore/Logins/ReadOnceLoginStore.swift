import Synchronization

/// The account store read once per run: a command asks for the config a dozen times (selection,
/// token, journal settings, pins, caches), and each ask was a read and a decode of config.json.
/// A write goes through to the store (which re-reads under its lock, so another process's change
/// is kept) and the config it leaves becomes the one read from then on. A failed read is not kept:
/// the next ask reads again and fails the same way, with the same message.
public final class ReadOnceLoginStore: LoginStore {
    private let wrapped: any LoginStore
    private let config = Mutex<LoginConfig?>(nil)

    public init(wrapping wrapped: any LoginStore) { self.wrapped = wrapped }

    public func load() throws -> LoginConfig {
        if let read = config.withLock({ $0 }) { return read }
        let read = try wrapped.load()
        config.withLock { $0 = $0 ?? read }
        return read
    }

    public func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
        var written: LoginConfig?
        let result = try wrapped.update { current in
            let result = try change(&current)
            written = current
            return result
        }
        config.withLock { $0 = written }
        return result
    }
}
