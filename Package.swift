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

let package = Package(
    name: "fedictl",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fedictl", targets: ["fedictl"])
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

        // Core: models, API adapters, HTTP semantics, logins. Never prints, never reads a terminal.
        .target(name: "FediCore"),
        // Rendering: table / TSV / JSON / NDJSON / CSV.
        .target(name: "FediOutput", dependencies: ["FediCore"]),
        // Adapters: the only targets that import C.
        .target(name: "FediHTTPCurl", dependencies: ["FediCore", "CCurlShim"]),
        .target(name: "FediKeyring", dependencies: ["FediCore", "CSecretShim"]),
        // The command tree.
        .target(
            name: "FediCommands",
            dependencies: [
                "FediCore", "FediOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // No dynamic symbol table beyond what the C libraries need: the toolchain exports every
        // Swift symbol, which the loader then searches at start-up and on every dlopen.
        .executableTarget(
            name: "fedictl", dependencies: ["FediCommands", "FediHTTPCurl", "FediKeyring"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),

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
