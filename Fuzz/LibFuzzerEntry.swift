import FoundationEssentials

// libFuzzer's entry point, compiled into FediCore's own sources by `make fuzz` (swiftc
// -sanitize=fuzzer, scratch path .build-fuzz): every input goes through every model's decoder and
// the blocklist reader (FuzzTargets). Not part of the package: libFuzzer brings its own main.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FuzzTargets.all(Data(bytes: bytes, count: count))
    return 0
}
