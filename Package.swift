// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "nlcal",
    products: [
        .library(name: "NLCal", targets: ["NLCal"]),
        .executable(name: "nlcal", targets: ["nlcal"]),
        // The calendar-store commands (`nlcal add`, `agenda`, …): `nlcal` execs this sibling binary,
        // so parsing does not load SQLite and the networking stack at start.
        .executable(name: "nlcal-store", targets: ["nlcal-store"]),
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
        // What both command-line binaries share: context options, the pipeline cache, errors.
        .target(name: "NLCalCLI", dependencies: ["NLCal", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The thin command-line front end. It must not depend on NLCalStore (see nlcal-store).
        .executableTarget(
            name: "nlcal",
            dependencies: ["NLCal", "NLCalCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            // The Swift runtime and Foundation linked in statically: start-up skips loading and
            // resolving a dozen shared libraries (issue #8). Modules compiled without
            // -static-stdlib do not name Foundation's static helper libraries, hence the list.
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"]),
                .linkedLibrary("CoreFoundation"), .linkedLibrary("_FoundationICU"), .linkedLibrary("_FoundationCShims"),
                .linkedLibrary("_FoundationCollections"), .linkedLibrary("swiftSynchronization"),
            ]
        ),
        // The calendar-store commands, run by `nlcal add …` through exec.
        .executableTarget(
            name: "nlcal-store",
            dependencies: ["NLCal", "NLCalCLI", "NLCalStore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "NLCalTestSupport", path: "Sources/NLCalTestSupport"),
        // Release-build benchmark harness: `swift run -c release nlcal-bench` (see BENCHMARKS.md).
        .executableTarget(name: "nlcal-bench", dependencies: ["NLCal"]),
        .testTarget(name: "NLCalTests", dependencies: ["NLCal", "NLCalStore", "NLCalTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
