import FediCore
import FoundationEssentials

/// A `FieldEncodable` row's top-level values, each written to JSON bytes as it comes; the writer
/// then puts them out in key order. No tree, no `Encoder`: the values are bytes already. Given the
/// keys expected in their written order, each value follows its key's head in `values`, which is
/// then the row's members as they are written.
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
    /// The keys expected, in order, with their heads (nil: values are kept apart for the writer to order).
    private let expected: KeyOrder.Layout?
    /// How many expected keys came, in order; nil once one did not.
    private var cameInOrder: Int? = 0

    /// Every expected key came, in order, and no other.
    var cameAsExpected: Bool { cameInOrder == expected?.keys.count }

    /// A row's arrays, handed from one row to the next: made anew, they were two allocations and
    /// two frees a row.
    final class Buffers {
        var entries: [Entry] = []
        var values: [UInt8] = []
        init() {
            entries.reserveCapacity(24)
            values.reserveCapacity(512)
        }
    }

    /// Writes into `buffers`' arrays, emptied; `giveBack(to:)` returns them for the next row.
    init(writer: JSONRowWriter, depth: Int, reusing buffers: Buffers, expecting expected: KeyOrder.Layout? = nil) {
        self.writer = writer
        self.depth = depth
        self.expected = expected
        // Taken out first, so each is this row's alone and is emptied in place.
        swap(&entries, &buffers.entries)
        swap(&values, &buffers.values)
        entries.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    func giveBack(to buffers: Buffers) {
        buffers.entries = entries
        buffers.values = values
    }

    /// The top-level keys kept (`--fields`); nil keeps all.
    var keeping: [String]? { writer.fields }

    func start(of index: Int) -> Int { index == 0 ? 0 : entries[index - 1].end }

    /// Writes a kept key's value with `value`; a key `--fields` leaves out costs nothing more.
    private mutating func add(_ key: String, _ value: (inout [UInt8]) -> Void) {
        if let keeping, !keeping.contains(key) { return }
        if let expected {
            guard let position = cameInOrder, position < expected.keys.count, expected.keys[position] == key else {
                cameInOrder = nil
                return
            }
            expected.appendHead(position, to: &values)
            value(&values)
            cameInOrder = position + 1
            return
        }
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

    mutating func write(_ key: String, _ value: Int?) {
        add(key) { out in
            if let value { out.append(contentsOf: String(value).utf8) } else { Self.null(&out) }
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
