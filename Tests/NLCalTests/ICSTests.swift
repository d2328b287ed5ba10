import Foundation
import NLCal
import Testing

/// iCalendar output checked by a real consumer: Python's `icalendar` package
/// (`pip install 'icalendar>=6'`).
@Suite("ICS", .enabled(if: EmitE2E.hasICalendar, "skipped: python3 with the icalendar package is missing (pip install 'icalendar>=6')"))
struct ICSTests {
    /// The checker: for each case, the ics must parse, hold one VEVENT whose SUMMARY, DTSTART,
    /// DTEND, LOCATION, RRULE and ATTENDEEs match the JSON event, with CRLF lines of at most
    /// 75 octets and a VTIMEZONE that gives the event's offsets. Prints {"checked", "problems"}.
    static let checker = #"""
    import json, sys, datetime, icalendar
    cases = json.load(open(sys.argv[1]))
    problems = []
    def parts(r):
        return dict(p.split("=", 1) for p in r.split(";")) if r else None
    for c in cases:
        cid, ics, ev = c["id"], c["ics"], c["event"]
        def bad(m): problems.append("%s: %s" % (cid, m))
        raw = ics.encode("utf-8")
        if not raw.endswith(b"\r\n"): bad("does not end in CRLF")
        for ln in raw.split(b"\r\n")[:-1]:
            if len(ln) > 75: bad("line longer than 75 octets: %r" % ln[:40])
            if b"\n" in ln or b"\r" in ln: bad("bare CR or LF")
        try:
            cal = icalendar.Calendar.from_ical(ics)
        except Exception as e:
            bad("icalendar cannot parse: %s" % e); continue
        vevents = cal.walk("VEVENT")
        if len(vevents) != 1: bad("%d VEVENTs" % len(vevents)); continue
        v = vevents[0]
        for p in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"):
            if v.get(p) is None: bad("no " + p)
        if str(v.get("SUMMARY")) != ev["title"]: bad("SUMMARY %r != title %r" % (str(v.get("SUMMARY")), ev["title"]))
        loc = v.get("LOCATION"); loc = str(loc) if loc is not None else None
        if loc != ev["location"]: bad("LOCATION %r != %r" % (loc, ev["location"]))
        s, e = v.decoded("DTSTART"), v.decoded("DTEND")
        js, je = datetime.datetime.fromisoformat(ev["start"]), datetime.datetime.fromisoformat(ev["end"])
        if ev["allDay"]:
            if isinstance(s, datetime.datetime) or s != js.date() or e != je.date(): bad("all-day DTSTART/DTEND %s %s != %s %s" % (s, e, ev["start"], ev["end"]))
        else:
            # A TZID form must give the same wall time and offset; a UTC form (UTC zones, and the
            # second occurrence of a repeated local time) the same instant.
            for got, want, name in ((s, js, "DTSTART"), (e, je, "DTEND")):
                if not isinstance(got, datetime.datetime) or got.tzinfo is None: bad("%s not zoned: %r" % (name, got)); continue
                tzid = v[name].params.get("TZID")
                # (PEP 495: == between zones is always False for an ambiguous wall time; compare in UTC.)
                if got.astimezone(datetime.timezone.utc) != want.astimezone(datetime.timezone.utc): bad("%s %s != %s" % (name, got.isoformat(), want.isoformat()))
                if tzid is None:
                    if got.utcoffset() != datetime.timedelta(0): bad("%s neither TZID nor UTC" % name)
                    continue
                if tzid != ev["timeZone"]: bad("TZID %r != %r" % (tzid, ev["timeZone"]))
                if got.utcoffset() != want.utcoffset(): bad("%s offset %s != %s" % (name, got.utcoffset(), want.utcoffset()))
                vtz = [t for t in cal.walk("VTIMEZONE") if str(t["TZID"]) == tzid]
                if len(vtz) != 1: bad("no VTIMEZONE for %s" % tzid); continue
                off = vtz[0].to_tz().utcoffset(got.replace(tzinfo=None))
                if off != want.utcoffset(): bad("VTIMEZONE gives %s offset %s, want %s" % (name, off, want.utcoffset()))
            if ev["timeZone"] in ("UTC", "Etc/UTC") and (v["DTSTART"].params.get("TZID") or cal.walk("VTIMEZONE")): bad("UTC event with a TZID")
        rr = v.get("RRULE")
        got_rr = parts(rr.to_ical().decode()) if rr is not None else None
        if got_rr != parts(ev["recurrence"]): bad("RRULE %r != %r" % (got_rr, ev["recurrence"]))
        atts = v.get("ATTENDEE"); atts = [] if atts is None else (atts if isinstance(atts, list) else [atts])
        if len(atts) != len(ev["attendees"]): bad("%d ATTENDEEs, want %d" % (len(atts), len(ev["attendees"])))
        for a, want in zip(atts, ev["attendees"]):
            if want.get("name") and a.params.get("CN") != want["name"]: bad("ATTENDEE CN %r != %r" % (a.params.get("CN"), want["name"]))
            if want.get("email") and str(a) != "mailto:" + want["email"]: bad("ATTENDEE %r != mailto:%s" % (str(a), want["email"]))
    print(json.dumps({"checked": len(cases), "problems": problems}))
    """#

    /// Runs the checker over cases of (id, ics text, JSON event).
    static func check(_ cases: [(String, String, JSON)]) throws -> (checked: Int, problems: [String]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nlcal-ics-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let payload = JSON.array(cases.map { .object([("id", .string($0.0)), ("ics", .string($0.1)), ("event", $0.2)]) })
        try Data(payload.serialized().utf8).write(to: file)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", checker, file.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let result = try JSON.parse(data)
        guard case .int(let n)? = result["checked"], case .array(let problems)? = result["problems"] else {
            throw EmitE2E.Missing(description: "checker answered \(String(decoding: data, as: UTF8.self))")
        }
        return (n, problems.compactMap(\.stringValue))
    }

    /// dev-events.jsonl: `$NLCAL_DEV_EVENTS`, else the shared corpus beside the checkout.
    static var corpus: URL? {
        let candidates = [ProcessInfo.processInfo.environment["NLCAL_DEV_EVENTS"].map { URL(fileURLWithPath: $0) },
                          EmitE2E.root.appendingPathComponent("../shared/corpus/dev-events.jsonl"),
                          URL(fileURLWithPath: "/work/shared/corpus/dev-events.jsonl")]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    @Test func everyDevEventRoundTripsThroughICalendar() throws {
        let path = try #require(ICSTests.corpus, "dev-events.jsonl not found (set NLCAL_DEV_EVENTS)")
        let lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n")
        var cases: [(String, String, JSON)] = []
        var noEvent = 0
        for line in lines {
            let c = try JSON.parse(String(line))
            let id = c["id"]?.stringValue ?? "?", text = c["text"]?.stringValue ?? ""
            var args = ["parse"]
            if let ref = c["ref"]?.stringValue { args += ["--now", ref] }
            if let tz = c["tz"]?.stringValue { args += ["--tz", tz] }
            if let loc = c["locale"]?.stringValue { args += ["--locale", loc] }
            let event = try JSON.parse(try EmitE2E.run(args + ["--format", "event", text]).stdout)
            let ics = try EmitE2E.run(args + ["--format", "ics", text])
            if event == .null {
                noEvent += 1
                #expect(ics.status != 0 && ics.stdout.isEmpty, "\(id): no event, yet ics exited \(ics.status)")
                #expect(ics.stderr.contains(text.prefix(40)), "\(id): the error must name the text: \(ics.stderr)")
                continue
            }
            #expect(ics.status == 0, "\(id): \(ics.stderr)")
            cases.append((id, ics.text, event))
        }
        let (checked, problems) = try ICSTests.check(cases)
        #expect(checked == lines.count - noEvent)
        #expect(checked > 100)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func edgeCasesRoundTrip() throws {
        let texts: [(String, String, String)] = [
            ("long", "Planning, budget; review \\ with Alex, Aiko and Takumi next Tue 1pm at Tokyo Midtown Hall " + String(repeating: "long ", count: 20), "Asia/Tokyo"),
            ("unicode", "Café ☕️ mit Jürgen und Zoë morgen 15 Uhr tomorrow 3pm @Schöneberger Straße 日本語 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉", "Europe/Berlin"),
            ("all-day", "Hanami on March 28", "Asia/Tokyo"),
            ("multi-day", "Conference March 3 to 5", "Europe/London"),
            ("utc", "Deploy tomorrow 3pm", "UTC"),
            ("weekly", "Standup every Monday 9:30am", "America/New_York"),
            ("sydney", "Swim every Saturday 7am", "Australia/Sydney"),
            ("fixed-offset", "Call tomorrow 9am", "Etc/GMT+2"),
        ]
        var cases: [(String, String, JSON)] = []
        for (id, text, tz) in texts {
            let args = ["parse", "--now", "2026-03-11T09:15:00", "--tz", tz]
            let event = try JSON.parse(try EmitE2E.run(args + ["--format", "event", text]).stdout)
            guard event != .null else { Issue.record("\(id): no event for \(text)"); continue }
            let ics = try EmitE2E.run(args + ["--format", "ics", text])
            #expect(ics.status == 0, "\(id): \(ics.stderr)")
            cases.append((id, ics.text, event))
        }
        let (_, problems) = try ICSTests.check(cases)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func uidIsStableAndDependsOnTheInput() throws {
        func uid(_ text: String, _ now: String = "2026-03-11T09:15:00") throws -> String? {
            let r = try EmitE2E.run(["parse", "--now", now, "--tz", "Asia/Tokyo", "--format", "ics", text])
            return r.text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }
        }
        let a = try uid("tea 3pm")
        #expect(a != nil)
        #expect(try uid("tea 3pm") == a)
        #expect(try uid("tea 4pm") != a)
        #expect(try uid("tea 3pm", "2026-03-12T09:15:00") != a)
    }

    @Test func batchGivesOneCalendarAndReportsLinesWithoutEvents() throws {
        let input = """
        {"id":"a","text":"Lunch with Alex tomorrow 1pm","tz":"Asia/Tokyo"}
        {"id":"b","text":"buy milk"}
        {"id":"c","text":"Standup every Monday 9:30am","tz":"America/New_York"}
        {"id":"d","text":"Dinner tomorrow 7pm","tz":"Asia/Tokyo"}

        """
        let r = try EmitE2E.run(["parse", "--jsonl", "--format", "ics", "--now", "2026-03-11T09:15:00Z"], input: input)
        #expect(r.status == 1)
        #expect(r.stderr.contains("line 2 (id b)") && r.stderr.contains("no-event"), "\(r.stderr)")
        let text = r.text
        #expect(text.components(separatedBy: "BEGIN:VCALENDAR").count == 2)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 4)
        #expect(text.components(separatedBy: "TZID:Asia/Tokyo\r\n").count == 2, "one VTIMEZONE per zone")
        #expect(text.components(separatedBy: "TZID:America/New_York\r\n").count == 2)
    }
}
