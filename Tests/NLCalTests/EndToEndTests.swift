import Foundation
import NLCalTestSupport
import Testing
@testable import NLCal

/// Runs the built `nlcal` binary as a user would and checks stdout, stderr and exit status.
@Suite(.serialized) struct EndToEndTests {
    let tokyo = ["--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo"]

    func json(_ s: String) throws -> JSON { try JSON.parse(s) }

    @Test func headlineExampleThroughTheBinary() throws {
        let r = try Fixture.run(["parse"] + tokyo + ["Lunch with Alex next Tue 1pm @Shibuya"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let out = try json(r.stdout)
        #expect(out["event"]?["title"]?.stringValue == "Lunch with Alex")
        #expect(out["event"]?["start"]?.stringValue == "2026-03-17T13:00:00+09:00")
        #expect(out["event"]?["end"]?.stringValue == "2026-03-17T14:00:00+09:00")
        #expect(out["event"]?["location"]?.stringValue == "Shibuya")
        #expect(out["event"]?["attendees"] == .array([.object([("name", .string("Alex"))])]))
    }

    @Test func defaultSubcommandAndStdin() throws {
        let r = try Fixture.run(tokyo, stdin: Data("dentist tomorrow 3:30pm\n".utf8))
        #expect(r.status == 0)
        let out = try json(r.stdout)
        #expect(out["event"]?["start"]?.stringValue == "2026-03-12T15:30:00+09:00")
        #expect(out["event"]?["title"]?.stringValue == "Dentist")
    }

    @Test func batchProtocol() throws {
        let input = """
        {"id":"a","text":"tomorrow 3pm","ref":"2013-02-12T04:30:00-02:00","tz":"Etc/GMT+2"}
        not json
        {"id":"c","text":""}
        {"id":"d","text":"in 2 hours","ref":"2026-03-11T09:15:00","tz":"Mars/Base"}
        {"id":"e","text":"standup 9:30","ref":"2026-03-11T08:00:00+09:00","tz":"Asia/Tokyo"}

        """
        let r = try Fixture.run(["parse", "--jsonl"], stdin: Data(input.utf8))
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let a = try json(lines[0])
        #expect(a["id"]?.stringValue == "a")
        #expect(a["time"] == .object([("kind", .string("instant")), ("value", .string("2013-02-13T15:00:00-02:00")), ("grain", .string("hour"))]))
        let bad = try json(lines[1])
        #expect(bad["id"] == .null)
        #expect(bad["error"]?["code"]?.stringValue == "invalid-json")
        #expect(try json(lines[2])["error"]?["code"]?.stringValue == "empty-text")
        let zone = try json(lines[3])
        #expect(zone["id"]?.stringValue == "d")
        #expect(zone["error"]?["message"]?.stringValue?.contains("Mars/Base") == true)
        #expect(try json(lines[4])["event"]?["start"]?.stringValue == "2026-03-11T09:30:00+09:00")
        #expect(r.status == 1)
        #expect(r.stderr.contains("3 line(s) had errors"))
    }

    @Test func badInputFailsClearly() throws {
        let cases: [([String], Data?, String)] = [
            (["parse"] + tokyo + ["   "], nil, "empty text"),
            (["parse", "--tz", "Mars/Base", "lunch at noon"], nil, "unknown time zone 'Mars/Base'"),
            (["parse", "--now", "yesterday-ish", "lunch at noon"], nil, "invalid reference time 'yesterday-ish'"),
            (["parse", "--grammars", "/nonexistent/dir", "lunch at noon"], nil, "/nonexistent/dir"),
            (["parse", "--locale", "e!", "lunch at noon"], nil, "invalid locale 'e!'"),
            (["parse", "--next-weekday", "soonish", "lunch at noon"], nil, "invalid --next-weekday 'soonish'"),
            (["parse"] + tokyo, Data([0x6C, 0x75, 0xFF, 0xFE, 0x0A]), "stdin is not valid UTF-8"),
        ]
        for (args, stdin, message) in cases {
            let r = try Fixture.run(args, stdin: stdin ?? Data())
            #expect(r.status != 0, "\(args)")
            #expect(r.stdout.isEmpty, "\(args): stdout must stay empty")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): one line")
        }
    }

    @Test func brokenGrammarDirectoryNamesFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# extra rules\nrule fortnight-from-now -> date: a fortnite from <nowww> => in($2)\n".write(to: dir.appendingPathComponent("extra.rules"), atomically: true, encoding: .utf8)
        let r = try Fixture.run(["parse", "--grammars", dir.path] + tokyo + ["lunch at noon"])
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("extra.rules:2:"))
        #expect(r.stderr.contains("unknown category '<nowww>'"))
    }

    @Test func userGrammarAddsAPhrasing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-extra-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "rule fortnight-from-now -> date: (a|one) fortnight from now => in-fortnight\n"
            .replacingOccurrences(of: "in-fortnight", with: "today(14)")
            .write(to: dir.appendingPathComponent("extra.rules"), atomically: true, encoding: .utf8)
        let r = try Fixture.run(["parse", "--grammars", dir.path] + tokyo + ["retro a fortnight from now"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try json(r.stdout)["event"]?["start"]?.stringValue == "2026-03-25T00:00:00+09:00")
    }

    @Test func grammarsAreFoundFromAnyDirectory() throws {
        let r = try Fixture.run(["parse"] + tokyo + ["tomorrow 3pm"], cwd: URL(fileURLWithPath: "/"))
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func verboseLogsStagesToStderr() throws {
        let r = try Fixture.run(["parse", "--verbose"] + tokyo + ["Lunch with Alex next Tue 1pm @Shibuya"])
        #expect(r.status == 0)
        for stage in ["tokenize", "datetime", "location", "attendees", "title", "validation"] {
            #expect(r.stderr.contains("[nlcal] \(stage)"), "\(stage)")
        }
        #expect(r.stderr.contains("µs"))
        _ = try json(r.stdout)
    }

    @Test func noTimeOffersChips() throws {
        let r = try Fixture.run(["parse"] + tokyo + ["buy oat milk and bread"])
        #expect(r.status == 0)
        let out = try json(r.stdout)
        #expect(out["event"] == .null)
        #expect(out["time"] == .object([("kind", .string("none"))]))
        guard case .array(let chips)? = out["ambiguities"]?[0]?["chips"] else { Issue.record("no chips"); return }
        #expect(chips.compactMap { $0["label"]?.stringValue } == ["Today 6pm", "Tomorrow 9am", "Pick…"])
    }

    @Test func realOutputsMatchTheSchema() throws {
        let validator = try JSONSchemaValidator(contentsOf: Fixture.packageRoot.appendingPathComponent("schema/parse-result.schema.json"))
        let texts = ["Lunch with Alex next Tue 1pm @Shibuya", "buy oat milk", "Ski trip Feb 21–23 in Niseko", "standup every weekday 9:30-9:45 on Zoom",
                     "Return library books at 9", "Review with sre@example.org tomorrow 15:00", "Interview 4/9 14:00", "last 2 weeks", "from 2 pm"]
        for t in texts {
            let r = try Fixture.run(["parse", "--explain"] + tokyo + [t])
            let problems = try validator.validate(jsonData: Data(r.stdout.utf8))
            #expect(problems.isEmpty, "\(t): \(problems)")
        }
        let errorValidator = try JSONSchemaValidator(contentsOf: Fixture.packageRoot.appendingPathComponent("schema/batch-error.schema.json"))
        let r = try Fixture.run(["parse", "--jsonl"], stdin: Data("{\"id\":\"x\"}\n".utf8))
        #expect(try errorValidator.validate(jsonData: Data(r.stdout.utf8)).isEmpty)
    }
}

@Suite(.serialized) struct BatchJobsTests {
    @Test func jobsKeepTheInputOrder() throws {
        var input = ""
        let texts = ["tomorrow 3pm", "not json", "Lunch with Alex next Tue 1pm @Shibuya", "buy milk", "Dentist 2/27 4:30pm"]
        for i in 0..<200 {
            let t = texts[i % texts.count]
            input += t == "not json" ? "not json\n" : "{\"id\":\"\(i)\",\"text\":\"\(t)\",\"ref\":\"2026-02-16T08:30:00+09:00\",\"tz\":\"Asia/Tokyo\"}\n"
        }
        let one = try Fixture.run(["parse", "--jsonl"], stdin: Data(input.utf8))
        let four = try Fixture.run(["parse", "--jsonl", "--jobs", "4"], stdin: Data(input.utf8))
        #expect(one.stdout == four.stdout)
        #expect(four.stdout.split(separator: "\n").count == 200)
        #expect(four.status == 1)
        let bad = try Fixture.run(["parse", "--jsonl", "--jobs", "0"], stdin: Data())
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("invalid --jobs 0"))
    }
}
