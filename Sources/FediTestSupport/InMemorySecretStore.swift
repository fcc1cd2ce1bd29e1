import FediCore

/// A `SecretStore` held in memory, for command tests. It can be told to fail, to exercise the
/// "no keyring" paths (`failure = .unavailable("…")`) without D-Bus.
public actor InMemorySecretStore: SecretStore {
    public nonisolated let storageName: String
    /// Everything stored, by key.
    public private(set) var secrets: [SecretKey: String]
    /// When set, every call throws this.
    public private(set) var failure: SecretStoreError?
    /// How many calls were made (store, lookup, remove), to assert that a path never touched it.
    public private(set) var callCount = 0

    public init(storageName: String = "memory", secrets: [SecretKey: String] = [:], failure: SecretStoreError? = nil) {
        self.storageName = storageName
        self.secrets = secrets
        self.failure = failure
    }

    public func store(_ secret: String, for key: SecretKey) async throws {
        try enter()
        secrets[key] = secret
    }

    public func lookup(_ key: SecretKey) async throws -> String? {
        try enter()
        return secrets[key]
    }

    public func remove(_ key: SecretKey) async throws {
        try enter()
        secrets[key] = nil
    }

    private func enter() throws {
        callCount += 1
        if let failure { throw failure }
    }
}
