import FoundationEssentials

/// A `base_url` as the config file keeps it. A hand-edited one that is no http(s) URL makes the
/// whole file corrupt (exit 78) when it is read, rather than trap later wherever the address is
/// used. As a property wrapper, the types that hold one keep their synthesized Codable, so a field
/// added to them later cannot be left out of a hand-written decoder (and dropped on the next write).
@propertyWrapper
public struct StoredBaseURL: Codable, Sendable, Equatable {
    public var wrappedValue: String

    public init(wrappedValue: String) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = try container.decode(String.self)
        guard ServerAddress.storedBaseURL(wrappedValue) != nil else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an http(s) URL")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}
