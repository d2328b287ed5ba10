// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "nlcal",
    products: [
        .library(name: "NLCal", targets: ["NLCal"]),
        .executable(name: "nlcal", targets: ["nlcal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // The only place that sees ICU headers: Foundation bundles its own ICU, and importing
        // <unicode/*.h> into a Swift module clashes with it. The public header exposes no ICU types.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        // The pipeline: tokenizer, grammar engine, time resolution, entities, validation, emitters.
        .target(name: "NLCal", dependencies: ["CICU"]),
        // The event store: SQLite through GRDB, CalDAV sync. Keeps the core library free of SQLite.
        .target(name: "NLCalStore", dependencies: ["NLCal", .product(name: "GRDB", package: "GRDB.swift")]),
        // The thin command-line front end.
        .executableTarget(
            name: "nlcal",
            dependencies: ["NLCal", "NLCalStore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "NLCalTestSupport", path: "Sources/NLCalTestSupport"),
        // Release-build benchmark harness: `swift run -c release nlcal-bench` (see BENCHMARKS.md).
        .executableTarget(name: "nlcal-bench", dependencies: ["NLCal"]),
        .testTarget(name: "NLCalTests", dependencies: ["NLCal", "NLCalStore", "NLCalTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
