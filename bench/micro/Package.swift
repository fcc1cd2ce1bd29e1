// swift-tools-version:6.0
// bench/micro: fedictl's hand-written parts against what the platform or a library offers, in one
// run each: the parsers (bench/micro/run) and the transfers (bench/transfers). A package of its
// own, so the libraries it compares with are never part of fedictl's build.
import PackageDescription

let package = Package(
    name: "fedictl-micro",
    dependencies: [
        .package(path: "fedictl"),  // a link to the repository, so the package is named fedictl wherever it is cloned
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "fedictl-micro",
            dependencies: [
                .product(name: "FediCore", package: "fedictl"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
                .product(name: "CSV", package: "CSV.swift"),
            ]),
        // libcurl linked directly (apt libcurl4-openssl-dev), for the multi interface on one thread.
        .systemLibrary(name: "CCurlMulti", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CurlMulti", dependencies: [.product(name: "FediCore", package: "fedictl"), "CCurlMulti"]),
        .executableTarget(
            name: "fedictl-transfers",
            dependencies: [
                .product(name: "FediCore", package: "fedictl"),
                .product(name: "FediHTTPCurl", package: "fedictl"),
                "CurlMulti",
            ]),
    ]
)
