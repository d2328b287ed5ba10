import Foundation
@testable import NLCal
import NLCalTestSupport
import Testing

/// Runs the built `nlcal` binary for the end-to-end tests of emitters and plugins.
enum EmitE2E {
    /// The package root: the first folder above this file holding Package.swift.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    static var binary: URL { root.appendingPathComponent(".build/debug/nlcal") }
    static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures/plugins") }

    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
        var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The reference context most tests use.
    static let tokyo = ["--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo"]

    /// Runs nlcal with `args` (stdin from `input`), with no user plugins unless `env` sets some.
    static func run(_ args: [String], input: String = "", env: [String: String] = [:]) throws -> Output {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Missing(description: "nlcal binary not found at \(binary.path): run `swift build` before the end-to-end tests")
        }
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"), errURL = tmp.appendingPathComponent("err")
        try Data(input.utf8).write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = tmp.appendingPathComponent("config").path  // no user plugins
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        p.standardInput = try FileHandle(forReadingFrom: inURL)
        p.standardOutput = try FileHandle(forWritingTo: outURL)
        p.standardError = try FileHandle(forWritingTo: errURL)
        try p.run()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: try Data(contentsOf: outURL),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Whether python3 can import icalendar (the ICS consumer the tests check against).
    static let hasICalendar: Bool = {
        guard let p = try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", "import icalendar"]) else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    static let hasPython: Bool = {
        guard let p = try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", "pass"]) else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()
}

@Suite("Emitters") struct EmitterTests {
    // MARK: JSON strings

    /// Every character that needs an escape, at every offset of strings long enough to be
    /// checked a word (eight bytes) at a time, next to bytes that must pass unchanged.
    @Test(arguments: ["\"", "\\", "\n", "\r", "\t", "\u{00}", "\u{01}", "\u{1F}", " ", "~", "é", "日", "🎉", "\u{7F}"])
    func jsonStringEscapes(special: String) {
        func reference(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where u.value < 0x20:
                    let hex = Array("0123456789abcdef")
                    out += "\\u00" + String(hex[Int(u.value >> 4)]) + String(hex[Int(u.value & 0xF)])
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        }
        let filler = "abcdefghijklmnopqrstuvwx"
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 24] {
            let base = String(filler.prefix(length))
            for k in 0...length {
                let s = String(base.prefix(k)) + special + String(base.dropFirst(k))
                #expect(JSON.string(s).serialized() == reference(s), "\(s.debugDescription)")
                let twice = s + special + s
                #expect(JSON.string(twice).serialized() == reference(twice), "\(twice.debugDescription)")
            }
        }
    }

    /// The JSON emitter writes results directly (ResultWriter); its bytes must be those of the
    /// result's JSON tree, serialized, for every golden case (ambiguities, warnings, zones,
    /// recurrences, spans) with and without an id, in batch mode and not.
    @Test func directJSONMatchesTheTree() throws {
        let pipeline = try Pipeline(grammar: Fixture.grammar)
        let single = JSONEmitter(EmitterOptions())
        let batch = JSONEmitter(EmitterOptions(batch: true))
        var compared = 0
        for path in try GoldenFile.discover([GoldenSupport.goldenDirectory.path]) {
            for c in try GoldenFile.load(path: path).cases {
                let r = try pipeline.parse(c.text, context: Fixture.context(c.now, c.tz, locale: c.locale))
                #expect(try single.emit(r, id: nil) == r.json().serialized(), "\(c.text)")
                #expect(try single.emit(r, id: "a \"quoted\" id") == r.json(id: "a \"quoted\" id").serialized(), "\(c.text)")
                guard case .object(let members) = r.json() else { Issue.record("not an object"); continue }
                #expect(try batch.emit(r, id: nil) == JSON.object([("id", .null)] + members).serialized(), "\(c.text)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    // MARK: ICS lexical rules

    @Test func textEscaping() {
        #expect(ICSText.escape("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf")
        #expect(ICSText.escape("bell\u{07}tab\t") == "belltab\t")
    }

    @Test func parameterQuoting() {
        #expect(ICSText.parameter("Alex") == "Alex")
        #expect(ICSText.parameter("Mori, Aiko") == "\"Mori, Aiko\"")
        #expect(ICSText.parameter("say \"hi\"") == "say 'hi'")
    }

    @Test(arguments: [
        String(repeating: "a", count: 200),
        "SUMMARY:" + String(repeating: "日本語テキスト", count: 20),
        "SUMMARY:" + String(repeating: "🎉x", count: 50),
        "LOCATION:short",
    ])
    func foldingKeepsOctetLimitAndUTF8(line: String) throws {
        let folded = ICSText.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        for (i, p) in physical.enumerated() {
            #expect(p.utf8.count <= 75, "line \(i) has \(p.utf8.count) octets")
            if i > 0 { #expect(p.hasPrefix(" ")) }
            // Each physical line is valid UTF-8 on its own: no sequence was split.
            #expect(String(validating: Array(p.utf8), as: UTF8.self) != nil)
        }
        let unfolded = physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined()
        #expect(unfolded == line)
    }

    @Test func offsetsAndDates() {
        #expect(ICSText.offset(9 * 3600) == "+0900")
        #expect(ICSText.offset(-(3 * 3600 + 30 * 60)) == "-0330")
        #expect(ICSText.utc(0) == "19700101T000000Z")
    }

    @Test func untilIsRewrittenForDTSTART() throws {
        let ny = try #require(Zone(identifier: "America/New_York"))
        #expect(ICSEmitter.rrule("FREQ=WEEKLY;UNTIL=20260401", allDay: false, zone: ny) == "FREQ=WEEKLY;UNTIL=20260402T035959Z")
        #expect(ICSEmitter.rrule("FREQ=DAILY;UNTIL=20260401T120000Z", allDay: true, zone: ny) == "FREQ=DAILY;UNTIL=20260401")
        #expect(ICSEmitter.rrule("FREQ=WEEKLY;BYDAY=MO", allDay: false, zone: ny) == "FREQ=WEEKLY;BYDAY=MO")
    }

    // MARK: tool-call and tool-schema

    @Test func toolCallArgumentsAreTheEventAndMatchTheSchema() throws {
        let text = "Lunch with Alex next Tue 1pm @Shibuya"
        let call = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "tool-call", text])
        #expect(call.status == 0, "\(call.stderr)")
        let json = try JSON.parse(call.stdout)
        #expect(json["type"] == .string("function"))
        #expect(json["id"]?.stringValue?.hasPrefix("call_") == true)
        #expect(json["function"]?["name"] == .string("parse_event"))
        let arguments = try #require(json["function"]?["arguments"]?.stringValue)
        let event = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "event", text])
        #expect(try JSON.parse(arguments) == JSON.parse(event.stdout))

        let schema = try EmitE2E.run(["tool-schema", "--parameters-only"])
        #expect(schema.status == 0)
        let validator = try JSONSchemaValidator(schemaData: schema.stdout)
        let errors = try validator.validate(jsonData: Data(arguments.utf8))
        #expect(errors.isEmpty, "\(errors)")

        let full = try JSON.parse(try EmitE2E.run(["tool-schema"]).stdout)
        #expect(full["type"] == .string("function"))
        #expect(full["function"]?["parameters"] == (try JSON.parse(schema.stdout)))
    }

    @Test func toolCallIdIsStableAndBatchIdIsKept() throws {
        let a = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "tool-call", "tea 3pm"])
        let b = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "tool-call", "tea 3pm"])
        #expect(a.stdout == b.stdout)
        let batch = try EmitE2E.run(["parse", "--jsonl", "--format", "tool-call"] + EmitE2E.tokyo,
                                    input: "{\"id\":\"r1\",\"text\":\"tea 3pm\"}\n{\"id\":\"r2\",\"text\":\"buy milk\"}\n")
        #expect(batch.lines.count == 2)
        #expect(try JSON.parse(batch.lines[0])["id"] == .string("r1"))
        let missing = try JSON.parse(batch.lines[1])
        #expect(missing["id"] == .string("r2"))
        #expect(missing["error"]?["code"] == .string("no-event"))
        #expect(batch.status == 1)
    }

    @Test func noEventIsAnErrorNamingTheText() throws {
        for format in ["ics", "tool-call"] {
            let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", format, "buy oat milk"])
            #expect(r.status != 0)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("\"buy oat milk\""), "\(r.stderr)")
        }
    }

    @Test func unknownFormatListsTheChoices() throws {
        let r = try EmitE2E.run(["parse"] + EmitE2E.tokyo + ["--format", "xml", "tea 3pm"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown --format 'xml'") && r.stderr.contains("tool-call"), "\(r.stderr)")
    }

    @Test func jsonAndEventFormatsKeepTheBatchShape() throws {
        let input = "{\"id\":\"x\",\"text\":\"tea 3pm\"}\n{\"text\":\"tea 4pm\"}\n"
        let json = try EmitE2E.run(["parse", "--jsonl"] + EmitE2E.tokyo, input: input)
        #expect(json.lines.count == 2)
        #expect(try JSON.parse(json.lines[0])["id"] == .string("x"))
        #expect(try JSON.parse(json.lines[1])["id"] == .null)
        let event = try EmitE2E.run(["parse", "--jsonl", "--format", "event"] + EmitE2E.tokyo, input: input)
        #expect(try JSON.parse(event.lines[0])["event"]?["title"] == .string("Tea"))
    }
}
