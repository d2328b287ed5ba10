import Foundation
import Testing
@testable import NLCal

/// Paths and helpers for the golden and grammar-tool tests.
enum GoldenSupport {
    static let packageRoot = Fixture.packageRoot

    static let goldenDirectory = packageRoot.appendingPathComponent("Tests/Golden")
    static let grammarDirectory = packageRoot.appendingPathComponent("Grammars/en")
    static var binary: URL { Fixture.binary }

    /// Every shipped golden file, by name.
    static var goldenFiles: [String] {
        ((try? GoldenFile.discover([goldenDirectory.path])) ?? []).map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    /// A runner over the shipped grammar.
    static func runner() -> GoldenRunner { GoldenRunner(grammarDirectories: [grammarDirectory]) }

    /// The shipped grammar files as loader sources (name, text, layer 0).
    static func shippedSources() throws -> [(String, String, Int)] {
        try FileManager.default.contentsOfDirectory(atPath: grammarDirectory.path)
            .filter { $0.hasSuffix(".lex") || $0.hasSuffix(".rules") }.sorted()
            .map { ($0, try String(contentsOf: grammarDirectory.appendingPathComponent($0), encoding: .utf8), 0) }
    }

    /// A fresh scratch folder.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    typealias Run = Fixture.Run

    /// Runs the built `nlcal` binary in `cwd`.
    static func run(_ args: [String], cwd: URL? = nil) throws -> Run {
        try Fixture.run(args, cwd: cwd)
    }

    static let passingCase = """
        case: Lunch tomorrow at noon
        now: 2026-03-11T09:15:00
        tz: Asia/Tokyo
        expect:
        {}
        """
}

@Suite("Golden files")
struct GoldenFileTests {
    /// Every golden file passes: each failing case is listed with its diff.
    @Test(arguments: GoldenSupport.goldenFiles)
    func goldenFilePasses(_ name: String) throws {
        let path = GoldenSupport.goldenDirectory.appendingPathComponent(name).path
        let report = try GoldenSupport.runner().run(paths: [path])
        #expect(!report.outcomes.isEmpty, "\(name) has no cases")
        let failures = report.failures.map(\.report).joined(separator: "\n")
        #expect(report.failures.isEmpty, "\(report.summary)\n\(failures)")
    }

    @Test func thereAreEnoughGoldenCases() throws {
        let report = try GoldenSupport.runner().run(paths: [GoldenSupport.goldenDirectory.path])
        #expect(report.outcomes.count >= 300)
    }

    /// Golden files are kept in the layout `golden update --all` writes, so diffs stay small.
    @Test(arguments: GoldenSupport.goldenFiles)
    func goldenFileIsCanonical(_ name: String) throws {
        let path = GoldenSupport.goldenDirectory.appendingPathComponent(name).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try GoldenFile.parse(text, path: path).rendered() == text)
    }

    @Test func parsesHeadersPoliciesAndQuotedText() throws {
        let text = """
            # top comment

            # about the case
            case: "  spaced  "
            now: 2026-03-11T09:15:00
            tz: Asia/Tokyo
            locale: en-GB
            policies: next-weekday=following-week date-order=day-first
            note: checked by hand
            expect:
            {"event": null}
            """
        let file = try GoldenFile.parse(text, path: "t.golden")
        #expect(file.header == ["# top comment"])
        let c = try #require(file.cases.first)
        #expect(c.text == "  spaced  ")
        #expect(c.comments == ["# about the case"])
        #expect(c.locale == "en-GB")
        #expect(c.note == "checked by hand")
        let p = try c.makePolicies()
        #expect(p.nextWeekday == .followingWeek)
        #expect(p.dateOrder == .dayFirst)
        #expect(c.expected == .object([("event", .null)]))
        #expect(c.line == 4)
        #expect(file.rendered().contains("case: \"  spaced  \"\n"))
    }

    @Test func reportsMalformedFilesWithLine() {
        let text = "case: x\nnow: 2026-03-11T09:15:00\ntz: UTC\nexpect:\n{\"event\": \n"
        #expect(throws: GoldenError.self) { try GoldenFile.parse(text, path: "bad.golden") }
        do {
            _ = try GoldenFile.parse("case: x\nwhen: now\n", path: "bad.golden")
            Issue.record("expected an error")
        } catch let e as GoldenError {
            #expect(e.description == "bad.golden:2: unknown header 'when' (known: case, now, tz, locale, policies, note, expect)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func rendersShortValuesOnOneLine() {
        let json = JSON.object([("time", .object([("kind", .string("instant")), ("grain", .string("hour"))])), ("spans", .array([]))])
        #expect(GoldenJSON.render(json) == "{\"time\": {\"kind\": \"instant\", \"grain\": \"hour\"}, \"spans\": []}")
    }
}

@Suite("Line diff")
struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(old: ["a", "b"], new: ["a", "b"], oldName: "x", newName: "y") == "")
    }

    @Test func unifiedDiffOfOneChange() {
        let old = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        var new = old
        new[4] = "five"
        let diff = LineDiff.unified(old: old, new: new, oldName: "expected", newName: "actual")
        #expect(diff == """
            --- expected
            +++ actual
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    @Test func editsAreMinimal() {
        let a = Array("ABCABBA").map(String.init), b = Array("CBABAC").map(String.init)
        let e = LineDiff.edits(a, b)
        let changes = e.filter { if case .same = $0 { return false }; return true }.count
        #expect(changes == 5)  // Myers' classic example: D = 5
        // Applying the script gives b back.
        var rebuilt: [String] = []
        for x in e { switch x { case .same(let s), .insert(let s): rebuilt.append(s); case .delete: break } }
        #expect(rebuilt == b)
    }

    @Test func separateHunksForDistantChanges() {
        let old = (1...30).map(String.init)
        var new = old
        new[1] = "two"
        new[27] = "twenty-eight"
        let diff = LineDiff.unified(old: old, new: new, oldName: "e", newName: "a")
        #expect(diff.components(separatedBy: "\n@@ ").count == 3)
        #expect(diff.contains("@@ -1,5 +1,5 @@"))
        #expect(diff.contains("-28\n+twenty-eight"))
    }
}

@Suite("Golden catches regressions")
struct GoldenRegressionTests {
    /// A rule edit that changes another case's output fails `golden run`, with a diff.
    @Test func ruleChangeIsCaught() throws {
        // Override the shipped `tonight` rule so that "tonight" starts at 21:00 instead of 20:00.
        var sources = try GoldenSupport.shippedSources()
        sources.append(("override.rules", "rule tonight -> daypart: <tonight-word> => day-part(18-24@21, tonight)\n", 1))
        let grammar = try GrammarLoader.load(sources: sources, locale: "en")
        let runner = GoldenRunner { _ in try Pipeline(grammar: grammar) }
        let report = try runner.run(paths: [GoldenSupport.goldenDirectory.appendingPathComponent("parts-of-day.golden").path])
        let failing = report.failures.map(\.goldenCase.text)
        #expect(failing.contains("Party tonight"))
        let diff = try #require(report.failures.first { $0.goldenCase.text == "Party tonight" }).diff
        #expect(diff.contains("-    \"start\": \"2026-03-11T20:00:00+09:00\","))
        #expect(diff.contains("+    \"start\": \"2026-03-11T21:00:00+09:00\","))
        #expect(report.summary.hasSuffix("\(failing.count) failed"))
    }

    @Test func updateRewritesOnlyFailingCases() throws {
        let dir = try GoldenSupport.scratch()
        let path = dir.appendingPathComponent("t.golden").path
        try (GoldenSupport.passingCase + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let runner = GoldenSupport.runner()
        #expect(try runner.run(paths: [path]).failures.count == 1)
        let changed = try runner.update(paths: [path])
        #expect(changed.count == 1)
        #expect(try runner.run(paths: [path]).failures.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"start\": \"2026-03-12T12:00:00+09:00\""))
        // Nothing is left behind by the atomic write.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.golden"])
        #expect(try runner.update(paths: [path]).isEmpty)
    }
}

@Suite("nlcal golden (end to end)")
struct GoldenCommandTests {
    @Test func runPrintsDiffAndSummaryAndFails() throws {
        let dir = try GoldenSupport.scratch()
        let good = try GoldenSupport.runner().actual(GoldenCase(text: "Lunch tomorrow at noon", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo"))
        var ok = GoldenCase(text: "Lunch tomorrow at noon", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo")
        ok.expected = good
        var bad = GoldenCase(text: "Dinner tomorrow at 8", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo")
        bad.expected = good
        try GoldenFile(path: dir.appendingPathComponent("a.golden").path, cases: [ok, bad]).write()

        let r = try GoldenSupport.run(["golden", "run", dir.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL \(dir.appendingPathComponent("a.golden").path):"))
        #expect(r.stdout.contains("--- expected\n+++ actual\n@@ "))
        #expect(r.stdout.contains("+    \"title\": \"Dinner\","))
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"))

        let u = try GoldenSupport.run(["golden", "update", dir.path])
        #expect(u.status == 0)
        #expect(u.stdout.hasSuffix("1 case(s) updated\n"))
        let again = try GoldenSupport.run(["golden", "run", dir.path])
        #expect(again.status == 0)
        #expect(again.stdout == "2 passed, 0 failed\n")
    }

    @Test func addRecordsACaseWithPolicies() throws {
        let dir = try GoldenSupport.scratch()
        let file = dir.appendingPathComponent("new.golden").path
        let r = try GoldenSupport.run(["golden", "add", "Lunch next Thursday", "--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo",
                                       "--next-weekday", "following-week", "--file", file])
        #expect(r.status == 0, "\(r.stderr)")
        let golden = try GoldenFile.load(path: file)
        let c = try #require(golden.cases.first)
        #expect(c.text == "Lunch next Thursday")
        #expect(c.policies.map { "\($0)=\($1)" } == ["next-weekday=following-week"])
        #expect(c.expected["event"]?["start"] == .string("2026-03-19T00:00:00+09:00"))
        #expect(try GoldenSupport.run(["golden", "run", file]).status == 0)
    }

    @Test func addNeedsAFixedContext() throws {
        let r = try GoldenSupport.run(["golden", "add", "Lunch tomorrow", "--file", "/nonexistent/x.golden"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("give --now and --tz"))
    }

    @Test func explainNamesRulesAndLosers() throws {
        let r = try GoldenSupport.run(["parse", "--explain", "--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo", "Lunch with Alex next Tue 1pm @Shibuya"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("start 'next Tue 1pm' [16,28)"))
        #expect(r.stderr.contains("'next Tue 1pm' date-time -> time (composition.rules:"))
        #expect(r.stderr.contains("lost: 'next Tue' [next-date] covered by longer 'next Tue 1pm' [date-time]"))
        let json = try JSON.parse(r.stdout)
        guard case .array(let trace)? = json["trace"] else { Issue.record("no trace"); return }
        #expect(trace.contains { $0["message"]?.stringValue?.hasPrefix("lost: ") == true })
    }
}
