import Foundation
import Testing
@testable import NLCal

/// Reading iCalendar from other apps, and the export → import round trip through the binary.
@Suite(.serialized) struct ICSImportTests {
    let tokyo = Zone(identifier: "Asia/Tokyo")!

    static let sample = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example Corp//Calendar//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:a1@example.com\r
        DTSTAMP:20260301T120000Z\r
        DTSTART;TZID=Europe/Berlin:20260320T150000\r
        DTEND;TZID=Europe/Berlin:20260320T163000\r
        SUMMARY:Design review\\, round 2\r
        LOCATION:Room 4\\; east wing\r
        DESCRIPTION:Bring the mock-ups\\nand the numbers. This line is long enough to be fol\r
         ded by the other app.\r
        ATTENDEE;CN="Doe, Jane";ROLE=REQ-PARTICIPANT:mailto:jane@example.com\r
        ATTENDEE:mailto:bo@example.com\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:a2@example.com\r
        DTSTART:20260321T010000Z\r
        DURATION:PT45M\r
        SUMMARY:UTC call\r
        RRULE:FREQ=WEEKLY;COUNT=3\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:a3@example.com\r
        DTSTART;VALUE=DATE:20260401\r
        DTEND;VALUE=DATE:20260403\r
        SUMMARY:Conference\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:a4@example.com\r
        DTSTART;TZID=/citadel.org/20070227_1/America/New_York:20260310T090000\r
        SUMMARY:Zone by path\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func readsZonesDatesTextAndAttendees() throws {
        let cs = try ICSReader.components(Self.sample)
        #expect(cs.count == 4)
        let evs = try cs.map { try ICSReader.event(from: $0, calendar: "Work", defaultZone: tokyo) }
        let berlin = Zone(identifier: "Europe/Berlin")!
        #expect(evs[0].uid == "a1@example.com")
        #expect(berlin.iso(evs[0].start) == "2026-03-20T15:00:00+01:00")
        #expect(evs[0].end - evs[0].start == 90 * 60)
        #expect(evs[0].timeZone == "Europe/Berlin")
        #expect(evs[0].title == "Design review, round 2")
        #expect(evs[0].location == "Room 4; east wing")
        #expect(evs[0].notes == "Bring the mock-ups\nand the numbers. This line is long enough to be folded by the other app.")
        #expect(evs[0].attendees == [Attendee(name: "Doe, Jane", email: "jane@example.com"), Attendee(email: "bo@example.com")])
        #expect(tokyo.iso(evs[1].start) == "2026-03-21T10:00:00+09:00")
        #expect(evs[1].duration == 45 * 60)
        #expect(evs[1].recurrence == "FREQ=WEEKLY;COUNT=3")
        #expect(evs[2].allDay)
        #expect(tokyo.iso(evs[2].start) == "2026-04-01T00:00:00+09:00")
        #expect(tokyo.iso(evs[2].end) == "2026-04-03T00:00:00+09:00")
        #expect(evs[3].timeZone == "America/New_York")
        #expect(evs[3].start == evs[3].end)
    }

    @Test func structuralAndEventErrorsNameTheLine() throws {
        #expect(throws: CalendarDataError.self) { try ICSReader.components("hello") }
        #expect(throws: CalendarDataError.self) { try ICSReader.components("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\n") }
        let cs = try ICSReader.components("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:2026031\nEND:VEVENT\nEND:VCALENDAR\n")
        do {
            _ = try ICSReader.event(from: cs[0], calendar: "P", defaultZone: tokyo)
            Issue.record("expected an error")
        } catch let e as CalendarDataError {
            #expect(e.description.hasPrefix("line 4:"))
        }
    }

    @Test func writerOutputReadsBackTheSame() throws {
        let ev = CalendarEvent(uid: "u-1", calendar: "Personal", title: "Lunch; with, Alex", start: 1_773_720_000, end: 1_773_723_600,
                               timeZone: "Asia/Tokyo", location: "Shibuya", attendees: [Attendee(name: "Alex")],
                               notes: "two\nlines", recurrence: "FREQ=WEEKLY;BYDAY=TU", sourceText: "Lunch with Alex next Tue 1pm")
        let text = ICSWriter.document([ev], stamp: 0)
        let back = try ICSReader.event(from: try ICSReader.components(text)[0], calendar: "Personal", defaultZone: Zone(identifier: "UTC")!)
        #expect(back == ev)
    }

    @Test func importExportRoundTripIsIdempotent() throws {
        let s = try TempStore()
        let file = try s.file("in.ics", Self.sample)
        let r1 = try s.run("import", ["--calendar", "Work", "--tz", "Asia/Tokyo", file])
        #expect(r1.status == 0, "\(r1.stderr)")
        #expect(r1.stdout.contains("4 added, 0 updated, 0 unchanged"))
        let r2 = try s.run("import", ["--calendar", "Work", "--tz", "Asia/Tokyo", file])
        #expect(r2.stdout.contains("0 added, 0 updated, 4 unchanged"))
        // Export, then import the export into a fresh store: the same events come back.
        let exp = try s.run("export", ["--ics", "--calendar", "Work"])
        #expect(exp.status == 0)
        #expect(exp.stdout.contains("BEGIN:VTIMEZONE"))
        #expect(exp.stdout.contains("UID:a1@example.com"))
        let s2 = try TempStore()
        let r3 = try s2.run("import", ["--calendar", "Work", "--tz", "Asia/Tokyo", try s2.file("exp.ics", exp.stdout)])
        #expect(r3.stdout.contains("4 added"))
        let a1 = try s.run("agenda", ["--json", "--tz", "Asia/Tokyo", "--from", "2026-03-01", "--to", "2026-05-01"])
        let a2 = try s2.run("agenda", ["--json", "--tz", "Asia/Tokyo", "--from", "2026-03-01", "--to", "2026-05-01"])
        #expect(a1.stdout == a2.stdout)
        // The weekly UTC call expands to its three occurrences.
        let occ = try JSON.parse(a1.stdout)["occurrences"]
        guard case .array(let items)? = occ else { Issue.record("no occurrences"); return }
        #expect(items.filter { $0["uid"]?.stringValue == "a2@example.com" }.count == 3)
        // Changing an event in the file updates it in place.
        let changed = Self.sample.replacingOccurrences(of: "SUMMARY:UTC call", with: "SUMMARY:UTC sync")
        let r4 = try s.run("import", ["--calendar", "Work", "--tz", "Asia/Tokyo", try s.file("changed.ics", changed)])
        #expect(r4.stdout.contains("0 added, 1 updated, 3 unchanged"))
    }

    @Test func aBrokenThirdEventKeepsWhatWasThere() throws {
        let s = try TempStore()
        let add = try s.run("add", TempStore.tokyo + ["--yes", "Dentist tomorrow 3pm"])
        #expect(add.status == 0, "\(add.stderr)")
        let broken = Self.sample.replacingOccurrences(of: "DTSTART;VALUE=DATE:20260401", with: "DTSTART;VALUE=DATE:2026-04-01x")
        let r = try s.run("import", ["--tz", "Asia/Tokyo", try s.file("broken.ics", broken)])
        #expect(r.status != 0)
        #expect(r.stderr.contains("line 33"))
        #expect(r.stderr.contains("nothing was imported"))
        let cals = try JSON.parse(try s.run("calendars", ["--json"]).stdout)
        #expect(cals["calendars"] == .array([.object([("name", .string("Personal")), ("events", .int(1))])]))
    }
}
