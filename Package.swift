// swift-tools-version:6.0
import PackageDescription

#if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
#else
    let multiarch = "x86_64-linux-gnu"
#endif
let libsecretIncludeFlags = [
    "/usr/include/libsecret-1", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include",
]
.map { "-I" + $0 }
// Each function in its own section, so the linker can drop the unused ones and lay out the used ones
// by the order file (fedictl's linker settings below).
let functionSections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"])]
// lld lays the functions everyday commands run side by side (fedictl.order, which scripts/link-order
// writes; fedictl.ld gathers the code no symbol names): the kernel maps code in blocks of up to
// 128 KB around each page touched, and the ~4,000 functions a run needs, left where they fall, keep
// 16.7 MB of the binary resident instead of 4.7. Relative relocations are packed (DT_RELR) instead
// of 1.4 MB of .rela.dyn read at every start.
let codeLayout = [
    "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/fedictl/fedictl.order",
    "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "-T", "-Xlinker",
    "\(Context.packageDirectory)/Sources/fedictl/fedictl.ld",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
]

let package = Package(
    name: "fedictl",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fedictl", targets: ["fedictl"]),
        // For bench/micro, which measures Core's parsers against libraries fedictl does not build with.
        .library(name: "FediCore", targets: ["FediCore"]),
        // For bench/micro's transfers, which time CurlTransport against libcurl's multi interface.
        .library(name: "FediHTTPCurl", targets: ["FediHTTPCurl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // System libraries, loaded with dlopen on first use (not linked: start-up would pay for
        // mapping them and their dependencies). Each shim binds the calls and types the variadic ones.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        // libsecret's headers (apt libsecret-1-dev) are not on the default path: `pkg-config --cflags
        // libsecret-1` without its `--libs`, which a systemLibrary target would add to the link.
        .target(name: "CSecretShim", cSettings: [.unsafeFlags(libsecretIncludeFlags)]),
        // ncursesw (apt libncurses-dev) for `fedictl triage`'s screen; headers only, loaded with dlopen.
        .target(name: "CCursesShim"),

        // Core: models, API adapters, HTTP semantics, logins. Never prints, never reads a terminal.
        .target(name: "FediCore", swiftSettings: functionSections),
        // Rendering: table / TSV / JSON / NDJSON / CSV.
        .target(name: "FediOutput", dependencies: ["FediCore"], swiftSettings: functionSections),
        // Adapters: the only targets that import C.
        .target(name: "FediHTTPCurl", dependencies: ["FediCore", "CCurlShim"], swiftSettings: functionSections),
        .target(name: "FediKeyring", dependencies: ["FediCore", "CSecretShim"], swiftSettings: functionSections),
        .target(name: "FediCurses", dependencies: ["FediCommands", "CCursesShim"], swiftSettings: functionSections),
        // The command tree.
        .target(
            name: "FediCommands",
            dependencies: [
                "FediCore", "FediOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], swiftSettings: functionSections),
        // No dynamic symbol table beyond what the C libraries need: the toolchain exports every
        // Swift symbol, which the loader then searches at start-up and on every dlopen.
        .executableTarget(
            name: "fedictl", dependencies: ["FediCommands", "FediHTTPCurl", "FediKeyring", "FediCurses"],
            exclude: ["fedictl.order", "fedictl.ld"],
            swiftSettings: functionSections,
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"] + codeLayout)]),

        // bench/run's reference point: the same stack with nothing of fedictl's own (bench/README.md).
        .executableTarget(
            name: "fedictl-floor",
            dependencies: [
                "CCurlShim", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "bench/floor", linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),

        .target(name: "FediTestSupport", dependencies: ["FediCore", "FediOutput", "FediCommands", "FediHTTPCurl"]),

        .testTarget(name: "FediCoreTests", dependencies: ["FediCore", "FediTestSupport"]),
        .testTarget(name: "FediOutputTests", dependencies: ["FediOutput", "FediTestSupport"]),
        .testTarget(name: "FediCommandsTests", dependencies: ["FediCommands", "FediTestSupport"]),
        .testTarget(name: "FediIntegrationTests", dependencies: ["FediCommands", "FediHTTPCurl", "FediTestSupport"]),
        .testTarget(name: "FediKeyringTests", dependencies: ["FediKeyring", "FediTestSupport"]),
    ]
)
