import Testing
@testable import NLCal

/// Resolution on DST change days: the events corpus conventions (gap → moved forward,
/// overlap → first occurrence, durations are elapsed time, all-day spans local midnights).
@Suite struct ResolutionDSTTests {
    @Test func springForwardGapInNewYork() throws {
        let r = try Fixture.parse("Server migration Sunday 2:15am", now: "2026-03-07T10:00:00", tz: "America/New_York")
        #expect(r.startISO == "2026-03-08T03:15:00-04:00")
        #expect(r.ambiguityIDs.contains("dst-gap"))
    }

    @Test func springForwardGapInBerlin() throws {
        let r = try Fixture.parse("Flight lands Sunday 02:45", now: "2026-03-28T11:00:00", tz: "Europe/Berlin")
        #expect(r.startISO == "2026-03-29T03:45:00+02:00")
        #expect(r.ambiguityIDs.contains("dst-gap"))
    }

    @Test func fallBackOverlapTakesTheFirstAndEndsElapsed() throws {
        let r = try Fixture.parse("Sunday 1:15am rideshare to LGA", now: "2026-10-29T19:00:00", tz: "America/New_York")
        #expect(r.startISO == "2026-11-01T01:15:00-04:00")
        #expect(r.endISO == "2026-11-01T01:15:00-05:00")
        #expect(r.ambiguityIDs.contains("dst-overlap"))
    }

    @Test func fallBackInBerlin() throws {
        let r = try Fixture.parse("Backup Sunday 02:30", now: "2026-10-22T10:00:00", tz: "Europe/Berlin")
        #expect(r.startISO == "2026-10-25T02:30:00+02:00")
        #expect(r.ambiguityIDs.contains("dst-overlap"))
    }

    @Test func allDayOnShortAndLongDays() throws {
        let short = try Fixture.parse("Spring cleaning Sunday", now: "2026-03-28T11:00:00", tz: "Europe/Berlin")
        #expect(short.startISO == "2026-03-29T00:00:00+01:00")
        #expect(short.endISO == "2026-03-30T00:00:00+02:00")
        #expect(short.event?.allDay == true)
        let long = try Fixture.parse("Reset thermostat Sunday", now: "2026-10-29T19:00:00", tz: "America/New_York")
        #expect(long.startISO == "2026-11-01T00:00:00-04:00")
        #expect(long.endISO == "2026-11-02T00:00:00-05:00")
    }

    @Test func rangesAcrossTransitionsKeepWallTimes() throws {
        let r = try Fixture.parse("Overnight hackathon tonight 10pm to 6am", now: "2026-03-07T10:00:00", tz: "America/Los_Angeles")
        #expect(r.startISO == "2026-03-07T22:00:00-08:00")
        #expect(r.endISO == "2026-03-08T06:00:00-07:00")
        let shift = try Fixture.parse("ER shift Sat 9pm to Sun 5am", now: "2026-10-29T19:00:00", tz: "America/New_York")
        #expect(shift.startISO == "2026-10-31T21:00:00-04:00")
        #expect(shift.endISO == "2026-11-01T05:00:00-05:00")
    }

    @Test func elapsedDurationsCrossTheChange() throws {
        let r = try Fixture.parse("Party Saturday 11pm for 4 hours", now: "2026-03-05T10:00:00", tz: "America/New_York")
        #expect(r.startISO == "2026-03-07T23:00:00-05:00")
        #expect(r.endISO == "2026-03-08T04:00:00-04:00")
    }

    @Test func inHoursIsElapsed() throws {
        let r = try Fixture.parse("check the oven in 2 hours", now: "2026-03-08T01:30:00", tz: "America/New_York")
        #expect(r.startISO == "2026-03-08T04:30:00-04:00")
    }
}

@Suite struct ResolutionPolicyTests {
    @Test func headlineExample() throws {
        let r = try Fixture.parse("Lunch with Alex next Tue 1pm @Shibuya", now: "2026-03-11T09:15:00", tz: "Asia/Tokyo")
        #expect(r.event?.title == "Lunch with Alex")
        #expect(r.startISO == "2026-03-17T13:00:00+09:00")
        #expect(r.endISO == "2026-03-17T14:00:00+09:00")
        #expect(r.event?.location == "Shibuya")
        #expect(r.event?.attendees == [Attendee(name: "Alex")])
        #expect(r.timeJSON() == .object([("kind", .string("instant")), ("value", .string("2026-03-17T13:00:00+09:00")), ("grain", .string("hour"))]))
    }

    @Test func futurePreferenceForABareTime() throws {
        let r = try Fixture.parse("Pick up costume at 5", now: "2026-10-29T19:00:00", tz: "America/New_York")
        #expect(r.startISO == "2026-10-30T17:00:00-04:00")
        #expect(r.ambiguityIDs.contains("time-passed"))
    }

    @Test func nextWeekdayPolicy() throws {
        // Said on Monday 2026-02-16.
        var p = Policies()
        let a = try Fixture.parse("Planning next Thursday 10am", now: "2026-02-16T08:30:00", tz: "Asia/Tokyo", policies: p)
        #expect(a.startISO == "2026-02-19T10:00:00+09:00")
        #expect(a.ambiguityIDs.contains("next-weekday"))
        p.nextWeekday = .followingWeek
        let b = try Fixture.parse("Planning next Thursday 10am", now: "2026-02-16T08:30:00", tz: "Asia/Tokyo", policies: p)
        #expect(b.startISO == "2026-02-26T10:00:00+09:00")
    }

    @Test func sameWeekdayPolicy() throws {
        var p = Policies()
        let a = try Fixture.parse("Lunch Friday at 1", now: "2026-07-10T12:30:00", tz: "Australia/Sydney", policies: p)
        #expect(a.startISO == "2026-07-10T13:00:00+10:00")
        #expect(a.ambiguityIDs.contains("same-weekday"))
        p.sameWeekday = .nextWeek
        let b = try Fixture.parse("Lunch Friday at 1", now: "2026-07-10T12:30:00", tz: "Australia/Sydney", policies: p)
        #expect(b.startISO == "2026-07-17T13:00:00+10:00")
    }

    @Test func weekStartPolicy() throws {
        var p = Policies()
        p.weekStart = 7
        let r = try Fixture.parse("this week", now: "2026-11-22T10:00:00", tz: "UTC", policies: p)
        #expect(r.timeJSON()["value"]?.stringValue == "2026-11-22T00:00:00+00:00")
        let monday = try Fixture.parse("this week", now: "2026-11-22T10:00:00", tz: "UTC")
        #expect(monday.timeJSON()["value"]?.stringValue == "2026-11-16T00:00:00+00:00")
    }

    @Test func dateOrderFollowsTheLocale() throws {
        let us = try Fixture.parse("Physio 2/11 at 09:45", now: "2026-10-23T16:00:00", tz: "Europe/London", locale: "en-US")
        #expect(us.startISO == "2027-02-11T09:45:00+00:00")
        let gb = try Fixture.parse("Physio 2/11 at 09:45", now: "2026-10-23T16:00:00", tz: "Europe/London", locale: "en-GB")
        #expect(gb.startISO == "2026-11-02T09:45:00+00:00")
        let plain = try Fixture.parse("Interview 4/9 14:00", now: "2026-08-19T06:00:00", tz: "UTC", locale: "en")
        #expect(plain.startISO == "2026-09-04T14:00:00+00:00")
        #expect(plain.ambiguityIDs.contains("date-order"))
    }

    @Test func zonesInTheText() throws {
        let r = try Fixture.parse("Product sync Wed 5pm ET", now: "2026-02-16T08:30:00", tz: "Asia/Tokyo")
        #expect(r.startISO == "2026-02-19T07:00:00+09:00")
        let london = try Fixture.parse("Call Mon 2pm Boston time", now: "2026-10-23T16:00:00", tz: "Europe/London")
        #expect(london.startISO == "2026-10-26T18:00:00+00:00")
    }
}
