import FediCore
import FediTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct ReadOnceLoginStoreTests {
    /// A store that fails its first `failures` reads, then serves `config`, counting reads.
    final class Flaky: LoginStore {
        let reads = Mutex(0)
        let failures: Int
        let config = Mutex(LoginConfig())
        init(failures: Int = 0) { self.failures = failures }
        func load() throws -> LoginConfig {
            let count = reads.withLock {
                $0 += 1
                return $0
            }
            if count <= failures { throw FediError(.config, "corrupt") }
            return config.withLock { $0 }
        }
        func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
            try config.withLock { try change(&$0) }
        }
    }

    @Test func readsOnceAndSeesItsOwnWrites() throws {
        let store = Flaky()
        let once = ReadOnceLoginStore(wrapping: store)
        #expect(try once.load().defaultAccount == nil)
        #expect(try once.load().defaultAccount == nil)
        #expect(store.reads.withLock { $0 } == 1)
        try once.update { $0.defaultAccount = "mod@a.test" }
        #expect(try once.load().defaultAccount == "mod@a.test")
        #expect(store.reads.withLock { $0 } == 1, "a write leaves the config it wrote: no read after it")
    }

    @Test func aFailedReadIsNotKept() throws {
        let store = Flaky(failures: 1)
        let once = ReadOnceLoginStore(wrapping: store)
        #expect(throws: FediError.self) { try once.load() }
        #expect(throws: Never.self) { try once.load() }
        #expect(store.reads.withLock { $0 } == 2)
    }
}
