/// Printable ASCII other than `"` and `\`: text a JSON string holds as it is and no output path
/// escapes. Found eight bytes at a time, as most of what servers send is such text (ids, names,
/// URLs, dates), and reading JSON (`JSONTape`) and writing it (`JSONRowWriter`) pass over all of it.
public enum PlainASCII {
    /// The index of the first byte from `start` on that is not plain, or `bytes.count`.
    public static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        guard let base = bytes.baseAddress else { return index }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // The high bit of each zero byte; the lowest one set is exact (a borrow only carries upwards).
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        while index + 8 <= bytes.count {
            // The first byte in memory is the lowest, whatever the machine's byte order.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let below0x20 = (word &- ones &* 0x20) & ~word & highs
            let quote = zeroBytes(word ^ (ones &* 0x22))
            let backslash = zeroBytes(word ^ (ones &* 0x5C))
            let other = word & highs | below0x20 | quote | backslash | zeroBytes(word ^ (ones &* 0x7F))
            if other != 0 { return index + other.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < bytes.count, isPlain(bytes[index]) { index += 1 }
        return index
    }

    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}
