import Foundation

/// Values handed to a callback from any task (waits, progress reports), kept in order for a test to read.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    public init() {}

    public var all: [Value] { lock.withLock { values } }
    public func add(_ value: Value) { lock.withLock { values.append(value) } }
}
