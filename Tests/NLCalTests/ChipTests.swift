import Foundation
import Testing
@testable import NLCal

/// End-to-end tests of every chip kind through the built binary: the ambiguity is raised,
/// `parse --choose` applies the other chip, and `nlcal resolve` on the saved result gives the
/// same event.
@Suite struct ChipTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var text: String
        var now: String
        var tz: String
        var locale = "en"
        /// The chip to choose (not the pre-selected one); nil when the ambiguity has only one.
        var choose: String?
        var testDescription: String { "\(kind): \(text)" }
    }

    static let cases: [Case] = [
        Case(kind: "time-of-day", text: "Call at 9", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "time-of-day/other"),
        Case(kind: "time-passed", text: "Call at 9", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "time-passed/today"),
        Case(kind: "date-passed", text: "Exam March 1", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "date-passed/this-year"),
        Case(kind: "same-weekday", text: "Lunch Wednesday", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "same-weekday/next-week"),
        Case(kind: "next-weekday", text: "Lunch next Thursday", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "next-weekday/other"),
        Case(kind: "date-order", text: "Exam 3/5", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "date-order/other"),
        Case(kind: "dst-gap", text: "Backup March 8 2:30am", now: "2026-03-05T09:00:00", tz: "America/New_York", choose: "dst-gap/earlier"),
        Case(kind: "dst-overlap", text: "Backup Nov 1 1:30am", now: "2026-10-28T09:00:00", tz: "America/New_York", choose: "dst-overlap/second"),
        Case(kind: "midnight", text: "Deploy Friday midnight", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "midnight/start-of-day"),
        Case(kind: "zone-abbreviation", text: "Webinar 9am EST", now: "2026-07-10T09:00:00", tz: "Europe/London", choose: "zone-abbreviation/keep"),
        Case(kind: "no-time", text: "Think about the roadmap", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo", choose: "no-time/tomorrow-9am"),
        Case(kind: "recurrence", text: "Lawn bowls every second Wednesday arvo", now: "2026-09-29T10:00:00", tz: "Australia/Sydney", choose: "recurrence/monthly"),
    ]

    static func parse(_ c: Case, extra: [String] = []) throws -> (JSON, Fixture.Run) {
        let run = try Fixture.run(["parse", "--now", c.now, "--tz", c.tz, "--locale", c.locale] + extra + [c.text])
        return (try JSON.parse(run.stdout), run)
    }

    static func ambiguity(_ result: JSON, _ id: String) -> JSON? {
        guard case .array(let items)? = result["ambiguities"] else { return nil }
        return items.first { $0["id"]?.stringValue == id }
    }

    @Test(arguments: cases)
    func raisedChosenAndResolved(_ c: Case) throws {
        let (result, run) = try ChipTests.parse(c)
        #expect(run.status == 0)
        let amb = try #require(ChipTests.ambiguity(result, c.kind), "no \(c.kind) ambiguity in \(run.stdout)")
        guard let chipID = c.choose else { return }
        guard case .array(let chips)? = amb["chips"], let chip = chips.first(where: { $0["id"]?.stringValue == chipID }) else {
            Issue.record("no chip \(chipID)"); return
        }
        // --choose merges the patch and drops the ambiguity.
        let (chosen, chosenRun) = try ChipTests.parse(c, extra: ["--choose", chipID])
        #expect(chosenRun.status == 0, "\(chosenRun.stderr)")
        #expect(ChipTests.ambiguity(chosen, c.kind) == nil)
        if let start = chip["patch"]?["start"] {
            #expect(chosen["event"]?["start"] == start)
        }
        if let end = chip["patch"]?["end"] {
            #expect(chosen["event"]?["end"] == end)
        }
        #expect(chosen["time"] == result["time"], "time stays the reading of the text")
        // resolve on the saved result gives the same.
        let resolved = try Fixture.run(["resolve", chipID], stdin: Data(run.stdout.utf8))
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let r = try JSON.parse(resolved.stdout)
        #expect(r["event"] == chosen["event"])
        #expect(r["ambiguities"] == chosen["ambiguities"])
    }

    @Test func movingOnlyTheStartKeepsTheLength() throws {
        let saved = """
        {"text":"x","context":{"now":"2026-03-11T09:15:00+09:00","timeZone":"Asia/Tokyo","locale":"en"},
         "event":{"title":"X","start":"2026-03-11T10:00:00+09:00","end":"2026-03-11T11:30:00+09:00","allDay":false,"timeZone":"Asia/Tokyo","location":null,"attendees":[],"notes":null,"recurrence":null},
         "time":{"kind":"none"},
         "ambiguities":[{"id":"a","field":"start","message":"?","chips":[{"id":"a/later","label":"Later","patch":{"start":"2026-03-11T20:00:00+09:00"}}]}],
         "warnings":[],"spans":[]}
        """
        let run = try Fixture.run(["resolve", "a/later"], stdin: Data(saved.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let r = try JSON.parse(run.stdout)
        #expect(r["event"]?["end"]?.stringValue == "2026-03-11T21:30:00+09:00")
        #expect(r["ambiguities"] == .array([]))
    }

    @Test func unknownChipListsTheValidOnes() throws {
        let c = ChipTests.cases[0]
        let bad = try Fixture.run(["parse", "--now", c.now, "--tz", c.tz, "--choose", "time-of-day/nope", c.text])
        #expect(bad.status != 0)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("unknown chip 'time-of-day/nope'"))
        #expect(bad.stderr.contains("time-of-day/other"))
        let (_, saved) = try ChipTests.parse(c)
        let resolved = try Fixture.run(["resolve", "nope"], stdin: Data(saved.stdout.utf8))
        #expect(resolved.status != 0)
        #expect(resolved.stderr.contains("valid chips: time-of-day/keep"))
    }

    @Test func resolveRejectsWhatIsNotAParseResult() throws {
        for (input, message) in [("not json", "not valid JSON"), ("[1,2]", "not a ParseResult"), ("{\"text\":\"x\"}", "not a ParseResult")] {
            let run = try Fixture.run(["resolve", "a/b"], stdin: Data(input.utf8))
            #expect(run.status != 0)
            #expect(run.stderr.contains(message), "\(input): \(run.stderr)")
        }
    }

    @Test func batchChoosesWhereTheChipExists() throws {
        let lines = "{\"id\":\"a\",\"text\":\"Call at 9\"}\n{\"id\":\"b\",\"text\":\"Lunch tomorrow at noon\"}\n"
        let run = try Fixture.run(["parse", "--jsonl", "--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo", "--choose", "time-of-day/other"], stdin: Data(lines.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout.split(separator: "\n").map { try? JSON.parse(String($0)) }
        #expect(out.count == 2)
        #expect(out[0]?["event"]?["start"]?.stringValue == "2026-03-11T21:00:00+09:00")
        #expect(out[1]?["event"]?["start"]?.stringValue == "2026-03-12T12:00:00+09:00")
    }
}
