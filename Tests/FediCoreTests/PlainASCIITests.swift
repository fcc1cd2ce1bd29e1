import Testing

@testable import FediCore

/// The eight-bytes-at-a-time scan finds the first byte that is not plain ASCII exactly where a
/// byte-by-byte scan does, for every byte value at every place in and around a word.
@Suite struct PlainASCIITests {
    func byteByByte(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
            index += 1
        }
        return index
    }

    @Test func eachByteValueStopsTheScanWhereABytewiseScanStops() {
        for length in [0, 1, 7, 8, 9, 16, 17, 23] {
            for place in 0..<max(length, 1) {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if place < length { bytes[place] = UInt8(value) }
                    for start in [0, 1, 3] where start <= length {
                        let scanned = bytes.withUnsafeBufferPointer { PlainASCII.end(of: $0, from: start) }
                        let what = "length \(length), 0x\(String(value, radix: 16)) at \(place), from \(start)"
                        #expect(scanned == byteByByte(bytes, from: start), Comment(rawValue: what))
                    }
                }
            }
        }
    }

    /// Two stops in one word: the first one counts, whatever follows it (a borrow from a zero byte
    /// must not hide it or move it).
    @Test func theFirstOfSeveralStopsInAWordIsFound() {
        let stops: [UInt8] = [0x00, 0x01, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xC3, 0xFF]
        for first in stops {
            for second in stops {
                for place in 0..<7 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "z"), count: 8)
                    bytes[place] = first
                    bytes[place + 1] = second
                    let scanned = bytes.withUnsafeBufferPointer { PlainASCII.end(of: $0, from: 0) }
                    #expect(scanned == place)
                }
            }
        }
    }
}
