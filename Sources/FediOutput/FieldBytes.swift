import FediCore
import FoundationEssentials

/// A `FieldEncodable` row's top-level values, each written to JSON bytes as it comes; the writer
/// then puts them out in key order. No tree, no `Encoder`: the values are bytes already.
struct FieldBytes: FieldWriting {
    struct Entry: KeyedEntry {
        let key: String
        /// Where its value ends in `values` (it starts where the one before ends).
        let end: Int
        var isPresent: Bool { true }
    }

    let writer: JSONRowWriter
    /// How deep the values are (an array's elements go one deeper on a pretty-printed line).
    let depth: Int
    var entries: [Entry] = []
    var values: [UInt8] = []

    init(writer: JSONRowWriter, depth: Int) {
        self.writer = writer
        self.depth = depth
        entries.reserveCapacity(24)
        values.reserveCapacity(512)
    }

    /// The top-level keys kept (`--fields`); nil keeps all.
    var keeping: [String]? { writer.fields }

    func start(of index: Int) -> Int { index == 0 ? 0 : entries[index - 1].end }

    /// Writes a kept key's value with `value`; a key `--fields` leaves out costs nothing more.
    private mutating func add(_ key: String, _ value: (inout [UInt8]) -> Void) {
        if let keeping, !keeping.contains(key) { return }
        value(&values)
        entries.append(Entry(key: key, end: values.count))
    }

    private static func null(_ out: inout [UInt8]) { out.append(contentsOf: "null".utf8) }

    mutating func write(_ key: String, _ value: String?) {
        add(key) { out in
            if let value { JSONRowWriter.quote(value, into: &out) } else { Self.null(&out) }
        }
    }

    mutating func write(_ key: String, _ value: Bool?) {
        add(key) { out in
            if let value { out.append(contentsOf: (value ? "true" : "false").utf8) } else { Self.null(&out) }
        }
    }

    mutating func write(_ key: String, _ value: Date?) {
        add(key) { out in
            guard let value else { return Self.null(&out) }
            out.append(UInt8(ascii: "\""))
            FlexibleDate.append(value, to: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    mutating func write(_ key: String, _ value: [String]) {
        let (writer, depth) = (writer, depth)
        add(key) { out in
            writer.writeArray(value.count, depth: depth, into: &out) { index, out in
                JSONRowWriter.quote(value[index], into: &out)
            }
        }
    }
}
