// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fedictl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fedictl", targets: ["fedictl"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // System libraries: the only C we link. Each has a small shim because the C APIs are variadic.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        .systemLibrary(name: "CLibSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .target(name: "CSecretShim", dependencies: ["CLibSecret"]),

        // Core: models, API adapters, HTTP semantics, logins. Never prints, never reads a terminal.
        .target(name: "FediCore"),
        // Rendering: table / TSV / JSON / NDJSON / CSV.
        .target(name: "FediOutput", dependencies: ["FediCore"]),
        // Adapters: the only targets that import C.
        .target(name: "FediHTTPCurl", dependencies: ["FediCore", "CCurlShim"]),
        .target(name: "FediKeyring", dependencies: ["FediCore", "CSecretShim"]),
        // The command tree.
        .target(name: "FediCommands", dependencies: [
            "FediCore", "FediOutput",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "fedictl", dependencies: ["FediCommands", "FediHTTPCurl", "FediKeyring"]),

        .target(name: "FediTestSupport", dependencies: ["FediCore", "FediOutput", "FediCommands", "FediHTTPCurl"]),

        .testTarget(name: "FediCoreTests", dependencies: ["FediCore", "FediTestSupport"]),
        .testTarget(name: "FediOutputTests", dependencies: ["FediOutput", "FediTestSupport"]),
        .testTarget(name: "FediCommandsTests", dependencies: ["FediCommands", "FediTestSupport"]),
        .testTarget(name: "FediIntegrationTests", dependencies: ["FediCommands", "FediHTTPCurl", "FediTestSupport"]),
        .testTarget(name: "FediKeyringTests", dependencies: ["FediKeyring", "FediTestSupport"]),
    ]
)
