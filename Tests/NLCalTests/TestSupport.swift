import Foundation
@testable import NLCal

/// Shared helpers: the package root, the shipped grammar, and parsing with a fixed context.
enum Fixture {
    static let packageRoot: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    static let grammar: Grammar = {
        // A broken shipped grammar fails every test that uses it, with the loader's message.
        try! GrammarLoader.load(directories: [packageRoot.appendingPathComponent("Grammars/en")], locale: "en")
    }()

    static func context(_ now: String, _ tz: String, locale: String = "en", policies: Policies = Policies()) -> ParseContext {
        let zone = Zone(identifier: tz)!
        return ParseContext(now: ISOTimestamp.parse(now, zone: zone)!, zone: zone, locale: locale, policies: policies)
    }

    static func parse(_ text: String, now: String, tz: String, locale: String = "en", policies: Policies = Policies()) throws -> ParseResult {
        let pipeline = try Pipeline(grammar: grammar)
        return try pipeline.parse(text, context: context(now, tz, locale: locale, policies: policies))
    }

    /// The built `nlcal` binary (tests that run it need `swift build` first, which `swift test` does).
    static var binary: URL {
        for dir in [".build/debug", ".build/release"] {
            let url = packageRoot.appendingPathComponent(dir).appendingPathComponent("nlcal")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/nlcal")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary with arguments and optional stdin bytes.
    static func run(_ args: [String], stdin: Data? = nil, environment: [String: String]? = nil, cwd: URL? = nil) throws -> Run {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let environment { p.environment = environment }
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(stdin) }
        try inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

extension ParseResult {
    var startISO: String? { event?.start.map { context.zone.iso($0) } }
    var endISO: String? { event?.end.map { context.zone.iso($0) } }
    var ambiguityIDs: [String] { state.ambiguities.map(\.id) }
}
