import FoundationEssentials

/// A JSON document read in one pass into a flat list of nodes (a "tape"): each string or number
/// keeps its byte range in the document and is turned into a Swift value only when a model asks
/// for it, and an object's keys are compared as bytes. `JSONTapeDecoder` decodes models from it.
///
/// The reader is strict RFC 8259: it accepts only what swift-foundation's JSONDecoder accepts in
/// the same way (UTF-8 without a byte order mark, no control characters or lone surrogates in
/// strings, at most `maxDepth` levels). Anything else is refused (nil), and the decoder hands the
/// body to JSONDecoder, so unusual input is read, or refused with its error, exactly as before.
final class JSONTape {
    enum Kind: UInt8 { case null, bool, number, string, array, object }

    /// 16 bytes: a page of a long list makes tens of thousands of these, and their memory traffic
    /// was a tenth of decoding it. Offsets are 32-bit: a longer document goes to JSONDecoder.
    struct Node {
        var kind: Kind
        /// A string with backslash escapes; a number with a fraction or an exponent; `true`.
        var flag: Bool
        private var storedStart: UInt32
        private var storedEnd: UInt32
        private var storedNext: UInt32

        init(kind: Kind, flag: Bool, start: Int, end: Int, next: Int) {
            self.kind = kind
            self.flag = flag
            storedStart = UInt32(truncatingIfNeeded: start)
            storedEnd = UInt32(truncatingIfNeeded: end)
            storedNext = UInt32(truncatingIfNeeded: next)
        }

        /// Strings and numbers: their bytes (a string's without its quotes). Containers: `start`
        /// unused, `end` the number of elements (of an object: of key-value pairs).
        var start: Int { Int(storedStart) }
        var end: Int {
            get { Int(storedEnd) }
            set { storedEnd = UInt32(truncatingIfNeeded: newValue) }
        }
        /// The index of the node after this one and everything inside it.
        var next: Int {
            get { Int(storedNext) }
            set { storedNext = UInt32(truncatingIfNeeded: newValue) }
        }
    }

    /// JSONDecoder's own limit: deeper documents go to it, to be refused as it refuses them.
    static let maxDepth = 512

    /// The body itself, read where it is: a copy was a page's worth of bytes moved for nothing.
    let data: Data
    /// Never changed once read: a `let`, so reading it takes no exclusivity check.
    let nodes: [Node]

    init?(_ data: Data) {
        // Offsets and node counts must fit a Node's 32 bits (a node takes at least one byte).
        guard data.count < Int(UInt32.max) else { return nil }
        self.data = data
        // Most documents take a node per 8 bytes or fewer; one that takes more is read again with
        // room for the most it can hold (a value and the comma or colon after it: two bytes).
        var read = Self.read(data, room: data.count / 8 + 16)
        if read.full { read = Self.read(data, room: data.count / 2 + 2) }
        guard read.ok, !read.full else { return nil }
        self.nodes = read.nodes
    }

    /// The nodes of `data`, written in room made for `room` of them before reading: appending each
    /// to an array checked the array's uniqueness and capacity, a tenth of reading a long list's page.
    private static func read(_ data: Data, room: Int) -> (nodes: [Node], ok: Bool, full: Bool) {
        var ok = false
        var full = false
        let nodes = [Node](unsafeUninitializedCapacity: room) { nodes, count in
            data.withUnsafeBytes { raw in
                withUnsafeTemporaryAllocation(of: Reader.Open.self, capacity: maxDepth) { open in
                    var reader = Reader(bytes: raw.assumingMemoryBound(to: UInt8.self), nodes: nodes, open: open)
                    ok = reader.document()
                    full = reader.full
                    count = reader.count
                }
            }
        }
        return (nodes, ok, full)
    }

    /// The tape and its body's bytes, for the length of `body` (one decode): reaching the bytes
    /// through `Data` for each value took an exclusivity check each time, 3% of a long list's CPU.
    func withView<Result>(_ body: (View) throws -> Result) rethrows -> Result {
        try data.withUnsafeBytes { try body(View(nodes: nodes, bytes: $0.assumingMemoryBound(to: UInt8.self))) }
    }

    // MARK: Reading

    private struct Reader {
        /// An open container: its node and how many values it holds so far.
        typealias Open = (node: Int, count: Int)

        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Room for the nodes; the first `count` are written.
        let nodes: UnsafeMutableBufferPointer<Node>
        var count = 0
        /// A node found no room: reading stops, to be done again with more.
        var full = false
        /// The containers open around `index`, innermost last (room for `maxDepth`); `depth` of them.
        let open: UnsafeMutableBufferPointer<Open>
        var depth = 0

        init(
            bytes: UnsafeBufferPointer<UInt8>, nodes: UnsafeMutableBufferPointer<Node>,
            open: UnsafeMutableBufferPointer<Open>
        ) {
            self.bytes = bytes
            self.nodes = nodes
            self.open = open
        }

        /// `node` written after the others, when there is room; else the reading is `full`.
        mutating func append(_ node: Node) {
            guard count < nodes.count else {
                full = true
                return
            }
            (nodes.baseAddress! + count).initialize(to: node)
            count += 1
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func document() -> Bool {
            skipSpace()
            value: while true {
                guard index < bytes.count, !full else { return false }
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard depth < JSONTape.maxDepth else { return false }
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    append(Node(kind: isObject ? .object : .array, flag: false, start: index, end: 0, next: 0))
                    guard !full else { return false }
                    index += 1
                    skipSpace()
                    guard index < bytes.count else { return false }
                    if bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        nodes[count - 1].next = count
                    } else {
                        open[depth] = (count - 1, 0)
                        depth += 1
                        if isObject { guard key() else { return false } }
                        continue value
                    }
                case UInt8(ascii: "\""):
                    guard string() else { return false }
                case UInt8(ascii: "t"):
                    guard literal("true") else { return false }
                    append(Node(kind: .bool, flag: true, start: index - 4, end: index, next: count + 1))
                case UInt8(ascii: "f"):
                    guard literal("false") else { return false }
                    append(Node(kind: .bool, flag: false, start: index - 5, end: index, next: count + 1))
                case UInt8(ascii: "n"):
                    guard literal("null") else { return false }
                    append(Node(kind: .null, flag: false, start: index - 4, end: index, next: count + 1))
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard number() else { return false }
                default:
                    return false
                }
                // A value is complete: it counts in the container around it, which goes on or closes.
                while depth > 0 {
                    open[depth - 1].count += 1
                    skipSpace()
                    guard index < bytes.count else { return false }
                    let container = open[depth - 1].node
                    let isObject = nodes[container].kind == .object
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipSpace()
                        if isObject { guard key() else { return false } }
                        continue value
                    }
                    guard bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                    index += 1
                    depth -= 1
                    nodes[container].end = open[depth].count
                    nodes[container].next = count
                }
                skipSpace()
                return index == bytes.count
            }
        }

        /// An object's key, its colon and the space before its value.
        mutating func key() -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), string() else { return false }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            skipSpace()
            return true
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = word.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            index += count
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        mutating func number() -> Bool {
            let start = index
            var fractional = false
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return false }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                fractional = true
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { return false }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                fractional = true
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index < bytes.count, isDigit(bytes[index]) else { return false }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            append(Node(kind: .number, flag: fractional, start: start, end: index, next: count + 1))
            return true
        }

        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        /// A string, checked: valid UTF-8, no raw control characters, only JSON's escapes, and
        /// surrogate escapes only in pairs.
        mutating func string() -> Bool {
            index += 1
            let start = index
            var escaped = false
            while index < bytes.count {
                index = PlainASCII.end(of: bytes, from: index)
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    append(Node(kind: .string, flag: escaped, start: start, end: index, next: count + 1))
                    index += 1
                    return true
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                    guard escape() else { return false }
                } else if byte < 0x20 {
                    return false
                } else if byte < 0x80 {
                    index += 1
                } else {
                    guard utf8Sequence() else { return false }
                }
            }
            return false
        }

        /// One backslash escape, `index` at its backslash.
        mutating func escape() -> Bool {
            guard index + 1 < bytes.count else { return false }
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
                return true
            case UInt8(ascii: "u"):
                guard let unit = JSONTape.hexUnit(bytes, at: index + 2) else { return false }
                index += 6
                switch unit {
                case 0xD800...0xDBFF:
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u"),
                        let low = JSONTape.hexUnit(bytes, at: index + 2), (0xDC00...0xDFFF).contains(low)
                    else { return false }
                    index += 6
                    return true
                case 0xDC00...0xDFFF: return false
                default: return true
                }
            default:
                return false
            }
        }

        /// One multi-byte UTF-8 scalar, `index` at its lead byte: no overlong forms, no encoded
        /// surrogates, nothing past U+10FFFF.
        mutating func utf8Sequence() -> Bool {
            let lead = bytes[index]
            func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
                index + offset < bytes.count && range.contains(bytes[index + offset])
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                index += 2
            case 0xE0...0xEF:
                let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
                guard continuation(1, second), continuation(2) else { return false }
                index += 3
            case 0xF0...0xF4:
                let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
                guard continuation(1, second), continuation(2), continuation(3) else { return false }
                index += 4
            default:
                return false
            }
            return true
        }
    }

    static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt16? {
        guard start + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }
}

extension JSONTape {
    /// The tape with its body's bytes in hand, for one decode (`withView`): values are read from
    /// the bytes where they are. Its pointer is good only inside `withView`, which decoding never
    /// outlives (no model keeps its decoder).
    struct View {
        let nodes: [Node]
        let bytes: UnsafeBufferPointer<UInt8>

        /// The string node's date (`FlexibleDate.parse`), read in place when it has no escape.
        func date(_ node: Node) -> Date? {
            guard !node.flag else { return FlexibleDate.parse(string(node)) }
            return FlexibleDate.parse(utf8: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]))
        }

        /// The string node's text, escapes resolved (the reader has checked it all).
        func string(_ node: Node) -> String {
            let raw = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
            guard node.flag else { return String(decoding: raw, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var index = 0
            while index < raw.count {
                let byte = raw[index]
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    index += 1
                    continue
                }
                let kind = raw[index + 1]
                index += 2
                switch kind {
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32(JSONTape.hexUnit(raw, at: index)!)
                    index += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        let low = UInt32(JSONTape.hexUnit(raw, at: index + 2)!)
                        index += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    UTF8.encode(Unicode.Scalar(scalar)!) { out.append($0) }
                default: out.append(kind)  // " \ /
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// Whether the string node's text is `key`, compared as UTF-8 without making a String.
        func string(_ node: Node, equals key: String) -> Bool {
            guard !node.flag else { return string(node) == key }
            var key = key
            return key.withUTF8 { keyBytes in
                guard keyBytes.count == node.end - node.start else { return false }
                return UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]).elementsEqual(keyBytes)
            }
        }

        /// The number node's text, as the reader checked it.
        func numberText(_ node: Node) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)
        }

        /// A number without fraction or exponent that fits `Int64`, read without a String.
        func int64(_ node: Node) -> Int64? {
            guard !node.flag else { return nil }
            var index = node.start
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value: Int64 = 0
            while index < node.end {
                let digit = Int64(bytes[index] &- UInt8(ascii: "0"))
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (added, overflow2) =
                    negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                if overflow1 || overflow2 { return nil }
                value = added
                index += 1
            }
            return value
        }
    }
}
