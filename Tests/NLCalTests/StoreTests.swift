import Foundation
@testable import NLCal
import GRDB
import Testing
import NLCalStore

/// A temporary folder with a store path, removed when the test ends.
final class TempStore {
    let dir: URL
    var path: String { dir.appendingPathComponent("nlcal.sqlite").path }

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    static let tokyo = ["--now", "2026-03-11T09:15:00", "--tz", "Asia/Tokyo"]

    /// Runs `nlcal SUBCOMMAND --store PATH ARGS…`.
    func run(_ sub: String, _ args: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> Fixture.Run {
        try Fixture.run([sub, "--store", path] + args, stdin: stdin, environment: environment)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// The store through the real binary: add, agenda, calendars, rm, edit, conflicts, chips,
/// JSON input, concurrency, and refusing corrupt or newer stores.
@Suite(.serialized) struct StoreTests {
    let tokyo = TempStore.tokyo

    func object(_ r: Fixture.Run) throws -> JSON { try JSON.parse(r.stdout) }

    @Test func addThenAgendaCalendarsEditRm() throws {
        let s = try TempStore()
        let a = try s.run("add", tokyo + ["Lunch with Alex next Tue 1pm @Shibuya"])
        #expect(a.status == 0, "\(a.stderr)")
        let ev = try object(a)
        let uid = try #require(ev["uid"]?.stringValue)
        #expect(UUID(uuidString: uid) != nil)
        #expect(ev["start"]?.stringValue == "2026-03-17T13:00:00+09:00")
        #expect(ev["text"]?.stringValue == "Lunch with Alex next Tue 1pm @Shibuya")
        #expect(ev["calendar"]?.stringValue == "Personal")
        let w = try s.run("add", tokyo + ["--calendar", "Work", "--yes", "standup every weekday 9:30-9:45 on Zoom"])
        #expect(w.status == 0, "\(w.stderr)")
        let cals = try object(try s.run("calendars", ["--json"]))
        #expect(cals["calendars"] == .array([.object([("name", .string("Personal")), ("events", .int(1))]),
                                             .object([("name", .string("Work")), ("events", .int(1))])]))
        // The week from Wed 11th: 5 standups (Wed–Fri, Mon, Tue) + lunch.
        let ag = try object(try s.run("agenda", tokyo + ["week", "--json"]))
        guard case .array(let occ)? = ag["occurrences"] else { Issue.record("no occurrences"); return }
        #expect(occ.count == 6)
        let starts = occ.map { $0["occurrenceStart"]?.stringValue ?? "" }
        #expect(starts.contains("2026-03-17T13:00:00+09:00"))
        let work = try object(try s.run("agenda", tokyo + ["--calendar", "work", "--from", "2026-03-16", "--to", "2026-03-17", "--json"]))
        #expect(work["occurrences"]?[0]?["occurrenceStart"]?.stringValue == "2026-03-16T09:30:00+09:00")
        // Edit keeps the UID, re-parses relative to --now.
        let e = try s.run("edit", tokyo + [uid, "Lunch with Alex Friday 12:30"])
        #expect(e.status == 0, "\(e.stderr)")
        #expect(try object(e)["uid"]?.stringValue == uid)
        #expect(try object(e)["start"]?.stringValue == "2026-03-13T12:30:00+09:00")
        let rm = try s.run("rm", [uid])
        #expect(rm.status == 0)
        #expect(try s.run("rm", [uid]).status != 0)
        #expect(try s.run("edit", tokyo + [uid, "x tomorrow"]).stderr.contains("no event with uid"))
    }

    @Test func conflictGetsAChipAndAScriptCanMoveIt() throws {
        let s = try TempStore()
        #expect(try s.run("add", tokyo + ["Lunch with Alex next Tue 1pm"]).status == 0)
        // No terminal, no --yes: refuses, lists the chips, saves nothing.
        let refused = try s.run("add", tokyo + ["Call with Bo next Tue 1:30pm"])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("Overlaps 'Lunch with Alex' (13:00–14:00)"))
        #expect(refused.stderr.contains("conflict/keep (pre-selected)"))
        #expect(refused.stderr.contains("conflict/next-free"))
        #expect(refused.stdout.isEmpty)
        // --choose moves it to the next free slot of the same length.
        let moved = try s.run("add", tokyo + ["--choose", "conflict/next-free", "Call with Bo next Tue 1:30pm"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(try object(moved)["start"]?.stringValue == "2026-03-17T14:00:00+09:00")
        // A slot that does not fit before 18:00 moves to the next weekday morning (Fri 6pm → Mon 9am).
        #expect(try s.run("add", tokyo + ["--yes", "Deep work Friday 4pm-6pm"]).status == 0)
        let late = try s.run("add", tokyo + ["--choose", "conflict/next-free", "Review Friday 5pm for 2 hours"])
        #expect(try object(late)["start"]?.stringValue == "2026-03-16T09:00:00+09:00")
        // --yes keeps the pre-selected time, with the warning on stderr.
        let kept = try s.run("add", tokyo + ["--yes", "Call with Bo next Tue 1:30pm"])
        #expect(kept.status == 0)
        #expect(kept.stderr.contains("warning: Overlaps"))
        #expect(try object(kept)["start"]?.stringValue == "2026-03-17T13:30:00+09:00")
        // Other calendars do not conflict.
        #expect(try s.run("add", tokyo + ["--calendar", "Work", "Sync next Tue 1pm"]).status == 0)
    }

    @Test func conflictStageInThePipeline() throws {
        let zone = Zone(identifier: "Asia/Tokyo")!
        let busyStart = ISOTimestamp.parse("2026-03-17T13:00:00", zone: zone)!
        let busy = CalendarEvent(uid: "b", title: "Lunch", start: busyStart, end: busyStart + 3600, timeZone: "Asia/Tokyo")
        let pipeline = try Pipeline(grammar: Fixture.grammar)
        pipeline.insert(ConflictStage(events: [busy]), after: "validation")
        let r = try pipeline.parse("Call next Tue 1:30pm", context: Fixture.context("2026-03-11T09:15:00", "Asia/Tokyo"))
        let a = try #require(r.state.ambiguities.first { $0.id == "conflict" })
        #expect(a.chips.map(\.id) == ["conflict/keep", "conflict/next-free"])
        #expect(JSON.object(a.chips[1].patch)["start"]?.stringValue == "2026-03-17T14:00:00+09:00")
        #expect(r.state.warnings.map(\.code) == ["conflict"])
        // No overlap, no chip.
        let free = try pipeline.parse("Call next Tue 3pm", context: Fixture.context("2026-03-11T09:15:00", "Asia/Tokyo"))
        #expect(!free.state.ambiguities.contains { $0.id == "conflict" })
    }

    @Test func noTimeNeedsAChoiceAndChipsCanGiveOne() throws {
        let s = try TempStore()
        let r = try s.run("add", tokyo + ["Call mom"])
        #expect(r.status == 4)
        #expect(r.stderr.contains("no-time/today-6pm"))
        let y = try s.run("add", tokyo + ["--yes", "Call mom"])
        #expect(y.status != 0)
        #expect(y.stderr.contains("no date or time found"))
        let c = try s.run("add", tokyo + ["--choose", "no-time/tomorrow-9am", "Call mom"])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(try object(c)["start"]?.stringValue == "2026-03-12T09:00:00+09:00")
    }

    @Test func addJSONTakesAParseResultOrABareEvent() throws {
        let s = try TempStore()
        let parsed = try Fixture.run(["parse"] + tokyo + ["Dinner with Kim Friday 7pm at Ginza"])
        let a = try s.run("add", ["--json", "--yes"], stdin: Data(parsed.stdout.utf8))
        #expect(a.status == 0, "\(a.stderr)")
        #expect(try object(a)["title"]?.stringValue == "Dinner with Kim")
        #expect(try object(a)["text"]?.stringValue == "Dinner with Kim Friday 7pm at Ginza")
        let bare = #"{"title":"Flight","start":"2026-04-02T08:00:00+09:00","end":"2026-04-02T11:00:00+09:00","timeZone":"Asia/Tokyo","uid":"flight-1"}"#
        let b = try s.run("add", ["--json", "--calendar", "Trips"], stdin: Data(bare.utf8))
        #expect(b.status == 0, "\(b.stderr)")
        #expect(try object(b)["uid"]?.stringValue == "flight-1")
        #expect(try object(b)["calendar"]?.stringValue == "Trips")
        let again = try s.run("add", ["--json", "--calendar", "Trips"], stdin: Data(bare.utf8))
        #expect(again.status != 0)
        #expect(again.stderr.contains("already exists"))
        #expect(try s.run("add", ["--json"], stdin: Data("not json".utf8)).status != 0)
    }

    @Test func twoProcessesAddingAtOnceBothLand() throws {
        let s = try TempStore()
        // Twice: onto a fresh file (both may create the schema) and onto an existing store.
        for round in 0..<2 {
            let procs = try (0..<4).map { i -> Process in
                let p = Process()
                p.executableURL = Fixture.binary
                p.arguments = ["add", "--store", s.path, "--yes", "--calendar", "C\(i % 2)"] + tokyo + ["Task \(["red", "blue"][round]) \(["alpha", "bravo", "charlie", "delta"][i]) tomorrow \(9 + i)am"]
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle(forWritingAtPath: try s.file("err\(round)-\(i)", ""))
                p.standardInput = FileHandle.nullDevice
                try p.run()
                return p
            }
            for p in procs { p.waitUntilExit() }
            for (i, p) in procs.enumerated() {
                let err = try String(contentsOfFile: s.dir.appendingPathComponent("err\(round)-\(i)").path, encoding: .utf8)
                #expect(p.terminationStatus == 0, "round \(round) process \(i): \(err)")
            }
        }
        let cals = try object(try s.run("calendars", ["--json"]))
        #expect(cals["calendars"] == .array([
            .object([("name", .string("C0")), ("events", .int(4))]),
            .object([("name", .string("C1")), ("events", .int(4))]),
            .object([("name", .string("Personal")), ("events", .int(0))]),
        ]))
    }

    @Test func aCorruptStoreIsRefusedAndLeftAlone() throws {
        let s = try TempStore()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: s.path))
        for args in [["add", "--yes"] + tokyo + ["x tomorrow 9am"], ["agenda", "--json"], ["calendars"]] {
            let r = try Fixture.run([args[0], "--store", s.path] + args.dropFirst())
            #expect(r.status != 0)
            #expect(r.stderr.contains("is not an nlcal store"), "\(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: s.path)) == garbage)
        // A valid header over garbage pages is reported as corrupt, too.
        var fake = Data("SQLite format 3\u{0}".utf8)
        fake.append(garbage)
        try fake.write(to: URL(fileURLWithPath: s.path))
        let r = try s.run("calendars", [])
        #expect(r.status != 0)
        #expect(r.stderr.contains("corrupt") || r.stderr.contains("not an nlcal store"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: s.path)) == fake)
    }

    @Test func aStoreFromTheFutureIsRefused() throws {
        let s = try TempStore()
        #expect(try s.run("add", tokyo + ["Lunch tomorrow noon"]).status == 0)
        // A newer nlcal ran a migration this build does not know.
        do {
            let q = try DatabaseQueue(path: s.path)
            try q.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v7-reminders')")
                try db.execute(sql: "CREATE TABLE reminder (id INTEGER PRIMARY KEY)")
            }
            try q.close()
        }
        let r = try s.run("agenda", ["--json"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("newer nlcal"), "\(r.stderr)")
        #expect(r.stderr.contains("v7-reminders"))
        // user_version from the future, alone.
        let s2 = try TempStore()
        #expect(try s2.run("calendars", []).status == 0)
        do {
            let q = try DatabaseQueue(path: s2.path)
            try q.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 9") }
            try q.close()
        }
        let r2 = try s2.run("add", tokyo + ["--yes", "x tomorrow 9am"])
        #expect(r2.status != 0)
        #expect(r2.stderr.contains("schema version 9"), "\(r2.stderr)")
        // Another program's database is not taken over.
        let s3 = try TempStore()
        do {
            let q = try DatabaseQueue(path: s3.path)
            try q.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
            try q.close()
        }
        let r3 = try s3.run("calendars", [])
        #expect(r3.status != 0)
        #expect(r3.stderr.contains("not an nlcal store"), "\(r3.stderr)")
    }

    @Test func defaultPathFollowsXDG() throws {
        let s = try TempStore()
        #expect(EventStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]) == "/x/data/nlcal/nlcal.sqlite")
        #expect(EventStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/nlcal/nlcal.sqlite")
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = s.dir.path
        let r = try Fixture.run(["add", "--yes"] + tokyo + ["Gym tomorrow 7am"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.dir.appendingPathComponent("nlcal/nlcal.sqlite").path))
    }
}
